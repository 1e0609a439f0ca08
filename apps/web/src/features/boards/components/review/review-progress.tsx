import { type BoardReviews, formatDate, interpolate } from '@hookline/contract';
import { Group, Progress, Skeleton, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { Hint } from '@/components/hint';
import { boardReviewTexts as t } from '@/config/texts/board-review';
import type { Board } from '../../api/keys';
import classes from './review.module.css';

/**
 * The header's review line while review mode is on: '5 of 8 approved · 1 needs changes' with a
 * bar (approved and changes asked), how many review, and a note when the review itself set
 * the board's status.
 */
export function ReviewProgress({ board, reviews }: { board: Board; reviews: BoardReviews | undefined }) {
  if (!reviews) {
    return (
      <Group gap="sm" data-testid="review-progress-loading">
        <Skeleton height={14} width={160} />
        <Skeleton height={6} width={180} radius="xl" />
      </Group>
    );
  }
  const { total, approved, needsChanges } = reviews.progress;
  const percent = (count: number) => (total > 0 ? (count / total) * 100 : 0);
  const reviewerCount = reviews.reviewerIds.length;
  const summary = [
    interpolate(t.approvedOf, { approved, total }),
    needsChanges > 0
      ? interpolate(needsChanges === 1 ? t.needsChangesCount : t.needsChangesCountMany, {
          count: needsChanges,
        })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const automatic = board.statusChange?.automatic ? board.statusChange : null;
  return (
    <div className={classes.progress} data-testid="review-progress">
      <Text size="sm" fw={500} data-testid="review-progress-text">
        {summary}
      </Text>
      <Progress.Root size={6} radius="xl" className={classes.progressBar} aria-label={t.progressLabel}>
        <Progress.Section value={percent(approved)} color="teal" aria-label={t.states.APPROVED} />
        <Progress.Section value={percent(needsChanges)} color="orange" aria-label={t.states.NEEDS_CHANGES} />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {reviewerCount === 0
          ? t.noReviewers
          : reviewerCount === 1
            ? t.reviewersOne
            : interpolate(t.reviewersCount, { count: reviewerCount })}
      </Text>
      {automatic && (
        <Hint label={t.autoStatusHint} multiline>
          <Text
            size="xs"
            c="dimmed"
            data-testid="review-auto-status-note"
            style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
          >
            <IconRobot size={12} aria-hidden />
            {interpolate(t.autoStatusNote, { date: formatDate(automatic.at) })}
          </Text>
        </Hint>
      )}
    </div>
  );
}
