import type { BoardInviteBody, ShareRecord } from '@hookline/contract';
import type { AccessService } from '../access/service.js';
import type { LibraryScope } from '../library/scope.js';
import type { SharesService } from '../shares/service.js';
import type { BoardLookup } from './board-lookup.js';

/**
 * Invitations and the presentation link: BOARD shares of the board's backing folder, made
 * through modules/shares (BoardsService delegates its invite and presentation calls here).
 */
export class BoardInvitations {
  constructor(
    private readonly access: AccessService,
    private readonly shares: SharesService,
    private readonly lookup: BoardLookup,
  ) {}

  /** Shares the board with people: read → COMMENTER, write → EDITOR; each is mailed (modules/shares). */
  async invite(s: LibraryScope, id: string, body: BoardInviteBody): Promise<ShareRecord> {
    await this.access.require(s.actor, 'board.invite', [id]);
    const board = await this.lookup.board(s, id);
    return this.shares.create(s, 'BRAND', board.folderId, {
      resourceId: board.folderId,
      library: 'BRAND',
      shares: body.emails,
      shareText: body.message,
      notify: true,
    });
  }

  /** The presentation: the board's public view-only link (made or reused), opening the slides. */
  async presentation(s: LibraryScope, id: string): Promise<{ href: string; shareTokenId: string }> {
    await this.access.require(s.actor, 'board.invite', [id]);
    const board = await this.lookup.board(s, id);
    const record = await this.shares.create(s, 'BRAND', board.folderId, {
      resourceId: board.folderId,
      library: 'BRAND',
      isPublic: true,
      actions: ['read'],
    });
    const link = record.publicShare!;
    return {
      href: link.href.replace(`/boards/${id}?`, `/boards/${id}/present?`),
      shareTokenId: link.shareTokenId,
    };
  }
}
