import type { BoardReviews } from '@hookline/contract';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconChecklist, IconMessageCircle } from '@tabler/icons-react';
import { Hint } from '@/components/hint';
import { boardReviewTexts as rt } from '@/config/texts/board-review';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import type { Board } from '../api/keys';
import { usePresentBoard } from '../api/present-board';
import { BoardDescription } from './board-description';
import { BoardMenu } from './board-menu';
import { BoardStatusMenu } from './board-status-menu';
import { BoardTags } from './board-tags';
import { BoardTitle } from './board-title';
import classes from './boards.module.css';
import { ReviewProgress } from './review/review-progress';

export interface BoardHeaderProps {
  board: Board;
  /** The review's answer (review mode's progress). */
  reviews: BoardReviews | undefined;
  commentsOpen: boolean;
  onToggleComments: () => void;
  onReviewSettings: () => void;
  onShare: () => void;
  onDownload: () => void;
  onDelete: () => void;
}

/**
 * The board page's header (000 §2 "Boards"): its title and status, review settings, the
 * comments toggle with their count, the board's menu (share, present, download, delete), its
 * description, tags and, in review mode, the review's progress.
 */
export function BoardHeader({
  board,
  reviews,
  commentsOpen,
  onToggleComments,
  onReviewSettings,
  onShare,
  onDownload,
  onDelete,
}: BoardHeaderProps) {
  const canEdit = board.can.update;
  const presentBoard = usePresentBoard(board);
  /** Opens the presentation in a new tab and copies its link (the board's public view-only link). */
  const present = () =>
    presentBoard.mutate(undefined, {
      onSuccess: ({ href }) => {
        window.open(href, '_blank', 'noopener');
        void navigator.clipboard?.writeText(href).catch(() => undefined);
        showSuccessToast(t.presentCopiedText, t.presentCopied);
      },
      onError: () => showErrorToast({ title: t.presentFailed }),
    });
  const commentsLabel = commentsOpen ? t.closeComments : t.openComments;

  return (
    <div className={classes.boardIntro}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <BoardTitle board={board} canEdit={canEdit} />
          <BoardStatusMenu board={board} canEdit={canEdit} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          {canEdit && (
            <Button
              size="xs"
              variant={board.reviewMode ? 'light' : 'default'}
              leftSection={<IconChecklist size={14} />}
              onClick={onReviewSettings}
              data-testid="review-settings-button"
            >
              {board.reviewMode ? rt.reviewSettings : rt.startReview}
            </Button>
          )}
          <Hint label={commentsLabel}>
            <Button
              size="xs"
              variant={commentsOpen ? 'light' : 'default'}
              leftSection={<IconMessageCircle size={14} />}
              aria-pressed={commentsOpen}
              onClick={onToggleComments}
              data-testid="board-comments-toggle"
            >
              {/* The name says what it does, then the visible count (axe: label-content-name-mismatch). */}
              <VisuallyHidden>{commentsLabel} </VisuallyHidden>
              {board.comments}
            </Button>
          </Hint>
          <BoardMenu
            board={board}
            onShare={onShare}
            onPresent={present}
            onDownload={onDownload}
            onDelete={onDelete}
          />
        </Group>
      </Group>
      <BoardDescription board={board} canEdit={canEdit} />
      <BoardTags board={board} canEdit={canEdit} />
      {board.reviewMode && <ReviewProgress board={board} reviews={reviews} />}
    </div>
  );
}
