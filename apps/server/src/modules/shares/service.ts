import {
  type Asset,
  type CreateShareBody,
  type Library,
  messages,
  SHARE_LIMITS,
  type ShareRecord,
  type UpdateShareBody,
} from '@hookline/contract';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { Actor, UserActor } from '../../platform/http/actor.js';
import { badRequest, notFound, tooManyRequests, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashPassword } from '../../platform/security/passwords.js';
import type { AccessService } from '../access/service.js';
import type { ItemExtension, LibraryItems } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { TeamService } from '../team/service.js';
import type { ShareLinks } from './links-service.js';
import { shareMail } from './mails.js';
import type { NewShareRow, ShareRow, SharesRepository } from './repository.js';
import type { ShareTokens } from './tokens.js';

const t = messages.shares;

/** The web route of an item: a folder's page, or a file in the player (a board's folder: the board). */
export function itemRoute(item: { id: string; type: string }, boardId?: string): string {
  if (boardId) return `/boards/${boardId}`;
  return item.type === 'FOLDER' ? `/library/assets/${item.id}` : `/library/assets/root/${item.id}/overview`;
}

/** The board a backing folder belongs to (the boards module gives the lookup). */
export type BoardOfFolder = (folderId: string) => Promise<string | undefined>;

/**
 * Sharing (000 §4 "Public link and sharing", §6, §7): people and public links on library
 * items and their controls (expiry, password, downloads), shared-with-me. How a share token
 * becomes the caller of a request is in `links` (links-service.ts). Shares resolve from the
 * database on every request, so removing one takes effect at once in every API process.
 */
export class SharesService {
  constructor(
    private readonly repository: SharesRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly team: TeamService,
    private readonly tokens: ShareTokens,
    private readonly mailer: Mailer,
    private readonly config: { publicUrl: string; productName: string },
    /** Share tokens as callers, the policy and unlocking (links-service.ts). */
    readonly links: ShareLinks,
  ) {}

  private boardOf: BoardOfFolder = async () => undefined;

  /**
   * A board's shares are shares of its backing folder with scope BOARD: they reach the board
   * and the items on it (modules/access), and their links and mails open the board.
   */
  useBoards(boardOf: BoardOfFolder): void {
    this.boardOf = boardOf;
  }

  // ── managing an item's shares ───────────────────────────────────────────
  async get(s: LibraryScope, library: Library, id: string): Promise<ShareRecord> {
    await this.access.require(s.actor, 'share.manage', [id]);
    const item = await this.item(s, library, id);
    return this.record(item);
  }

  async create(s: LibraryScope, library: Library, id: string, body: CreateShareBody): Promise<ShareRecord> {
    await this.access.require(s.actor, 'share.manage', [id]);
    if (body.resourceId !== id || body.library !== library) {
      throw validationFailed([{ path: 'resourceId', message: t.resourceMismatch }], t.resourceMismatch);
    }
    const item = await this.item(s, library, id);
    const boardId = item.type === 'FOLDER' ? await this.boardOf(item.id) : undefined;
    const sharer = s.actor as UserActor;
    if (body.isPublic) {
      const existing = (await this.repository.forItem(id)).find((r) => r.share.kind === 'PUBLIC');
      if (existing) {
        await this.applyLinkControls(existing.share, body);
      } else {
        const minted = this.tokens.mint();
        await this.repository.insert([
          {
            ...this.base(item, sharer, boardId),
            kind: 'PUBLIC',
            role: 'VIEWER',
            audience: body.audience ?? 'ANYONE',
            tokenHmac: minted.hmac,
            tokenSealed: minted.sealed,
            expiresAt: body.expiresAt ?? null,
            passwordHash: body.password ? await hashPassword(body.password) : null,
            downloadsAllowed: body.downloadsAllowed ?? true,
          },
        ]);
      }
    }
    if (body.shares?.length) await this.sharePeople(item, sharer, body, boardId);
    return this.record(item);
  }

