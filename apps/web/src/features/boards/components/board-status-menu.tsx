import { type BoardStatus, boardStatuses, boardsMessages, interpolate } from '@hookline/contract';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import type { Board } from '../api/keys';
import { useUpdateBoard } from '../api/update-board';
import { BoardStatusPill } from './board-status';

/**
 * The status menu (000 §4 "Board status"): any of the six statuses at any time. The new one
 * shows at once; once saved a toast reads 'Your board is now marked as {status}'; a refused
 * change goes back to the previous status and says so.
 */
export function BoardStatusMenu({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const update = useUpdateBoard(board);
  if (!canEdit) return <BoardStatusPill status={board.status} size="md" />;
  const choose = (status: BoardStatus) => {
    if (status === board.status) return;
    update.mutate(
      { status },
      {
        onSuccess: () =>
          showSuccessToast(interpolate(boardsMessages.statusChanged, { status: t.statuses[status] })),
        onError: () => showErrorToast({ message: boardsMessages.saveFailed }),
      },
    );
  };
  return (
    <Menu position="bottom-start" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`${t.changeStatus}: ${t.statuses[board.status]}`}
          data-testid="board-status-menu"
        >
          <BoardStatusPill
            status={board.status}
            size="md"
            rightSection={<IconChevronDown size={12} />}
            style={{ cursor: 'pointer' }}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {boardStatuses.map((status) => (
          <Menu.Item
            key={status}
            onClick={() => choose(status)}
            rightSection={status === board.status ? <IconCheck size={14} /> : null}
          >
            {t.statuses[status]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
