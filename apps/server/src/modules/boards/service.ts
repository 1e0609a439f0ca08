import {
  type AssetReview,
  BOARD_LIMITS,
  BOARDS_FOLDER_NAME,
  type Board,
  type BoardInviteBody,
  type BoardLocation,
  type BoardReviews,
  type BoardSortField,
  type BoardStatus,
  type Comment,
  type CreateCommentBody,
  type MentionableUser,
  messages,
  plainToRichText,
  type RemoveBoardAssetsResponse,
  type RichText,
  richTextToPlain,
  type ShareRecord,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccessService } from '../access/service.js';
import type { CommentBoard, CommentsService } from '../comments/service.js';
import type { ItemChanges, ItemExtension, LibraryItems } from '../library/items-service.js';
import { actorUserId, type LibraryScope } from '../library/scope.js';
import type { SharesService } from '../shares/service.js';
import type { TagsService } from '../tags/service.js';
import type { TeamService } from '../team/service.js';
import { BoardComments, type BoardCommentsQuery } from './board-comments.js';
import { BoardInvitations } from './board-invitations.js';
import { BoardLookup, fieldError } from './board-lookup.js';
import { type BoardFacts, presentBoard } from './presenter.js';
import type { BoardRow, BoardsRepository, NewBoardRow } from './repository.js';
import { BoardReviewMode } from './reviews.js';

const t = messages.boards;
/** How many of a board's latest items are looked at for one with a thumbnail. */
const THUMBNAIL_CANDIDATES = 5;

interface ListQuery {
  limit: number;
  offset: number;
  sort: BoardSortField;
  order: 'asc' | 'desc';
  isShared?: boolean | undefined;
  mine?: boolean | undefined;
}

interface BoardChanges {
  name?: string | undefined;
  title?: string | undefined;
  description?: string | null | undefined;
  lexicalDescription?: RichText | null | undefined;
  status?: BoardStatus | undefined;
  tags?: string[] | undefined;
  reviewMode?: boolean | undefined;
  reviewerIds?: string[] | undefined;
  autoStatus?: boolean | undefined;
}

/**
 * Boards (000 §3 "Board", §4 "Board status", §7 "Boards"): collections of a brand's items
 * with a status, a plain and a rich description, tags, comments and a backing system folder
 * `Boards/{name}` (made through the library, the only writer of `assets`). Files uploaded to a
 * board land in that folder and on the board; library items added to it are references.
 * A board's shares are BOARD shares of its folder (modules/shares); review mode's decisions
 * may move its status by themselves. Invitations (board-invitations.ts), comments
 * (board-comments.ts) and review mode (reviews.ts) are collaborators built here: every call
 * they take checks its access first, as the calls here do.
 */
export class BoardsService {
  /** Finding a board and its items after a call's access check (board-lookup.ts). */
  private readonly lookup: BoardLookup;
  /** Invitations and the presentation link (board-invitations.ts). */
  private readonly invitations: BoardInvitations;
  /** Comments and mentions on the board (board-comments.ts). */
  private readonly boardComments: BoardComments;
  /** Review mode's calls (reviews.ts). */
  private readonly reviewMode: BoardReviewMode;

  constructor(
    private readonly repository: BoardsRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly shares: SharesService,
    private readonly comments: CommentsService,
    private readonly tags: TagsService,
    team: TeamService,
    mailer: Mailer,
    log: FastifyBaseLogger,
    publicUrl: string,
  ) {
    this.lookup = new BoardLookup(repository, items);
    this.invitations = new BoardInvitations(access, shares, this.lookup);
    this.boardComments = new BoardComments(access, comments, this.lookup);
    this.reviewMode = new BoardReviewMode(
      repository,
      access,
      comments,
      team,
      mailer,
      log,
      publicUrl,
      this.lookup,
    );
  }

