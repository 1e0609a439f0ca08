import { IconDownload, IconSquareMinus } from '@tabler/icons-react';
import { SelectionBar } from '@/components/selection-bar';
import { webTexts } from '@/config/texts';
import { boardsTexts as t } from '@/config/texts/boards-pages';

/** The board's bulk bar: download, remove from board (with the right to change the board), clear. */
export function BoardBulkBar({
  count,
  onDownload,
  onRemove,
  onClear,
}: {
  count: number;
  onDownload: () => void;
  onRemove: (() => void) | undefined;
  onClear: () => void;
}) {
  return (
    <SelectionBar
      count={count}
      onClear={onClear}
      actions={[
        { label: webTexts.downloads.download, icon: IconDownload, onClick: onDownload },
        { label: t.removeFromBoard, icon: IconSquareMinus, onClick: onRemove, danger: true },
      ]}
    />
  );
}
