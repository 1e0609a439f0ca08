import {
  COMMENT_LIMITS,
  COMPANY_EDITOR_MENTION_ID,
  type Comment,
  type CommentSort,
  type CreateCommentBody,
  DAY_MS,
  type Library,
  type MentionableUser,
  mentionedUserIds,
  messages,
  type Reaction,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { badRequest, forbidden, notFound, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccessService } from '../access/service.js';
import type { ItemExtension, LibraryItems } from '../library/items-service.js';
import { actorUserId, type LibraryScope } from '../library/scope.js';
import type { CommentEvents } from './events.js';
import { mentionMail } from './mails.js';
import { type PresentContext, presentReply, presentThread } from './presenter.js';
import type { CommentRow, CommentsRepository, UserRef } from './repository.js';

export const COMMENTS_PURGE_QUEUE = 'COMMENTS_PURGE';

const t = messages.comments;

/** Someone who can see an item: the brand's people (with their role) and people it is shared with. */
type Person = UserRef & { role?: 'admin' | 'member' };
const fieldError = (path: string, message: string) => validationFailed([{ path, message }], message);
const TIMED_TYPES = new Set(['VIDEO', 'AUDIO', 'ANIMATION']);
const DRAWABLE_TYPES = new Set(['VIDEO', 'IMAGE', 'ANIMATION']);

/** A board as its comments need it: name, brand and backing folder (whose shares reach the board). */
export interface CommentBoard {
  id: string;
  name: string;
  brandId: string;
  folder: AssetRow;
}

/** What a comment is on: an item, a board, or one item of a board. */
interface Subject {
  asset: AssetRow | null;
  board: CommentBoard | null;
}

interface ListQuery {
  sort: CommentSort;
  resolved?: boolean | undefined;
  mine?: boolean | undefined;
}

/**
 * Comments on items (000 §3, §4, §7): threads with replies, time ranges on video and audio,
 * drawings on a frame or an image, pins on images, reactions, mentions that send an e-mail,
 * resolve by participants, soft delete with a 30-day restore. Items carry their count through
 * the library's extension; a database trigger feeds the live event streams (events.ts).
 */
export class CommentsService {
  constructor(
    private readonly repository: CommentsRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    readonly events: CommentEvents,
    private readonly mailer: Mailer,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
    /** People an item is shared with (modules/shares): they see it, so they may be mentioned. */
    private readonly sharedPeople: (item: AssetRow) => Promise<Person[]>,
  ) {}

  /** Boards by id (the boards module gives the lookup; comments on boards need their name and folder). */
  private findBoard: (boardId: string) => Promise<CommentBoard | undefined> = async () => undefined;

  useBoards(find: (boardId: string) => Promise<CommentBoard | undefined>): void {
    this.findBoard = find;
  }

  /** Who can see an item or board: the brand's people and the people it is shared with. */
  private async people(s: LibraryScope, subject: Subject): Promise<Person[]> {
    const shareable = subject.board?.folder ?? subject.asset;
    const [brand, shared] = await Promise.all([
      this.repository.brandPeople(s.brandId),
      shareable ? this.sharedPeople(shareable) : [],
    ]);
    const seen = new Set(brand.map((person) => person.id));
    return [...brand, ...shared.filter((person) => !seen.has(person.id))];
  }

  registerQueues(): void {
    this.queue.register(COMMENTS_PURGE_QUEUE, () => this.purge(), { retryLimit: 1 });
    this.queue.schedule(COMMENTS_PURGE_QUEUE, '41 * * * *');
  }

  /** Deleted comments past their 30 days go for good. */
  async purge(): Promise<number> {
    const purged = await this.repository.purgeDeletedBefore(
      new Date(Date.now() - COMMENT_LIMITS.restoreDays * DAY_MS),
    );
    if (purged > 0) this.log.info({ purged }, 'deleted comments purged');
    return purged;
  }

  // ── reading ─────────────────────────────────────────────────────────────
  async list(s: LibraryScope, assetId: string, query: ListQuery, library?: Library): Promise<Comment[]> {
    await this.access.require(s.actor, 'comment.read', [assetId]);
    await this.item(s, assetId, library);
    return this.threads(s, await this.repository.ofAsset(assetId), query);
  }

  /** A board's threads (about one of its items with assetId); the boards module checked board.read. */
  async listOnBoard(s: LibraryScope, board: CommentBoard, query: ListQuery, assetId?: string) {
    return this.threads(s, await this.repository.ofBoard(board.id, assetId), query);
  }

  private async threads(s: LibraryScope, rows: CommentRow[], query: ListQuery): Promise<Comment[]> {
    const ctx = await this.context(s, rows);
    const me = actorUserId(s.actor);
    const byRoot = new Map<string, CommentRow[]>();
    for (const row of rows)
      if (row.parentId) byRoot.set(row.parentId, [...(byRoot.get(row.parentId) ?? []), row]);
    let roots = rows.filter((row) => row.parentId === null);
    if (query.resolved !== undefined) roots = roots.filter((root) => root.resolved === query.resolved);
    if (query.mine && me)
      roots = roots.filter((root) =>
        [root, ...(byRoot.get(root.id) ?? [])].some(
          (row) => row.userId === me || row.mentionUserIds.includes(me),
        ),
      );
    const name = (row: CommentRow) => {
      const user = row.userId ? ctx.users.get(row.userId) : undefined;
      return user ? `${user.firstName} ${user.lastName}`.toLowerCase() : '\uffff';
    };
    roots.sort((a, b) => {
      if (query.sort === 'commenter') return name(a).localeCompare(name(b)) || +b.createdAt - +a.createdAt;
      return query.sort === 'oldest' ? +a.createdAt - +b.createdAt : +b.createdAt - +a.createdAt;
    });
    return roots.map((root) => presentThread(root, byRoot.get(root.id) ?? [], ctx));
  }

  /** Access to an item's live stream is checked once, when it opens. */
  async openStream(s: LibraryScope, assetId: string): Promise<void> {
    await this.access.require(s.actor, 'comment.read', [assetId]);
    await this.item(s, assetId);
  }

  /**
   * Whether a stream opened through a share must be checked again while it stays open (a
   * removed or expired share closes it at once); members' streams need no checking.
   */
  streamNeedsRecheck(s: LibraryScope): Promise<boolean> {
    return this.access.throughShare(s.actor, s.brandId);
  }

  /** Whether the stream's caller may still read the item's comments. */
  streamStillAllowed(s: LibraryScope, assetId: string): Promise<boolean> {
    return this.access.stillAllowed(s.actor, 'comment.read', [assetId]);
  }

  /** People a comment on the item may mention: the brand's people who can see it, and the company editor. */
  async mentionable(s: LibraryScope, assetId: string): Promise<MentionableUser[]> {
    await this.access.require(s.actor, 'comment.create', [assetId]);
    return this.mentionableOn(s, { asset: await this.item(s, assetId), board: null });
  }

  /** People a board comment may mention (the boards module checked board.comment). */
  mentionableOnBoard(s: LibraryScope, board: CommentBoard): Promise<MentionableUser[]> {
    return this.mentionableOn(s, { asset: null, board });
  }

  private async mentionableOn(s: LibraryScope, subject: Subject): Promise<MentionableUser[]> {
    const people = await this.people(s, subject);
    return [
      ...people.map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
      { id: COMPANY_EDITOR_MENTION_ID, firstName: t.companyEditor, lastName: '', email: null },
    ];
  }

  // ── writing ─────────────────────────────────────────────────────────────
  async create(
    s: LibraryScope,
    assetId: string,
    body: CreateCommentBody,
    library?: Library,
  ): Promise<Comment> {
    await this.access.require(s.actor, 'comment.create', [assetId]);
    const asset = await this.item(s, assetId, library);
    // From the player opened on a board, a comment on the item is also the board's.
    const board = body.boardId ? await this.boardIn(s, body.boardId) : null;
    return this.createOn(s, { asset, board }, body);
  }

  /**
   * A comment on a board (with assetId: about one of its items, which the boards module
   * checked is on the board); the boards module checked board.comment.
   */
  createOnBoard(s: LibraryScope, board: CommentBoard, asset: AssetRow | null, body: CreateCommentBody) {
    return this.createOn(s, { asset, board }, body);
  }

  private async createOn(s: LibraryScope, subject: Subject, body: CreateCommentBody): Promise<Comment> {
    const { asset, board } = subject;
    if (asset?.type === 'FOLDER') throw badRequest('Comments go on files');
    const text = (body.content ?? body.text ?? '').trim();
    let parent: CommentRow | undefined;
    if (body.parentId) {
      parent = await this.repository.find(body.parentId);
      const sameSubject = board ? parent?.boardId === board.id : parent?.assetId === asset?.id;
      if (!parent || parent.deletedAt || !sameSubject) throw fieldError('body.parentId', t.notFound);
    }
    if (asset) this.checkRange(asset, body.start, body.end);
    else if (body.start !== undefined || body.end !== undefined)
      throw fieldError('body.start', t.invalidRange);
    if (body.annotation && !(asset && DRAWABLE_TYPES.has(asset.type)))
      throw fieldError('body.annotation', t.invalidDrawing);
    if (body.pin && asset?.type !== 'IMAGE') throw fieldError('body.pin', t.pinsOnImages);
    const mentions = await this.checkMentions(s, text, subject);
    const row = await this.repository.insert({
      id: uuidv7(),
      brandId: s.brandId,
      assetId: asset?.id ?? null,
      // A reply to a reply joins the thread's root.
      parentId: parent ? (parent.parentId ?? parent.id) : null,
      userId: actorUserId(s.actor),
      text,
      start: body.start ?? null,
      end: body.end ?? null,
      annotation: body.annotation ?? null,
      pin: body.pin ?? null,
      mentionUserIds: mentions,
      boardId: board?.id ?? null,
      videoAdId: body.videoAdId ?? null,
      versionId: body.versionId ?? null,
      sessionId: body.sessionId ?? null,
      takeId: body.takeId ?? null,
    });
    await this.notifyMentions(s, row, subject, mentions);
    return this.presentOne(s, row);
  }

  async update(
    s: LibraryScope,
    id: string,
    body: { content?: string | undefined; text?: string | undefined },
  ) {
    await this.access.require(s.actor, 'comment.write', [id]);
    const comment = await this.live(id);
    this.requireAuthor(s, comment);
    const text = (body.content ?? body.text ?? '').trim();
    const subject = await this.subjectOf(s, comment);
    const mentions = await this.checkMentions(s, text, subject);
    const row = await this.repository.update(id, { text, mentionUserIds: mentions });
    await this.notifyMentions(
      s,
      row,
      subject,
      mentions.filter((mention) => !comment.mentionUserIds.includes(mention)),
    );
    return this.presentOne(s, row);
  }

  /** Soft: the author may restore it for 30 days (the web's Undo). */
  async delete(s: LibraryScope, id: string): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'comment.write', [id]);
    const comment = await this.live(id);
    this.requireAuthor(s, comment);
    await this.repository.update(id, { deletedAt: new Date() });
    return { ok: true };
  }

  async restore(s: LibraryScope, id: string): Promise<Comment> {
    await this.access.require(s.actor, 'comment.write', [id]);
    const comment = await this.repository.find(id);
    if (!comment) throw notFound(t.notFound);
    this.requireAuthor(s, comment);
    if (comment.deletedAt && Date.now() - +comment.deletedAt > COMMENT_LIMITS.restoreDays * DAY_MS)
      throw badRequest(t.restoreExpired);
    const row = comment.deletedAt ? await this.repository.update(id, { deletedAt: null }) : comment;
    return this.presentOne(s, row);
  }

  /** Threads only, by their participants (the author and the people it mentions). */
  async setResolved(s: LibraryScope, id: string, resolved: boolean): Promise<Comment> {
    await this.access.require(s.actor, 'comment.resolve', [id]);
    const comment = await this.live(id);
    if (comment.parentId) throw badRequest(t.threadsOnly);
    const me = actorUserId(s.actor);
    const mentionsAdmins =
      comment.mentionUserIds.includes(COMPANY_EDITOR_MENTION_ID) &&
      s.actor.kind === 'user' &&
      (s.actor.isSuperUser || s.actor.standings.get(s.brandId)?.role === 'admin');
    const participant = me !== null && (comment.userId === me || comment.mentionUserIds.includes(me));
    if (!participant && !mentionsAdmins) throw forbidden(t.participantsOnly);
    const row = await this.repository.update(id, { resolved });
    return this.presentOne(s, row);
  }

  async react(s: LibraryScope, id: string, emoji: string): Promise<Reaction> {
    await this.access.require(s.actor, 'comment.react', [id]);
    await this.live(id);
    const row = await this.repository.react({
      id: uuidv7(),
      commentId: id,
      userId: actorUserId(s.actor),
      emoji,
    });
    const users = await this.repository.users(row.userId ? [row.userId] : []);
    const user = row.userId ? users.get(row.userId) : undefined;
    return {
      id: row.id,
      emoji: row.emoji,
      userId: row.userId,
      user: user ? { ...user, email: s.actor.kind === 'user' ? user.email : null } : null,
      createdAt: row.createdAt,
    };
  }

  async unreact(s: LibraryScope, commentId: string, id: string): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'comment.react', [commentId]);
    const reaction = await this.repository.reaction(commentId, id);
    if (!reaction) throw notFound(t.notFound);
    if (reaction.userId !== actorUserId(s.actor)) throw forbidden(t.ownReactionsOnly);
    await this.repository.deleteReaction(id);
    return { ok: true };
  }

  // ── rules ───────────────────────────────────────────────────────────────
  /** The item in the path's brand (and library): 404 otherwise. */
  private async item(s: LibraryScope, assetId: string, library?: Library): Promise<AssetRow> {
    const asset = await this.items.find(library ? { ...s, library } : s, assetId);
    if (!asset) throw notFound(messages.library.itemDeleted);
    return asset;
  }

  /** A board of the path's brand (a comment's boardId): 400 otherwise. */
  private async boardIn(s: LibraryScope, boardId: string): Promise<CommentBoard> {
    const board = await this.findBoard(boardId);
    if (!board || board.brandId !== s.brandId) throw fieldError('body.boardId', messages.boards.notFound);
    return board;
  }

  /** What a stored comment is on. */
  private async subjectOf(s: LibraryScope, comment: CommentRow): Promise<Subject> {
    const [asset, board] = await Promise.all([
      comment.assetId ? this.item(s, comment.assetId) : null,
      comment.boardId ? this.findBoard(comment.boardId) : undefined,
    ]);
    return { asset, board: board ?? null };
  }

  private async live(id: string): Promise<CommentRow> {
    const comment = await this.repository.find(id);
    if (!comment || comment.deletedAt) throw notFound(t.notFound);
    return comment;
  }

  private requireAuthor(s: LibraryScope, comment: CommentRow): void {
    const me = actorUserId(s.actor);
    if (!me || comment.userId !== me) throw forbidden(t.authorOnly);
  }

  /** Video and audio only: 0 ≤ start < end ≤ length. */
  private checkRange(asset: AssetRow, start: number | undefined, end: number | undefined): void {
    if (start === undefined && end === undefined) return;
    const length = asset.length ?? null;
    const valid =
      TIMED_TYPES.has(asset.type) &&
      start !== undefined &&
      start >= 0 &&
      (length === null || start <= length) &&
      (end === undefined || (end > start && (length === null || end <= length + 0.5)));
    if (!valid)
      throw fieldError(end !== undefined && start !== undefined ? 'body.end' : 'body.start', t.invalidRange);
  }

  /** The mentions in a text, each someone who can see the item or board (or the company editor). */
  private async checkMentions(s: LibraryScope, text: string, subject: Subject): Promise<string[]> {
    const ids = mentionedUserIds(text);
    const people = ids.some((id) => id !== COMPANY_EDITOR_MENTION_ID)
      ? new Set((await this.people(s, subject)).map((person) => person.id))
      : new Set<string>();
    for (const id of ids)
      if (id !== COMPANY_EDITOR_MENTION_ID && !people.has(id))
        throw fieldError('body.content', t.cannotMention);
    return ids;
  }

  /** Newly mentioned people (the company editor: the account's admins) get an e-mail; not the author. */
  private async notifyMentions(s: LibraryScope, row: CommentRow, subject: Subject, mentions: string[]) {
    if (mentions.length === 0) return;
    const people = await this.people(s, subject);
    const recipients = new Map<string, string>();
    for (const person of people) {
      const named = mentions.includes(person.id);
      const asAdmin = mentions.includes(COMPANY_EDITOR_MENTION_ID) && person.role === 'admin';
      if ((named || asAdmin) && person.id !== row.userId) recipients.set(person.id, person.email);
    }
    if (recipients.size === 0) return;
    const author = row.userId ? (await this.repository.users([row.userId])).get(row.userId) : undefined;
    const authorName = author ? `${author.firstName} ${author.lastName}`.trim() : t.companyEditor;
    const query = new URLSearchParams({ commentId: row.id, accountId: s.accountId, brandId: s.brandId });
    const { asset, board } = subject;
    const link = board
      ? `${this.publicUrl}/boards/${board.id}?${query}`
      : `${this.publicUrl}/library/assets/${asset!.parentId ?? 'root'}/${asset!.id}/comments?${query}`;
    const name = board?.name ?? asset!.name;
    for (const email of recipients.values()) {
      // A mail that cannot go out does not undo the comment.
      await this.mailer
        .send(mentionMail(email, authorName, name, row.text, link))
        .catch((error) => this.log.warn({ err: error }, 'mention e-mail not sent'));
    }
  }

  // ── answers ─────────────────────────────────────────────────────────────
  private async context(s: LibraryScope, rows: CommentRow[]): Promise<PresentContext> {
    const assetIds = [...new Set(rows.flatMap((row) => (row.assetId ? [row.assetId] : [])))];
    const [reactions, assets] = await Promise.all([
      this.repository.reactionsOf(rows.map((row) => row.id)),
      this.items.findMany(s, assetIds),
    ]);
    const users = await this.repository.users([
      ...rows.flatMap((row) => (row.userId ? [row.userId] : [])),
      ...reactions.flatMap((reaction) => (reaction.userId ? [reaction.userId] : [])),
    ]);
    const byComment = new Map<string, typeof reactions>();
    for (const reaction of reactions)
      byComment.set(reaction.commentId, [...(byComment.get(reaction.commentId) ?? []), reaction]);
    return {
      users,
      reactions: byComment,
      assets: new Map(assets.map((asset) => [asset.id, { id: asset.id, name: asset.name }])),
      withEmails: s.actor.kind === 'user',
    };
  }

  /** A comment as its thread shows it: a root with its replies, a reply on its own. */
  private async presentOne(s: LibraryScope, row: CommentRow): Promise<Comment> {
    if (row.parentId) {
      const ctx = await this.context(s, [row]);
      return { ...presentReply(row, ctx), children: [] };
    }
    const thread = await this.repository.thread(row.id);
    const replies = thread.filter((comment) => comment.id !== row.id);
    const ctx = await this.context(s, [row, ...replies]);
    return presentThread(row, replies, ctx);
  }

  /** People by id ({id, firstName, lastName, email}), for other modules' answers. */
  usersByIds(ids: string[]): Promise<Map<string, UserRef>> {
    return this.repository.users(ids);
  }

  /** The people of a brand who can see its items. */
  brandPeopleOf(brandId: string): Promise<Person[]> {
    return this.repository.brandPeople(brandId);
  }

  /** Live comments per board (the boards' answers). */
  boardCounts(boardIds: string[]): Promise<Map<string, number>> {
    return this.repository.boardCounts(boardIds);
  }

  /** What this module adds to library items: their comment counts. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemCountColumn(assetId),
        read: (count) => ({ commentsCount: count as number }),
      },
    };
  }
}
