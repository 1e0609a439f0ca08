import type {
  Asset,
  AssetReview,
  Board,
  BoardReviews,
  MentionableUser,
  ReviewState,
} from '@hookline/contract';
import { type FetchHandler, jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { BRAND_PATH } from '@/test/library';
import { listAnswer } from './boards-api';

/** Review mode fixtures: the board's people, its reviews, and decisions answered like the server. */
export const people: MentionableUser[] = [
  { id: '0', firstName: 'Company', lastName: 'Editor', email: null },
  { id: 'user-ana', firstName: 'Ana', lastName: 'Lopez', email: 'ana@acme.test' },
  { id: '00000000-0000-4000-8000-0000000000b1', firstName: 'Ben', lastName: 'Stone', email: 'ben@acme.test' },
  {
    id: '00000000-0000-4000-8000-0000000000c1',
    firstName: 'Cleo',
    lastName: 'Park',
    email: 'cleo@acme.test',
  },
];

export function assetReview(
  assetId: string,
  state: ReviewState,
  decisions: Array<{ reviewerId: string; decision: 'APPROVED' | 'NEEDS_CHANGES'; note?: string }> = [],
): AssetReview {
  return {
    assetId,
    state,
    decisions: decisions.map((d) => ({
      reviewerId: d.reviewerId,
      reviewer: null,
      decision: d.decision,
      note: d.note ?? null,
      createdAt: new Date('2026-11-03T10:00:00.000Z'),
    })),
  };
}

export function reviewsOf(board: Board, assets: AssetReview[]): BoardReviews {
  const count = (state: ReviewState) => assets.filter((a) => a.state === state).length;
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

/**
 * The board's content, its people, its reviews, and POST …/review: a decision by the caller
 * (user-ana) becomes its item's state, as with one reviewer.
 */
export function reviewRoutes(
  board: Board,
  content: Asset[],
  reviews: AssetReview[],
  options: { onReview?: (request: RecordedRequest) => void } = {},
): Record<string, FetchHandler> {
  const base = `${BRAND_PATH}/boards/${board.id}`;
  const routes: Record<string, FetchHandler> = {
    [`GET ${BRAND_PATH}/assets`]: (request) =>
      request.url.searchParams.get('boardId') === board.id ? listAnswer(content) : listAnswer([]),
    [`GET ${base}/mentions`]: () => jsonResponse(people),
    [`GET ${base}/reviews`]: () => jsonResponse(reviewsOf(board, reviews)),
  };
  for (const asset of content) {
    routes[`GET ${BRAND_PATH}/library/BRAND/${asset.id}`] = () => jsonResponse({ ...asset, ancestors: [] });
    routes[`POST ${base}/assets/${asset.id}/review`] = (request) => {
      options.onReview?.(request);
      const { decision, note } = request.body as { decision: 'APPROVED' | 'NEEDS_CHANGES'; note?: string };
      const index = reviews.findIndex((r) => r.assetId === asset.id);
      const next = assetReview(asset.id, decision === 'APPROVED' ? 'APPROVED' : 'NEEDS_CHANGES', [
        { reviewerId: 'user-ana', decision, ...(note ? { note } : {}) },
      ]);
      if (index >= 0) reviews[index] = next;
      else reviews.push(next);
      return jsonResponse(next);
    };
  }
  return routes;
}
