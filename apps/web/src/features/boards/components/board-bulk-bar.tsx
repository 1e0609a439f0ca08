import { IconDownload, IconLayoutBoard, IconSquareMinus } from '@tabler/icons-react';
import { SelectionBar } from '@/components/selection-bar';
import { boardAssignTexts } from '@/config/texts/board-assign';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { libraryTexts } from '@/config/texts/library';

/**
 * The board's bulk bar: download, add to another board (members of the board's brand),
 * remove from board (with the right to change the board), clear.
 */
export function BoardBulkBar({
  count,
  onDownload,
  onAssign,
  onRemove,
  onClear,
}: {
  count: number;
  onDownload: () => void;
  onAssign: (() => void) | undefined;
  onRemove: (() => void) | undefined;
  onClear: () => void;
}) {
  return (
    <SelectionBar
      count={count}
      onClear={onClear}
      actions={[
        { label: libraryTexts.downloads.download, icon: IconDownload, onClick: onDownload },
        ...(onAssign
          ? [{ label: boardAssignTexts.addToBoard, icon: IconLayoutBoard, onClick: onAssign }]
          : []),
        { label: t.removeFromBoard, icon: IconSquareMinus, onClick: onRemove, danger: true },
      ]}
    />
  );
}