  private async sharePeople(
    item: AssetRow,
    sharer: UserActor,
    body: CreateShareBody,
    boardId: string | undefined,
  ): Promise<void> {
    const people = body.shares ?? [];
    const existing = await this.repository.forItem(item.id);
    const notify = body.notify ?? true;
    const resolved = await Promise.all(
      people.map(async (p) => ({ ...p, user: await this.team.findUserByEmail(p.email.toLowerCase()) })),
    );
    const invites = resolved.filter((p) => !p.user);
    const mails = invites.length + (notify ? resolved.length - invites.length : 0);
    if (mails > 0) {
      const count = await this.repository.addMails(
        sharer.userId,
        new Date().toISOString().slice(0, 10),
        mails,
      );
      if (count > SHARE_LIMITS.emailsPerDay) throw tooManyRequests(t.tooManyEmails);
    }
    const sharerUser = await this.team.findUser(sharer.userId);
    const sharerName = sharerUser
      ? `${sharerUser.firstName} ${sharerUser.lastName}`.trim()
      : this.config.productName;
    const route = itemRoute(item, boardId);
    const itemLink = `${this.config.publicUrl}${route}?isShared=true&accountId=${item.accountId}&brandId=${item.brandId}`;
    const sends: Parameters<typeof shareMail>[0][] = [];
    await this.repository.transaction(async () => {
      for (const person of resolved) {
        const role = person.action === 'write' ? 'EDITOR' : 'COMMENTER';
        if (person.user) {
          // Sharing again with someone already on the item changes their role.
          const mine = existing.find((r) => r.share.kind === 'PERSON' && r.share.userId === person.user!.id);
          if (mine) await this.repository.update(mine.share.id, { role });
          else
            await this.repository.insert([
              {
                ...this.base(item, sharer, boardId),
                kind: 'PERSON',
                role,
                userId: person.user.id,
                email: person.user.email,
              },
            ]);
          if (notify)
            sends.push({
              to: person.user.email,
              sharer: sharerName,
              item: item.name,
              product: this.config.productName,
              shareText: body.shareText,
              link: itemLink,
              invite: false,
            });
          continue;
        }
        const pending = existing.find(
          (r) => r.share.kind === 'PERSON' && !r.share.userId && r.share.email === person.email.toLowerCase(),
        );
        if (pending) {
          await this.repository.update(pending.share.id, { role });
          continue;
        }
        const invitation = await this.team.createShareInvitation({
          inviterId: sharer.userId,
          accountId: item.accountId,
          brandId: item.brandId,
          email: person.email.toLowerCase(),
        });
        await this.repository.insert([
          {
            ...this.base(item, sharer, boardId),
            kind: 'PERSON',
            role,
            invitationId: invitation.id,
            email: person.email.toLowerCase(),
          },
        ]);
        const next = `${route}?isShared=true&accountId=${item.accountId}&brandId=${item.brandId}`;
        sends.push({
          to: person.email,
          sharer: sharerName,
          item: item.name,
          product: this.config.productName,
          shareText: body.shareText,
          link: `${this.config.publicUrl}/invite-signup?inviteId=${invitation.id}&next=${encodeURIComponent(next)}`,
          invite: true,
        });
      }
    });
    for (const mail of sends) await this.mailer.send(shareMail(mail));
  }

  async update(
    s: LibraryScope,
    library: Library,
    id: string,
    shareId: string,
    body: UpdateShareBody,
  ): Promise<ShareRecord> {
    await this.access.require(s.actor, 'share.manage', [id]);
    const item = await this.item(s, library, id);
    const share = await this.shareOf(item, shareId);
    if (body.userIdsToRevoke?.length) {
      const rows = await this.repository.forItem(item.id);
      await this.repository.delete(
        rows
          .filter(
            (r) =>
              r.share.kind === 'PERSON' && r.share.userId && body.userIdsToRevoke!.includes(r.share.userId),
          )
          .map((r) => r.share.id),
      );
    }
    if (body.action !== undefined) {
      if (share.kind !== 'PERSON')
        throw validationFailed([{ path: 'action', message: t.badAction }], t.badAction);
      await this.repository.update(share.id, { role: body.action === 'write' ? 'EDITOR' : 'COMMENTER' });
    }
    const controls = body.audience ?? body.expiresAt ?? body.password ?? body.downloadsAllowed;
    if (controls !== undefined || body.password === null || body.expiresAt === null) {
      if (share.kind !== 'PUBLIC')
        throw validationFailed([{ path: 'audience', message: t.noLinkForPeople }], t.noLinkForPeople);
      await this.applyLinkControls(share, body);
    }
    return this.record(item);
  }

  private async applyLinkControls(share: ShareRow, body: UpdateShareBody): Promise<void> {
    const changes: Partial<NewShareRow> = {};
    if (body.audience !== undefined) changes.audience = body.audience;
    if (body.expiresAt !== undefined) changes.expiresAt = body.expiresAt;
    if (body.downloadsAllowed !== undefined) changes.downloadsAllowed = body.downloadsAllowed;
    if (body.password !== undefined)
      changes.passwordHash = body.password ? await hashPassword(body.password) : null;
    await this.repository.transaction(async () => {
      if (Object.keys(changes).length > 0) await this.repository.update(share.id, changes);
      // A new or removed password ends the link's sessions.
      if (body.password !== undefined) await this.repository.deleteSessions(share.id);
    });
  }

  async delete(s: LibraryScope, library: Library, id: string, shareId: string): Promise<ShareRecord> {
    await this.access.require(s.actor, 'share.manage', [id]);
    const item = await this.item(s, library, id);
    const share = await this.shareOf(item, shareId);
    await this.repository.delete([share.id]);
    return this.record(item);
  }

