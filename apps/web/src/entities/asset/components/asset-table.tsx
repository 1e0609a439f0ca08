import {
  formatBytes,
  formatDate,
  interpolate,
  PREFETCH_WINDOW,
  SKELETON_COUNT,
  TABLE_VIRTUALIZER,
} from '@hookline/contract';
import { ActionIcon, Checkbox, Skeleton, UnstyledButton } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, Fragment, type HTMLAttributes, type Ref, useEffect } from 'react';
import { Hint } from '@/components/hint';
import { libraryTexts } from '@/config/texts/library';
import { fullName } from '@/entities/profile';
import type { AssetItem } from '../api/keys';
import { isSelectable } from '../hooks/use-selection';
import { useColumnWidths } from '../hooks/use-view-prefs';
import { allowedHandlers, showsUploadStatus, UploadStatus } from '../uploads/components/upload-status';
import classes from './asset.module.css';
import { AssetActionsMenu } from './asset-actions-menu';
import type { DragProps } from './asset-card';
import type { AssetCollectionProps } from './asset-collection';
import { AssetTypeIcon } from './asset-icon';
import { TagRow } from './tag-row';

const t = libraryTexts.library;
const DEFAULT_WIDTHS = {
  name: 360,
  tags: 220,
  type: 110,
  size: 100,
  createdAt: 130,
  creator: 160,
  sharedBy: 160,
  sharedAt: 130,
};
type ColumnId = keyof typeof DEFAULT_WIDTHS;
const COLUMNS: ColumnId[] = ['name', 'tags', 'type', 'size', 'createdAt', 'creator'];
/** Items shared with the user: who shared them and when, instead of tags and creator. */
const SHARED_COLUMNS: ColumnId[] = ['name', 'type', 'size', 'sharedBy', 'sharedAt'];

function cellText(asset: AssetItem, column: ColumnId): string {
  switch (column) {
    case 'type':
      return t.types[asset.type];
    case 'size':
      return asset.type === 'FOLDER'
        ? asset.childCount === 1
          ? t.item
          : interpolate(t.items, { count: asset.childCount })
        : formatBytes(asset.size);
    case 'createdAt':
      return formatDate(asset.createdAt);
    case 'creator':
      return asset.creator ? fullName(asset.creator) : '';
    case 'sharedBy':
      return asset.sharedByUser ? fullName(asset.sharedByUser) : '';
    case 'sharedAt':
      return asset.sharedAt ? formatDate(asset.sharedAt) : '';
    default:
      return asset.name;
  }
}

