import { type AssetReview, interpolate } from '@hookline/contract';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconMessageExclamation, IconMessagePlus } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Hint } from '@/components/hint';
import { boardReviewTexts as t } from '@/config/texts/board-review';
import type { AssetItem } from '@/entities/asset/api/keys';
import { myDecision } from './review-filter';
import { ReviewPill } from './review-pill';

export interface ReviewActionHandlers {
  approve: (asset: AssetItem) => void;
  requestChanges: (asset: AssetItem) => void;
  /** Approve with an optional note (asked for in the note dialog). */
  approveWithNote: (asset: AssetItem) => void;
}

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A reviewer's quick actions on a card or a row: approve (at once) and request changes (asks
 * for a note). The one already chosen shows pressed.
 */
export function ReviewQuickActions({
  asset,
  review,
  userId,
  handlers,
  className,
}: {
  asset: AssetItem;
  review: AssetReview | undefined;
  userId: string | undefined;
  handlers: ReviewActionHandlers;
  className?: string;
}) {
  const mine = myDecision(review, userId)?.decision;
  const approveLabel = interpolate(t.approveNamed, { name: asset.name });
  const changesLabel = interpolate(t.requestChangesNamed, { name: asset.name });
  return (
    <>
      <Hint label={t.approve}>
        <ActionIcon
          variant={mine === 'APPROVED' ? 'filled' : 'default'}
          color={mine === 'APPROVED' ? 'teal' : undefined}
          autoContrast
          size="sm"
          radius="sm"
          className={className}
          aria-label={approveLabel}
          aria-pressed={mine === 'APPROVED'}
          data-testid="review-approve"
          onClick={(event) => {
            stop(event);
            if (mine !== 'APPROVED') handlers.approve(asset);
          }}
          onDoubleClick={stop}
        >
          <IconCheck size={14} />
        </ActionIcon>
      </Hint>
      <Hint label={t.requestChanges}>
        <ActionIcon
          variant={mine === 'NEEDS_CHANGES' ? 'filled' : 'default'}
          color={mine === 'NEEDS_CHANGES' ? 'orange' : undefined}
          autoContrast
          size="sm"
          radius="sm"
          className={className}
          aria-label={changesLabel}
          aria-pressed={mine === 'NEEDS_CHANGES'}
          data-testid="review-request-changes"
          onClick={(event) => {
            stop(event);
            handlers.requestChanges(asset);
          }}
          onDoubleClick={stop}
        >
          <IconMessageExclamation size={14} />
        </ActionIcon>
      </Hint>
    </>
  );
}

/**
 * The player's review bar (its barActions seam) on a board in review mode: the item's state
 * and, for reviewers, Approve and Request changes.
 */
export function PlayerReviewBar({
  asset,
  review,
  userId,
  canReview,
  handlers,
}: {
  asset: AssetItem;
  review: AssetReview | undefined;
  userId: string | undefined;
  canReview: boolean;
  handlers: ReviewActionHandlers;
}) {
  const mine = myDecision(review, userId)?.decision;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="player-review-bar">
      <ReviewPill state={review?.state ?? 'PENDING'} onDark />
      {canReview && (
        <>
          <Group gap={1} wrap="nowrap">
            <Button
              size="compact-sm"
              color="teal"
              variant={mine === 'APPROVED' ? 'filled' : 'outline'}
              autoContrast
              leftSection={<IconCheck size={14} />}
              aria-pressed={mine === 'APPROVED'}
              onClick={() => mine !== 'APPROVED' && handlers.approve(asset)}
              data-testid="player-review-approve"
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            >
              {t.approve}
            </Button>
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  size={26}
                  color="teal"
                  variant={mine === 'APPROVED' ? 'filled' : 'outline'}
                  autoContrast
                  aria-label={t.moreApproveOptions}
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
                >
                  <IconChevronDown size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconMessagePlus size={14} />}
                  onClick={() => handlers.approveWithNote(asset)}
                >
                  {t.approveWithNote}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Button
            size="compact-sm"
            color="orange"
            variant={mine === 'NEEDS_CHANGES' ? 'filled' : 'outline'}
            autoContrast
            leftSection={<IconMessageExclamation size={14} />}
            aria-pressed={mine === 'NEEDS_CHANGES'}
            onClick={() => handlers.requestChanges(asset)}
            data-testid="player-review-request-changes"
          >
            {t.requestChanges}
          </Button>
        </>
      )}
    </Group>
  );
}
