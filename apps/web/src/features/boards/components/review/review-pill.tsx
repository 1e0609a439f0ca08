import type { ReviewState } from '@hookline/contract';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import { boardReviewTexts as t } from '@/config/texts/board-review';

const ICONS: Record<ReviewState, typeof IconCheck> = {
  PENDING: IconClock,
  APPROVED: IconCheck,
  NEEDS_CHANGES: IconAlertTriangle,
};

/** An item's review state as a small pill: Needs review, Approved, Changes requested. */
export function ReviewPill({ state, onDark = false }: { state: ReviewState; onDark?: boolean }) {
  const Icon = ICONS[state];
  return (
    <Badge
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      // On a thumbnail or the player's dark bar the pill needs a solid ground to read; bright
      // grounds take dark text (autoContrast) so the small label keeps a 4.5:1 contrast.
      variant={onDark || state !== 'PENDING' ? 'filled' : 'default'}
      color={state === 'PENDING' && onDark ? 'gray.7' : t.stateColors[state]}
      autoContrast
      leftSection={<Icon size={11} stroke={2.25} />}
      data-testid="review-pill"
      data-state={state}
      style={{ boxShadow: onDark ? undefined : 'var(--mantine-shadow-xs)' }}
    >
      {t.states[state]}
    </Badge>
  );
}
