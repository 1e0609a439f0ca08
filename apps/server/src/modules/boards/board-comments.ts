import type { Comment, CommentSort, CreateCommentBody, MentionableUser } from '@hookline/contract';
import type { AccessService } from '../access/service.js';
import type { CommentsService } from '../comments/service.js';
import type { LibraryScope } from '../library/scope.js';
import type { BoardLookup } from './board-lookup.js';

/** A board's comments call: the sort and filters, and optionally one item of the board. */
export interface BoardCommentsQuery {
  sort: CommentSort;
  resolved?: boolean | undefined;
  mine?: boolean | undefined;
  assetId?: string | undefined;
}

/**
 * Comments and mentions on a board and about its items: kept by modules/comments, checked
 * here against the board (BoardsService delegates its comment calls here).
 */
export class BoardComments {
  constructor(
    private readonly access: AccessService,
    private readonly comments: CommentsService,
    private readonly lookup: BoardLookup,
  ) {}

  async mentions(s: LibraryScope, id: string): Promise<MentionableUser[]> {
    await this.access.require(s.actor, 'board.comment', [id]);
    return this.comments.mentionableOnBoard(s, await this.lookup.commentBoard(s, id));
  }

  async listComments(s: LibraryScope, id: string, query: BoardCommentsQuery): Promise<Comment[]> {
    await this.access.require(s.actor, 'board.read', [id]);
    const board = await this.lookup.commentBoard(s, id);
    const { assetId, ...rest } = query;
    if (assetId) await this.lookup.itemOnBoard(s, id, assetId, 'query.assetId');
    return this.comments.listOnBoard(s, board, rest, assetId);
  }

  async comment(s: LibraryScope, id: string, body: CreateCommentBody): Promise<Comment> {
    await this.access.require(s.actor, 'board.comment', [id]);
    const board = await this.lookup.commentBoard(s, id);
    const asset = body.assetId ? await this.lookup.itemOnBoard(s, id, body.assetId, 'body.assetId') : null;
    return this.comments.createOnBoard(s, board, asset, body);
  }
}
