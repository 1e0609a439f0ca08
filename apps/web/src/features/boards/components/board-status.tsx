import type { BoardStatus } from '@hookline/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { boardStatusColors } from '@/entities/board/status-colors';

/** A board's status as a small coloured pill. */
export function BoardStatusPill({ status, ...props }: { status: BoardStatus } & BadgeProps) {
  return (
    <Badge
      variant="light"
      color={boardStatusColors[status]}
      radius="sm"
      size="sm"
      tt="none"
      data-testid="board-status"
      {...props}
    >
      {t.statuses[status]}
    </Badge>
  );
}
