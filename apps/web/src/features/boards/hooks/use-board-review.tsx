import { interpolate } from '@hookline/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { boardReviewTexts as t } from '@/config/texts/board-review';
import type { AssetItem } from '@/entities/asset/api/keys';
import type { ItemSlots } from '@/entities/asset/components/asset-collection';
import { profileQueryOptions } from '@/entities/profile';
import { showSuccessToast } from '@/lib/notify';
import { useBoardReviews } from '../api/get-board-reviews';
import type { Board } from '../api/keys';
import { useReviewAsset } from '../api/review-asset';
import cardClasses from '../components/review/review.module.css';
import {
  PlayerReviewBar,
  type ReviewActionHandlers,
  ReviewQuickActions,
} from '../components/review/review-actions';
import { type DecisionRequest, ReviewDecisionDialog } from '../components/review/review-decision-dialog';
import {
  filterByReview,
  passesReviewFilter,
  type ReviewFilter,
  reviewFilters,
  reviewsById,
} from '../components/review/review-filter';
import { ReviewPill } from '../components/review/review-pill';

/**
 * Review mode on the board page: the reviews (one query per board), the items' pills, a
 * reviewer's approve and request changes (cards, rows, the player), the filters over the
 * loaded items, and the note dialog. Off review mode it asks for nothing and changes nothing.
 */
export function useBoardReview(board: Board, items: AssetItem[], total: number) {
  const on = board.reviewMode;
  const reviews = useBoardReviews(board);
  const userId = useQuery(profileQueryOptions()).data?.userId;
  const isReviewer = on && board.can.review;
  const review = useReviewAsset(board);
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const activeFilter: ReviewFilter = on && (filter !== 'mine' || isReviewer) ? filter : 'all';

  // Items added or removed are reviewed afresh: ask again when the board's count moves.
  const { refetch } = reviews;
  const seenTotal = useRef(total);
  useEffect(() => {
    if (seenTotal.current === total) return;
    seenTotal.current = total;
    if (on) void refetch();
  }, [on, total, refetch]);

  const byId = useMemo(() => reviewsById(reviews.data), [reviews.data]);
  const viewer = useMemo(() => ({ userId, isReviewer }), [userId, isReviewer]);

  const decide = useCallback(
    (input: DecisionRequest & { note?: string }) =>
      review.mutate(
        { assetId: input.assetId, decision: input.decision, ...(input.note ? { note: input.note } : {}) },
        {
          onSuccess: () => {
            setRequest(null);
            showSuccessToast(
              interpolate(input.decision === 'APPROVED' ? t.approvedToast : t.changesToast, {
                name: input.name,
              }),
            );
          },
        },
      ),
    [review.mutate],
  );
  const handlers: ReviewActionHandlers = useMemo(
    () => ({
      approve: (asset) => decide({ assetId: asset.id, name: asset.name, decision: 'APPROVED' }),
      requestChanges: (asset) =>
        setRequest({ assetId: asset.id, name: asset.name, decision: 'NEEDS_CHANGES' }),
      approveWithNote: (asset) => setRequest({ assetId: asset.id, name: asset.name, decision: 'APPROVED' }),
    }),
    [decide],
  );

  const shown = useMemo(
    () => (on ? filterByReview(items, activeFilter, byId, viewer) : items),
    [on, items, activeFilter, byId, viewer],
  );
  const counts = useMemo(() => {
    if (!on || !reviews.data) return null;
    const all = reviews.data.assets;
    const count = (value: ReviewFilter) =>
      all.filter((asset) => passesReviewFilter(value, asset, viewer)).length;
    return Object.fromEntries(reviewFilters.map((value) => [value, count(value)])) as Record<
      ReviewFilter,
      number
    >;
  }, [on, reviews.data, viewer]);

  const itemSlots: ItemSlots | undefined = useMemo(() => {
    if (!on) return undefined;
    return {
      badge: (asset) => {
        // Until the reviews answer (or for an item they do not know yet) no pill is guessed.
        const state = byId.get(asset.id)?.state ?? (reviews.data ? 'PENDING' : null);
        return state ? <ReviewPill state={state} /> : null;
      },
      ...(isReviewer
        ? {
            actions: (asset: AssetItem) => (
              <ReviewQuickActions
                asset={asset}
                review={byId.get(asset.id)}
                userId={userId}
                handlers={handlers}
                className={cardClasses.quickAction}
              />
            ),
          }
        : {}),
    };
  }, [on, isReviewer, byId, reviews.data, userId, handlers]);

  const barActions = useMemo(() => {
    if (!on) return undefined;
    return (asset: AssetItem): ReactNode => (
      <PlayerReviewBar
        asset={asset}
        review={byId.get(asset.id)}
        userId={userId}
        canReview={isReviewer}
        handlers={handlers}
      />
    );
  }, [on, byId, userId, isReviewer, handlers]);

  const dialog = (
    <ReviewDecisionDialog
      request={request}
      busy={review.isPending}
      onClose={() => setRequest(null)}
      onConfirm={(note) => request && decide({ ...request, note })}
    />
  );

  return {
    on,
    reviews: reviews.data,
    reviewsFailed: reviews.isError,
    retry: () => void refetch(),
    filter: activeFilter,
    setFilter,
    counts,
    isReviewer,
    shown,
    itemSlots,
    barActions,
    dialog,
  };
}
