import { SegmentedControl } from '@mantine/core';
import { boardReviewTexts as t } from '@/config/texts/board-review';
import { type ReviewFilter, reviewFilters } from './review-filter';

/** All, Needs my review (reviewers only), Changes requested, Approved; each with its count. */
export function ReviewFilterControl({
  value,
  onChange,
  counts,
  isReviewer,
}: {
  value: ReviewFilter;
  onChange: (value: ReviewFilter) => void;
  counts: Record<ReviewFilter, number> | null;
  isReviewer: boolean;
}) {
  const data = reviewFilters
    .filter((filter) => filter !== 'mine' || isReviewer)
    .map((filter) => ({
      value: filter,
      label: counts ? `${t.filters[filter]} ${counts[filter]}` : t.filters[filter],
    }));
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as ReviewFilter)}
      data={data}
      aria-label={t.filterLabel}
      data-testid="review-filter"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