function ColumnResizer({
  name,
  width,
  onResize,
}: {
  name: string;
  width: number;
  onResize: (w: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pointer handle; the column keeps its width in local storage.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={interpolate(t.resizeColumn, { name })}
      className={classes.resizer}
      onPointerDown={(event) => {
        event.preventDefault();
        const startX = event.clientX;
        const move = (e: PointerEvent) => onResize(Math.max(60, Math.min(900, width + e.clientX - startX)));
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }}
    />
  );
}

/** The list view: a virtualized table (34 px rows, overscan 20) with resizable columns. */
export function AssetTable({
  items,
  loading,
  scrollRef,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  onToggleFavorite,
  handlers,
  selection,
  DragItem,
  sharedColumns,
  itemSlots,
}: AssetCollectionProps) {
  const [widths, setWidths] = useColumnWidths(DEFAULT_WIDTHS);
  const columns = sharedColumns ? SHARED_COLUMNS : COLUMNS;
  const virtualizer = useVirtualizer({
    count: loading ? SKELETON_COUNT : items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_VIRTUALIZER.rowHeightPx,
    overscan: TABLE_VIRTUALIZER.overscan,
    initialRect: { width: 1000, height: 800 },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (!loading && hasNextPage && !isFetchingNextPage && last >= items.length - PREFETCH_WINDOW)
      fetchNextPage();
  }, [loading, hasNextPage, isFetchingNextPage, last, items.length, fetchNextPage]);

  // The trailing cell: star and menu, and a page's quick actions when it has any.
  const actionsWidth = itemSlots?.actions ? 136 : 72;
  const widthOf = (column: ColumnId) => ({ width: widths[column] ?? DEFAULT_WIDTHS[column] });
  const row = (asset: AssetItem) => {
    const selected = selection?.isSelected(asset.id) ?? false;
    const starLabel = interpolate(asset.isFavorite ? t.unstar : t.star, { name: asset.name });
    return (
      <>
        <td className={classes.cell} style={{ width: 36 }}>
          {selection && isSelectable(asset) && (
            <Checkbox
              size="xs"
              aria-label={interpolate(t.select, { name: asset.name })}
              checked={selected}
              onChange={() => undefined}
              onClick={(e) => selection.toggle(asset.id, e.shiftKey)}
            />
          )}
        </td>
        {columns.map((column) => (
          <td
            key={column}
            className={`${classes.cell} ${column === 'name' ? classes.cellGrow : ''}`}
            style={widthOf(column)}
          >
            {column === 'name' ? (
              <>
                <AssetTypeIcon type={asset.type} size={16} className={classes.folderIcon} />
                <UnstyledButton
                  className={classes.name}
                  onClick={() => isSelectable(asset) && onOpen(asset)}
                  title={asset.name}
                >
                  {asset.name}
                </UnstyledButton>
                {showsUploadStatus(asset) && <UploadStatus asset={asset} variant="inline" />}
                {itemSlots?.badge?.(asset)}
                {itemSlots?.details && <span className={classes.rowDetails}>{itemSlots.details(asset)}</span>}
              </>
            ) : column === 'tags' ? (
              <TagRow tags={asset.tags} />
            ) : (
              cellText(asset, column)
            )}
          </td>
        ))}
        <td className={classes.cell} style={{ width: actionsWidth, justifyContent: 'flex-end' }}>
          {isSelectable(asset) && itemSlots?.actions?.(asset)}
          {onToggleFavorite && isSelectable(asset) && (
            <Hint label={starLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={starLabel}
                aria-pressed={asset.isFavorite}
                data-testid="star-toggle"
                onClick={() => onToggleFavorite(asset)}
              >
                {asset.isFavorite ? (
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" />
                ) : (
                  <IconStar size={14} />
                )}
              </ActionIcon>
            </Hint>
          )}
          <AssetActionsMenu asset={asset} handlers={allowedHandlers(asset, handlers)} />
        </td>
      </>
    );
  };

  return (
    <table className={classes.table} aria-rowcount={items.length} data-testid="asset-table">
      <thead>
        <tr className={classes.tableHead}>
          <td className={classes.cell} style={{ width: 36 }} />
          {columns.map((column) => (
            <th
              key={column}
              className={`${classes.cell} ${column === 'name' ? classes.cellGrow : ''}`}
              style={widthOf(column)}
            >
              {t.columns[column]}
              <ColumnResizer
                name={t.columns[column]}
                width={widths[column] ?? DEFAULT_WIDTHS[column]}
                onResize={(w) => setWidths({ ...widths, [column]: w })}
              />
            </th>
          ))}
          <td className={classes.cell} style={{ width: actionsWidth }} />
        </tr>
      </thead>
      <tbody style={{ position: 'relative', display: 'block', height: virtualizer.getTotalSize() }}>
        {virtualItems.map((virtual) => {
          const style: CSSProperties = { transform: `translateY(${virtual.start}px)`, top: 0 };
          if (loading)
            return (
              <tr key={virtual.key} className={classes.tableRow} style={style} data-testid="asset-skeleton">
                <td className={classes.cellGrow}>
                  <Skeleton height={12} mx="md" width="60%" />
                </td>
              </tr>
            );
          const asset = items[virtual.index] as AssetItem;
          const selected = selection?.isSelected(asset.id) ?? false;
          const content = (drag?: DragProps) => (
            <tr
              ref={drag?.ref as Ref<HTMLTableRowElement> | undefined}
              {...(drag?.attributes as HTMLAttributes<HTMLTableRowElement> | undefined)}
              className={classes.tableRow}
              style={style}
              aria-label={asset.name}
              data-testid="asset-row"
              data-asset-id={asset.id}
              data-selected={selected || undefined}
              data-drop-over={drag?.isOver || undefined}
              onDoubleClick={() => onOpen(asset)}
            >
              {row(asset)}
            </tr>
          );
          return DragItem ? (
            <DragItem key={asset.id} asset={asset}>
              {(drag) => content(drag)}
            </DragItem>
          ) : (
            <Fragment key={asset.id}>{content()}</Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
