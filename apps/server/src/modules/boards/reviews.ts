import type { AssetReview, BoardReviews, ReviewState } from '@hookline/contract';
import type { BoardReviewRow } from './repository.js';

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