  /** A recipient drops an item another brand shared with them. */
  async unshare(s: LibraryScope, library: Library, id: string): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'share.unshare', [id]);
    if (s.actor.kind !== 'user') throw badRequest(t.notSharedWithYou);
    if (await this.access.can(s.actor, 'library.read', [s.brandId])) throw badRequest(t.ownBrandUnshare);
    await this.item(s, library, id);
    const removed = await this.repository.deletePersonShares(s.actor.userId, id);
    if (removed === 0) throw badRequest(t.notSharedWithYou);
    return { ok: true };
  }

  /** GET library/shared: items shared with the caller, newest share first. */
  async sharedWithMe(
    actor: Actor,
    query: { limit: number; offset: number },
  ): Promise<{ items: Asset[]; total: number }> {
    await this.access.require(actor, 'share.list');
    const user = actor as UserActor;
    const rows = await this.repository.sharedWith(user.userId, query.limit, query.offset);
    const total =
      rows[0]?.total ?? (query.offset > 0 ? await this.repository.countSharedWith(user.userId) : 0);
    const byBrand = new Map<string, { accountId: string; ids: string[] }>();
    for (const row of rows) {
      const entry = byBrand.get(row.brandId) ?? { accountId: row.accountId, ids: [] };
      entry.ids.push(row.assetId);
      byBrand.set(row.brandId, entry);
    }
    const presented = new Map<string, Asset>();
    for (const [brandId, { accountId, ids }] of byBrand) {
      for (const item of await this.items.present({ actor, accountId, brandId }, ids))
        presented.set(item.id, item);
    }
    const items = rows.flatMap((row) => {
      const item = presented.get(row.assetId);
      return item
        ? [{ ...item, sharedByUser: row.sharedBy?.id ? row.sharedBy : null, sharedAt: row.sharedAt }]
        : [];
    });
    return { items, total };
  }

  /** Backing folders of the boards shared with a user (boards shared with me). */
  boardFoldersSharedWith(userId: string): Promise<string[]> {
    return this.repository.boardFoldersSharedWith(userId);
  }

  /** Which of these items have a share of their own. */
  sharedIds(ids: string[]): Promise<Set<string>> {
    return this.repository.sharedIds(ids);
  }

  /** A board is deleted: its shares go (its folder becomes an ordinary one). */
  async deleteBoardShares(folderId: string): Promise<void> {
    await this.repository.deleteBoardShares(folderId);
  }

  /** People an item is shared with, for mentions (000 §7 GET /assets/{id}/mentions). */
  peopleSharedOn(item: AssetRow) {
    return this.repository.peopleSharedOn(item);
  }

  /** Binds a share invitation's shares to the person who signed up with it. */
  bindInvitation(invitationId: string, userId: string): Promise<void> {
    return this.repository.bindInvitation(invitationId, userId);
  }

  /** What this module adds to library items: whether each is shared. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.isSharedColumn(assetId),
        read: (shared) => ({ isShared: shared as boolean }),
      },
    };
  }

  // ── helpers ─────────────────────────────────────────────────────────────
  private async item(s: LibraryScope, library: Library, id: string): Promise<AssetRow> {
    const item = await this.items.find({ ...s, library }, id);
    if (!item) throw notFound(messages.library.itemDeleted);
    return item;
  }

  private async shareOf(item: AssetRow, shareId: string): Promise<ShareRow> {
    const share = await this.repository.find(shareId);
    if (!share || share.resourceId !== item.id) throw notFound(t.notFound);
    return share;
  }

  private base(item: AssetRow, sharer: UserActor, boardId: string | undefined) {
    return {
      id: uuidv7(),
      accountId: item.accountId,
      brandId: item.brandId,
      library: item.library,
      scope: boardId ? ('BOARD' as const) : item.type === 'FOLDER' ? ('FOLDER' as const) : ('ASSET' as const),
      resourceId: item.id,
      createdBy: sharer.userId,
    };
  }

  private async record(item: AssetRow): Promise<ShareRecord> {
    const [rows, boardId] = await Promise.all([
      this.repository.forItem(item.id),
      item.type === 'FOLDER' ? this.boardOf(item.id) : undefined,
    ]);
    const link = rows.find((r) => r.share.kind === 'PUBLIC')?.share;
    return {
      sharedWith: rows
        .filter((r) => r.share.kind === 'PERSON')
        .map((r) => ({
          userId: r.user?.id ?? null,
          name: r.user ? `${r.user.firstName} ${r.user.lastName}`.trim() : '',
          email: r.user?.email ?? r.share.email ?? '',
          action: r.share.role === 'EDITOR' ? ('write' as const) : ('read' as const),
          shareTokenId: r.share.id,
        })),
      publicShare: link?.tokenSealed
        ? {
            href: `${this.config.publicUrl}${itemRoute(item, boardId)}?accountId=${item.accountId}&brandId=${item.brandId}&shareToken=${this.tokens.open(link.tokenSealed)}`,
            shareTokenId: link.id,
            audience: link.audience ?? 'ANYONE',
            expiresAt: link.expiresAt,
            hasPassword: Boolean(link.passwordHash),
            downloadsAllowed: link.downloadsAllowed,
            viewCount: link.viewCount,
            lastOpenedAt: link.lastOpenedAt,
          }
        : null,
    };
  }
}
