import {
  type AssetReview,
  type BoardReviews,
  COMPANY_EDITOR_MENTION_ID,
  messages,
  type ReviewState,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccessService } from '../access/service.js';
import type { CommentsService } from '../comments/service.js';
import { actorUserId, type LibraryScope } from '../library/scope.js';
import type { TeamService } from '../team/service.js';
import { type BoardLookup, fieldError } from './board-lookup.js';
import { statusMail } from './mails.js';
import type { BoardReviewRow, BoardRow, BoardsRepository } from './repository.js';

const t = messages.boards;

type UserRef = { id: string; firstName: string; lastName: string };

/**
 * Review mode's states (the boards issue, as in Frame.io and Air): per asset, each current
 * reviewer's latest decision since the asset last changed counts. Any that asks for changes
 * makes it NEEDS_CHANGES; all reviewers approving makes it APPROVED; otherwise PENDING.
 */
export function boardReviewsOf(
  board: { reviewMode: boolean; reviewerIds: string[] },
  assetIds: string[],
  decisions: BoardReviewRow[],
  users: Map<string, UserRef>,
): BoardReviews {
  const reviewers = new Set(board.reviewerIds);
  const latest = new Map<string, Map<string, BoardReviewRow>>();
  for (const row of decisions) {
    if (!reviewers.has(row.reviewerId)) continue;
    const byReviewer = latest.get(row.assetId) ?? new Map<string, BoardReviewRow>();
    byReviewer.set(row.reviewerId, row); // oldest first: the last one wins
    latest.set(row.assetId, byReviewer);
  }
  const assets: AssetReview[] = assetIds.map((assetId) => {
    const rows = [...(latest.get(assetId)?.values() ?? [])];
    return {
      assetId,
      state: stateOf(rows, reviewers.size),
      decisions: rows.map((row) => ({
        reviewerId: row.reviewerId,
        reviewer: users.get(row.reviewerId) ?? null,
        decision: row.decision,
        note: row.note,
        createdAt: row.createdAt,
      })),
    };
  });
  const count = (state: ReviewState) => assets.filter((asset) => asset.state === state).length;
  return {
    reviewMode: board.reviewMode,
    reviewerIds: board.reviewerIds,
    progress: {
      total: assets.length,
      approved: count('APPROVED'),
      needsChanges: count('NEEDS_CHANGES'),
      pending: count('PENDING'),
    },
    assets,
  };
}

function stateOf(rows: BoardReviewRow[], reviewerCount: number): ReviewState {
  if (rows.some((row) => row.decision === 'NEEDS_CHANGES')) return 'NEEDS_CHANGES';
  if (reviewerCount > 0 && rows.length === reviewerCount && rows.every((row) => row.decision === 'APPROVED'))
    return 'APPROVED';
  return 'PENDING';
}

/** The status a board's review moves it to, if any: all approved, or changes asked. */
export function automaticStatus(reviews: BoardReviews): 'APPROVED' | 'NEEDS_REVISIONS' | null {
  if (reviews.progress.needsChanges > 0) return 'NEEDS_REVISIONS';
  if (reviews.progress.total > 0 && reviews.progress.approved === reviews.progress.total) return 'APPROVED';
  return null;
}

/**
 * Review mode's calls (BoardsService delegates its reviews and review calls here): the
 * board's review states, a reviewer's decision, the status that follows it, and which people
 * may be a board's reviewers.
 */
export class BoardReviewMode {
  constructor(
    private readonly repository: BoardsRepository,
    private readonly access: AccessService,
    private readonly comments: CommentsService,
    private readonly team: TeamService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string,
    private readonly lookup: BoardLookup,
  ) {}

  async reviews(s: LibraryScope, id: string): Promise<BoardReviews> {
    await this.access.require(s.actor, 'board.read', [id]);
    return this.reviewsOf(await this.lookup.board(s, id));
  }

  /**
   * A reviewer's decision on an item of the board; a note is also posted as a comment about
   * it. With autoStatus on, the board follows the review (recorded as automatic; its creator
   * is mailed).
   */
  async review(
    s: LibraryScope,
    id: string,
    assetId: string,
    body: { decision: 'APPROVED' | 'NEEDS_CHANGES'; note?: string | undefined },
  ): Promise<AssetReview> {
    await this.access.require(s.actor, 'board.review', [id]);
    const board = await this.lookup.board(s, id);
    const me = actorUserId(s.actor);
    if (!board.reviewMode) throw badRequest(t.reviewModeOff);
    if (!me || !board.reviewerIds.includes(me)) throw forbidden(t.reviewersOnly);
    const asset = await this.lookup.itemOnBoard(s, id, assetId, 'assetId');
    const note = body.note?.trim() || null;
    await this.repository.insertReview({
      id: uuidv7(),
      boardId: id,
      assetId,
      reviewerId: me,
      decision: body.decision,
      note,
    });
    if (note)
      await this.comments.createOnBoard(s, await this.lookup.commentBoard(s, id), asset, { content: note });
    const reviews = await this.reviewsOf(board);
    if (board.autoStatus) await this.followReview(board, reviews);
    return reviews.assets.find((review) => review.assetId === assetId)!;
  }

  /**
   * Reviewers: the brand's people, or people the board is shared with (for a board's create
   * and update, after their access checks).
   */
  async checkReviewers(s: LibraryScope, board: BoardRow | null, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const people = board
      ? await this.comments.mentionableOnBoard(s, await this.lookup.commentBoard(s, board.id))
      : await this.comments.brandPeopleOf(s.brandId);
    const known = new Set(people.map((person) => person.id).filter((id) => id !== COMPANY_EDITOR_MENTION_ID));
    if (unique.some((id) => !known.has(id))) throw fieldError('body.reviewerIds', t.reviewerUnknown);
    return unique;
  }

  private async followReview(board: BoardRow, reviews: BoardReviews): Promise<void> {
    const status = automaticStatus(reviews);
    if (!status || status === board.status) return;
    await this.repository.update(board.id, {
      status,
      statusChangedBy: null,
      statusChangedAt: new Date(),
      statusAutomatic: true,
      updatedAt: new Date(),
    });
    const creator = board.createdBy ? await this.team.findUser(board.createdBy) : undefined;
    if (!creator) return;
    const link = `${this.publicUrl}/boards/${board.id}?accountId=${board.accountId}&brandId=${board.brandId}`;
    await this.mailer
      .send(statusMail(creator.email, board.name, status, link))
      .catch((error) => this.log.warn({ err: error }, 'board status e-mail not sent'));
  }

  private async reviewsOf(board: BoardRow): Promise<BoardReviews> {
    const [items, decisions] = await Promise.all([
      this.repository.items(board.id),
      this.repository.reviews(board.id),
    ]);
    const users = await this.comments.usersByIds(decisions.map((row) => row.reviewerId));
    return boardReviewsOf(
      board,
      items.map((item) => item.assetId),
      decisions,
      users,
    );
  }
}