  // ── reading ─────────────────────────────────────────────────────────────
  async list(s: LibraryScope, query: ListQuery): Promise<{ items: Board[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const page = { sort: query.sort, order: query.order, limit: query.limit, offset: query.offset };
    if (query.isShared) {
      const me = actorUserId(s.actor);
      const folderIds = me ? await this.shares.boardFoldersSharedWith(me) : [];
      const { rows, total } = await this.repository.list({ ...page, folderIds });
      return { items: await this.present(s.actor, rows), total };
    }
    const createdBy = query.mine ? (actorUserId(s.actor) ?? undefined) : undefined;
    const { rows, total } = await this.repository.list({ ...page, brandId: s.brandId, createdBy });
    // Members of the brand (library.read above): their abilities need no check per board.
    return { items: await this.present(s.actor, rows, { member: true }), total };
  }

  async get(s: LibraryScope, id: string): Promise<Board> {
    await this.access.require(s.actor, 'board.read', [id]);
    const board = await this.lookup.board(s, id);
    return (await this.present(s.actor, [board], { single: true }))[0]!;
  }

  // ── writing ─────────────────────────────────────────────────────────────
  async create(s: LibraryScope, body: BoardChanges & { name: string }): Promise<Board> {
    await this.access.require(s.actor, 'board.create', [s.brandId]);
    const me = actorUserId(s.actor);
    const tagIds = await this.brandTags(s.brandId, body.tags);
    const reviewerIds = body.reviewerIds?.length
      ? await this.reviewMode.checkReviewers(s, null, body.reviewerIds)
      : [];
    const id = uuidv7();
    await this.repository.transaction(async () => {
      await this.repository.lockBrand(s.brandId);
      const scope = { accountId: s.accountId, brandId: s.brandId, library: 'BRAND' as const };
      const root = await this.items.systemFolder(scope, null, BOARDS_FOLDER_NAME, me);
      const folder = await this.items.systemFolder(scope, root.id, body.name, me);
      await this.repository.insert({
        id,
        accountId: s.accountId,
        brandId: s.brandId,
        name: body.name,
        ...descriptionOf(body),
        status: body.status ?? 'DRAFT',
        folderId: folder.id,
        createdBy: me,
        reviewMode: body.reviewMode ?? false,
        reviewerIds,
        autoStatus: body.autoStatus ?? false,
      });
      await this.repository.setTags(id, tagIds);
    });
    return this.get(s, id);
  }

  /** PUT boards/{id}: partial. Renaming renames its folder; a status change is recorded as manual. */
  async update(s: LibraryScope, id: string, body: BoardChanges): Promise<Board> {
    await this.access.require(s.actor, 'board.update', [id]);
    const board = await this.lookup.board(s, id);
    const name = body.name ?? body.title;
    const tagIds = body.tags ? await this.brandTags(s.brandId, body.tags) : undefined;
    const reviewerIds = body.reviewerIds
      ? await this.reviewMode.checkReviewers(s, board, body.reviewerIds)
      : undefined;
    const changes: Partial<NewBoardRow> = { updatedAt: new Date() };
    if (name !== undefined) changes.name = name;
    if (body.description !== undefined || body.lexicalDescription !== undefined)
      Object.assign(changes, descriptionOf(body));
    if (body.status !== undefined && body.status !== board.status)
      Object.assign(changes, {
        status: body.status,
        statusChangedBy: actorUserId(s.actor),
        statusChangedAt: new Date(),
        statusAutomatic: false,
      });
    if (body.reviewMode !== undefined) changes.reviewMode = body.reviewMode;
    if (reviewerIds !== undefined) changes.reviewerIds = reviewerIds;
    if (body.autoStatus !== undefined) changes.autoStatus = body.autoStatus;
    await this.repository.transaction(async () => {
      await this.repository.update(id, changes);
      if (tagIds) await this.repository.setTags(id, tagIds);
      if (name !== undefined && name !== board.name)
        await this.items.changeSystemFolder(s, board.folderId, { name });
    });
    return this.get(s, id);
  }

  /**
   * Deletes a board with its items, comments and shares (its creator or an admin). Its folder
   * becomes an ordinary folder; with deleteUploadedFiles, the files uploaded to the board go too.
   */
  async delete(s: LibraryScope, id: string, deleteUploadedFiles: boolean): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'board.delete', [id]);
    const board = await this.lookup.board(s, id);
    const me = actorUserId(s.actor);
    if (board.createdBy !== me && (await this.accountRole(s)) !== 'admin')
      throw forbidden(t.deleteCreatorOrAdmin);
    await this.repository.transaction(async () => {
      const uploaded = deleteUploadedFiles ? await this.repository.items(id, 'UPLOAD') : [];
      await this.shares.deleteBoardShares(board.folderId);
      await this.repository.delete(id);
      await this.items.changeSystemFolder(s, board.folderId, { isSystem: false });
      if (uploaded.length > 0) await this.items.deleteFiles(uploaded.map((item) => item.assetId));
    });
    return { ok: true };
  }

  /** Takes items off a board; their files stay in the library. */
  async removeAssets(s: LibraryScope, id: string, assetIds: string[]): Promise<RemoveBoardAssetsResponse> {
    await this.access.require(s.actor, 'board.update', [id]);
    await this.lookup.board(s, id);
    const unique = [...new Set(assetIds)];
    const removed = await this.repository.transaction(async () => {
      const gone = await this.repository.removeItems(id, unique);
      if (gone.length > 0) await this.repository.update(id, { updatedAt: new Date() });
      return gone;
    });
    const done = new Set(removed);
    return { removed, failed: unique.filter((assetId) => !done.has(assetId)) };
  }

  /** Shares the board with people: read → COMMENTER, write → EDITOR (board-invitations.ts). */
  invite(s: LibraryScope, id: string, body: BoardInviteBody): Promise<ShareRecord> {
    return this.invitations.invite(s, id, body);
  }

  /** The presentation: the board's public view-only link (board-invitations.ts). */
  presentation(s: LibraryScope, id: string): Promise<{ href: string; shareTokenId: string }> {
    return this.invitations.presentation(s, id);
  }

  /** The boards of the path's brand an item is on: uploaded there (asset) or added (boardAsset). */
  async locations(s: LibraryScope, assetId: string): Promise<BoardLocation[]> {
    await this.access.require(s.actor, 'asset.boards', [assetId]);
    const places = await this.repository.placesOf(s.brandId, assetId);
    const thumbnails = await this.thumbnails(
      s.actor,
      places.map((place) => place.board),
    );
    return places.map(({ board, origin }) => ({
      boardId: board.id,
      boardName: board.name,
      thumbnailUrl: thumbnails.get(board.id) ?? null,
      type: origin === 'UPLOAD' ? 'asset' : 'boardAsset',
    }));
  }

  // ── comments (board-comments.ts) ───────────────────────────────────────
  mentions(s: LibraryScope, id: string): Promise<MentionableUser[]> {
    return this.boardComments.mentions(s, id);
  }

  listComments(s: LibraryScope, id: string, query: BoardCommentsQuery): Promise<Comment[]> {
    return this.boardComments.listComments(s, id, query);
  }

  comment(s: LibraryScope, id: string, body: CreateCommentBody): Promise<Comment> {
    return this.boardComments.comment(s, id, body);
  }

  // ── review mode (reviews.ts) ────────────────────────────────────────────
  reviews(s: LibraryScope, id: string): Promise<BoardReviews> {
    return this.reviewMode.reviews(s, id);
  }

  /** A reviewer's decision on an item of the board; with autoStatus on, the board follows it. */
  review(
    s: LibraryScope,
    id: string,
    assetId: string,
    body: { decision: 'APPROVED' | 'NEEDS_CHANGES'; note?: string | undefined },
  ): Promise<AssetReview> {
    return this.reviewMode.review(s, id, assetId, body);
  }

  // ── what other modules ask ──────────────────────────────────────────────
  /**
   * Uploads into a board (the uploads module): the caller must be able to change the board;
   * the files go into its folder, and `record` puts them on the board in the upload's
   * transaction.
   */
  async uploadTarget(s: LibraryScope, boardId: string) {
    await this.access.require(s.actor, 'board.update', [boardId]);
    const board = await this.lookup.board(s, boardId);
    return {
      folderId: board.folderId,
      record: async (assetIds: string[]) => {
        await this.repository.addItems(board.id, assetIds, 'UPLOAD', actorUserId(s.actor));
        await this.repository.update(board.id, { updatedAt: new Date() });
      },
    };
  }

  /**
   * An item's content was replaced: on every board it is on, its review decisions no longer
   * count ('changed since approval'). Runs in the caller's transaction.
   */
  contentChanged(assetId: string): Promise<void> {
    return this.repository.resetReviewsOf(assetId);
  }

  /** A board as comments need it (comments on boards). */
  commentBoardById(boardId: string): Promise<CommentBoard | undefined> {
    return this.lookup.commentBoardById(boardId);
  }

  /** The board a backing folder belongs to (shares of it are board shares). */
  async boardOfFolder(folderId: string): Promise<string | undefined> {
    return (await this.repository.findByFolder(folderId))?.id;
  }

  /** What boards add to library items: the board listing's subquery, and adding items to a board. */
  itemExtension(): ItemExtension {
    return {
      boardMembers: (boardId) => this.repository.members(boardId),
      update: (s, items, changes) => this.assign(s, items, changes),
    };
  }

  /**
   * The library's bulk update with boardId: items of the board's brand, never folders (the
   * whole call is refused), as references; items already on it are skipped.
   */
  private async assign(s: LibraryScope, items: AssetRow[], changes: ItemChanges): Promise<void> {
    if (!changes.boardId) return;
    // The library checked board.update before its transaction (access reads outside it).
    const board = await this.repository.find(changes.boardId);
    if (!board) throw notFound(t.notFound);
    if (board.brandId !== s.brandId) throw fieldError('updateQuery.boardId', t.otherBrandRefused);
    if (items.some((item) => item.type === 'FOLDER')) throw fieldError('entities', t.foldersRefused);
    const added = await this.repository.addItems(
      board.id,
      items.map((item) => item.id),
      'REFERENCE',
      actorUserId(s.actor),
    );
    if (added.length > 0) await this.repository.update(board.id, { updatedAt: new Date() });
  }

  // ── helpers ─────────────────────────────────────────────────────────────
  private async brandTags(brandId: string, ids: string[] | undefined): Promise<string[]> {
    if (!ids?.length) return [];
    const unique = [...new Set(ids)];
    const found = await this.tags.refs(brandId, unique);
    if (found.length !== unique.length) throw fieldError('body.tags', t.tagsOfBrand);
    return unique;
  }

  private async accountRole(s: LibraryScope): Promise<'admin' | 'member' | null> {
    if (s.actor.kind !== 'user') return null;
    return this.access.accountRole(s.actor, s.accountId).catch(() => null);
  }

  /** Boards as answers show them: counts, thumbnails, tags, comments, breadcrumbs and abilities. */
  private async present(
    actor: Actor,
    rows: BoardRow[],
    { single = false, member = false }: { single?: boolean; member?: boolean } = {},
  ): Promise<Board[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [counts, tagIds, commentCounts, thumbnails, shared, creators] = await Promise.all([
      this.repository.itemCounts(ids),
      this.repository.tagIds(ids),
      this.comments.boardCounts(ids),
      this.thumbnails(actor, rows),
      this.shares.sharedIds(rows.map((row) => row.folderId)),
      this.comments.usersByIds(
        rows.flatMap((row) => [row.createdBy, row.statusChangedBy].filter((id): id is string => Boolean(id))),
      ),
    ]);
    const tagRefs = new Map<string, { id: string; name: string }>();
    for (const brandId of new Set(rows.map((row) => row.brandId))) {
      const wanted = rows.filter((row) => row.brandId === brandId).flatMap((row) => tagIds.get(row.id) ?? []);
      for (const tag of await this.tags.refs(brandId, wanted)) tagRefs.set(tag.id, tag);
    }
    const result: Board[] = [];
    for (const row of rows) {
      const facts: BoardFacts = {
        assetCount: counts.get(row.id)?.all ?? 0,
        uploadedCount: counts.get(row.id)?.uploaded ?? 0,
        comments: commentCounts.get(row.id) ?? 0,
        tags: (tagIds.get(row.id) ?? []).flatMap((id) => tagRefs.get(id) ?? []),
        thumbnailUrl: thumbnails.get(row.id) ?? null,
        isShared: shared.has(row.folderId),
        createdBy: row.createdBy ? userRef(creators.get(row.createdBy)) : null,
        statusChangedBy: row.statusChangedBy ? userRef(creators.get(row.statusChangedBy)) : null,
        locations: single ? await this.locationsOf(row) : [],
        can: await this.abilities(actor, row, member),
      };
      result.push(presentBoard(row, facts));
    }
    return result;
  }

  /** The backing folder's breadcrumbs, root first. */
  private async locationsOf(board: BoardRow) {
    const folder = await this.items.fileById(board.folderId);
    if (!folder) return [];
    const ids = folder.path.split('/').filter(Boolean);
    const crumbs = await this.items.findMany({ accountId: board.accountId, brandId: board.brandId }, ids);
    const byId = new Map(crumbs.map((crumb) => [crumb.id, crumb]));
    return ids.flatMap((id) => {
      const crumb = byId.get(id);
      return crumb ? [{ id: crumb.id, name: crumb.name, isSystem: crumb.isSystem }] : [];
    });
  }

  /** What the actor may do on a board (the web shows actions by it). */
  private async abilities(actor: Actor, board: BoardRow, member: boolean): Promise<Board['can']> {
    // A member of the board's brand has write access there (policy.ts: writer = reader for
    // users); others are decided per board (shares).
    const [update, comment, invite, reviewAllowed] = member
      ? [true, true, true, true]
      : await Promise.all([
          this.access.can(actor, 'board.update', [board.id]),
          this.access.can(actor, 'board.comment', [board.id]),
          this.access.can(actor, 'board.invite', [board.id]),
          this.access.can(actor, 'board.review', [board.id]),
        ]);
    const me = actorUserId(actor);
    const admin =
      actor.kind === 'user' && (actor.isSuperUser || actor.standings.get(board.brandId)?.role === 'admin');
    return {
      update,
      comment,
      invite,
      delete: invite && (admin || (me !== null && board.createdBy === me)),
      review: reviewAllowed && board.reviewMode && me !== null && board.reviewerIds.includes(me),
    };
  }

  /** Each board's latest-added item with a preview, as a signed thumbnail URL. */
  private async thumbnails(actor: Actor, boards: BoardRow[]): Promise<Map<string, string>> {
    const latest = await this.repository.latestItems(
      boards.map((board) => board.id),
      THUMBNAIL_CANDIDATES,
    );
    // One read per brand for every candidate of the page.
    const byId = new Map<string, AssetRow>();
    for (const brandId of new Set(boards.map((board) => board.brandId))) {
      const ofBrand = boards.filter((board) => board.brandId === brandId);
      const ids = ofBrand.flatMap((board) => latest.get(board.id) ?? []);
      if (ids.length === 0) continue;
      const rows = await this.items.findMany({ accountId: ofBrand[0]!.accountId, brandId }, ids);
      for (const row of rows) byId.set(row.id, row);
    }
    const found = new Map<string, string>();
    for (const board of boards) {
      const ids = latest.get(board.id) ?? [];
      for (const id of ids) {
        const row = byId.get(id);
        const url = row && this.items.thumbnailUrl(row, actor);
        if (url) {
          found.set(board.id, url);
          break;
        }
      }
    }
    return found;
  }
}

const userRef = (user: { id: string; firstName: string; lastName: string } | undefined) =>
  user ? { id: user.id, firstName: user.firstName, lastName: user.lastName } : null;

/**
 * The two descriptions kept together: a rich one gives the plain one (a line per block, for
 * search); a plain-only change replaces the rich one with its paragraphs.
 */
function descriptionOf(body: {
  description?: string | null | undefined;
  lexicalDescription?: RichText | null | undefined;
}): { description: string | null; lexicalDescription: RichText | null } {
  if (body.lexicalDescription !== undefined && body.lexicalDescription !== null) {
    const plain = richTextToPlain(body.lexicalDescription).slice(0, BOARD_LIMITS.descriptionMax);
    return { description: plain || null, lexicalDescription: body.lexicalDescription };
  }
  const plain = body.description?.trim() || null;
  return { description: plain, lexicalDescription: plain ? plainToRichText(plain) : null };
}
