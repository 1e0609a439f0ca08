import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconPresentation, IconShare, IconTrash } from '@tabler/icons-react';
import { Hint } from '@/components/hint';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { Board } from '../api/keys';

/**
 * The board's menu (000 §2): share, present (its public view-only link), download, delete.
 * Without the right to change the board it only downloads (000 §6); delete also needs the
 * right to delete it.
 */
export function BoardMenu({
  board,
  onShare,
  onPresent,
  onDownload,
  onDelete,
}: {
  board: Board;
  onShare: () => void;
  onPresent: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const canUpdate = board.can.update;
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <Hint label={t.boardActions}>
          <ActionIcon variant="default" aria-label={t.boardActions} data-testid="board-menu">
            <IconDots size={16} />
          </ActionIcon>
        </Hint>
      </Menu.Target>
      <Menu.Dropdown>
        {canUpdate && board.can.invite && (
          <Menu.Item leftSection={<IconShare size={14} />} onClick={onShare}>
            {t.share}
          </Menu.Item>
        )}
        {canUpdate && board.can.invite && (
          <Menu.Item leftSection={<IconPresentation size={14} />} onClick={onPresent}>
            {t.present}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconDownload size={14} />}
          onClick={onDownload}
          disabled={board.assetCount === 0}
        >
          {t.download}
        </Menu.Item>
        {canUpdate && board.can.delete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
