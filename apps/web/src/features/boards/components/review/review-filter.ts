import type { AssetReview, BoardReviews } from '@hookline/contract';
import type { AssetItem } from '@/entities/asset/api/keys';

/** The board page's filters in review mode. */
export const reviewFilters = ['all', 'mine', 'changes', 'approved'] as const;
export type ReviewFilter = (typeof reviewFilters)[number];

/** Each item's review by asset id. */
export function reviewsById(reviews: BoardReviews | undefined): Map<string, AssetReview> {
  return new Map((reviews?.assets ?? []).map((review) => [review.assetId, review]));
}

/** The caller's own latest decision on an item, if any. */
export function myDecision(review: AssetReview | undefined, userId: string | undefined) {
  if (!review || !userId) return undefined;
  return review.decisions.find((decision) => decision.reviewerId === userId);
}

/**
 * Whether an item passes a filter. 'mine': I am a reviewer and have not decided on it yet
 * (an item the reviews do not know yet, just added, waits for everyone).
 */
export function passesReviewFilter(
  filter: ReviewFilter,
  review: AssetReview | undefined,
  viewer: { userId: string | undefined; isReviewer: boolean },
): boolean {
  switch (filter) {
    case 'mine':
      return viewer.isReviewer && !myDecision(review, viewer.userId);
    case 'changes':
      return review?.state === 'NEEDS_CHANGES';
    case 'approved':
      return review?.state === 'APPROVED';
    default:
      return true;
  }
}

/** The loaded items that pass the filter (folders never are on a board; files only). */
export function filterByReview(
  items: AssetItem[],
  filter: ReviewFilter,
  byId: Map<string, AssetReview>,
  viewer: { userId: string | undefined; isReviewer: boolean },
): AssetItem[] {
  if (filter === 'all') return items;
  return items.filter((item) => passesReviewFilter(filter, byId.get(item.id), viewer));
}
