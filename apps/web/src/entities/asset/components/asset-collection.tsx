import {
  formatBytes,
  formatDate,
  interpolate,
  PREFETCH_WINDOW,
  SKELETON_COUNT,
  TABLE_VIRTUALIZER,
} from '@hookline/contract';
import { ActionIcon, Checkbox, Skeleton, Tooltip, UnstyledButton } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  Fragment,
  type HTMLAttributes,
  memo,
  type ReactNode,
  type Ref,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { webTexts } from '@/config/texts';
import { fullName } from '@/entities/profile';
import { useStableCallbacks } from '@/hooks/use-stable-callbacks';
import type { AssetItem } from '../api/keys';
import { isSelectable } from '../hooks/use-selection';
import { type GridSettings, useColumnWidths, type ViewMode } from '../hooks/use-view-prefs';
import { allowedHandlers, showsUploadStatus, UploadStatus } from '../uploads/components/upload-status';
import classes from './asset.module.css';
import { AssetActionsMenu, type ItemActionHandlers } from './asset-actions-menu';
import { AssetCard, type DragProps } from './asset-card';
import { AssetTypeIcon } from './asset-icon';
import { TagRow } from './tag-row';

const t = webTexts.library;

const CARD_MIN_PX: Record<GridSettings['size'], number> = {
  small: 150,
  medium: 210,
  large: 300,
  small_fixed: 140,
};

export interface CollectionSelection {
  isSelected: (id: string) => boolean;
  count: number;
  toggle: (id: string, shift: boolean) => void;
}

export interface AssetCollectionProps {
  items: AssetItem[];
  loading: boolean;
  viewMode: ViewMode;
  settings: GridSettings;
  scrollRef: RefObject<HTMLElement | null>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onOpen: (asset: AssetItem) => void;
  onToggleFavorite?: (asset: AssetItem) => void;
  handlers: ItemActionHandlers;
  selection?: CollectionSelection;
  /** The list's columns for items shared with the user (shared by, shared at). */
  sharedColumns?: boolean;
  /**
   * A page's own additions to each item: a badge (on the card's thumbnail, after the row's
   * name) and quick actions (with the card's hover actions, before the row's menu).
   */
  itemSlots?: ItemSlots;
  /** Wraps a card or row with drag and drop (the library page). */
  DragItem?: (props: { asset: AssetItem; children: (drag: DragProps) => ReactNode }) => ReactNode;
}

export interface ItemSlots {
  badge?: (asset: AssetItem) => ReactNode;
  actions?: (asset: AssetItem) => ReactNode;
}

/** Space between cards, across and down (the grid's CSS gap). */
const GRID_GAP_PX = 16;
/** Rows of cards rendered beyond the visible ones, each way. */
const GRID_OVERSCAN_ROWS = 3;
/** Height of a card's name and details under its 4:3 thumbnail (the first estimate; rows are measured). */
// Name, details and the tag line (22 px) with details on; the name alone without.
const CARD_TEXT_PX = { withDetails: 80, withoutDetails: 36 };

/**
 * The width of the grid and its offset inside the scrolling element, kept current on resize:
 * the number of columns follows the width, the virtual rows start at the offset.
 */
function useGridBox(scrollRef: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 1000, offset: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const scroller = scrollRef.current;
      const offset = scroller
        ? node.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
        : 0;
      const width = node.clientWidth || 1000;
      setBox((current) =>
        current.width === width && current.offset === offset ? current : { width, offset },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [scrollRef]);
  return { ref, ...box };
}

export function AssetCollection(props: AssetCollectionProps) {
  if (props.viewMode === 'list') return <AssetTable {...props} />;
  return <AssetGrid {...props} />;
}

/** What a card does, the same functions from render to render (see useStableCallbacks). */
interface CardCallbacks {
  open: (asset: AssetItem) => void;
  toggleFavorite?: (asset: AssetItem) => void;
  toggleSelect?: (asset: AssetItem, shift: boolean) => void;
  thumbClick?: (asset: AssetItem, shift: boolean) => void;
}

/**
 * One card of the grid, memoised: selecting a card or opening the player re-renders the cards
 * whose own props changed, not the screenful (each card holds a checkbox, a tooltip and a menu).
 */
const GridCell = memo(function GridCell({
  asset,
  settings,
  selected,
  selectable,
  callbacks,
  handlers,
  DragItem,
  itemSlots,
}: {
  asset: AssetItem;
  settings: GridSettings;
  selected: boolean;
  selectable: boolean;
  callbacks: CardCallbacks;
  handlers: ItemActionHandlers;
  DragItem: AssetCollectionProps['DragItem'];
  itemSlots: ItemSlots | undefined;
}) {
  const card = (drag?: DragProps) => (
    <AssetCard
      asset={asset}
      settings={settings}
      selected={selected}
      selectable={selectable}
      onToggleSelect={callbacks.toggleSelect}
      onThumbClick={callbacks.thumbClick}
      onOpen={callbacks.open}
      onToggleFavorite={callbacks.toggleFavorite}
      handlers={handlers}
      drag={drag}
      badge={itemSlots?.badge?.(asset)}
      actions={itemSlots?.actions?.(asset)}
    />
  );
  return DragItem ? <DragItem asset={asset}>{card}</DragItem> : card();
});

/**
 * The grid view, virtualised like the list (000 §8): rows of cards, only the rows near the
 * viewport in the DOM, so 10,000 loaded assets cost what a screenful does. The next page
 * loads when the last rendered row comes within PREFETCH_WINDOW items of the end.
 */
function AssetGrid({
  items,
  loading,
  settings,
  scrollRef,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  onToggleFavorite,
  handlers,
  selection,
  DragItem,
  itemSlots,
}: AssetCollectionProps) {
  const cardMin = CARD_MIN_PX[settings.size];
  const { ref, width, offset } = useGridBox(scrollRef);
  const columns = Math.max(1, Math.floor((width + GRID_GAP_PX) / (cardMin + GRID_GAP_PX)));
  const skeletons = loading ? SKELETON_COUNT : isFetchingNextPage ? columns : 0;
  const cellCount = (loading ? 0 : items.length) + skeletons;
  const rowCount = Math.ceil(cellCount / columns);
  const cardWidth =
    settings.size === 'small_fixed' ? cardMin : (width - GRID_GAP_PX * (columns - 1)) / columns;
  const textHeight = settings.showAssetDetails ? CARD_TEXT_PX.withDetails : CARD_TEXT_PX.withoutDetails;
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => Math.round((cardWidth * 3) / 4 + textHeight + GRID_GAP_PX),
    overscan: GRID_OVERSCAN_ROWS,
    scrollMargin: offset,
    initialRect: { width: 1000, height: 800 },
  });
  // Column count or card size changed: every row's height changes with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout values are the trigger, not inputs.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, columns, cardWidth, textHeight]);
  const rows = virtualizer.getVirtualItems();
  const lastCell = ((rows[rows.length - 1]?.index ?? -1) + 1) * columns;
  useEffect(() => {
    if (!loading && hasNextPage && !isFetchingNextPage && lastCell >= items.length - PREFETCH_WINDOW)
      fetchNextPage();
  }, [loading, hasNextPage, isFetchingNextPage, lastCell, items.length, fetchNextPage]);

  const template =
    settings.size === 'small_fixed'
      ? `repeat(${columns}, ${cardMin}px)`
      : `repeat(${columns}, minmax(0, 1fr))`;
  const selecting = (selection?.count ?? 0) > 0;
  // Same objects from render to render: a card re-renders when its own props change.
  const stableHandlers = useStableCallbacks(handlers);
  const callbacks = useStableCallbacks<CardCallbacks>({
    open: onOpen,
    toggleFavorite: onToggleFavorite,
    toggleSelect: selection ? (asset, shift) => selection.toggle(asset.id, shift) : undefined,
    thumbClick: selection
      ? (asset, shift) => {
          if (selection.count > 0) selection.toggle(asset.id, shift);
        }
      : undefined,
  });
  const cell = (index: number) => {
    const asset = loading ? undefined : items[index];
    if (!asset)
      return (
        <div key={`skeleton-${index}`} data-testid="asset-skeleton">
          <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
          <Skeleton height={12} mt={10} width="70%" />
          {settings.showAssetDetails && <Skeleton height={10} mt={6} width="45%" />}
        </div>
      );
    return (
      <GridCell
        key={asset.id}
        asset={asset}
        settings={settings}
        selected={selection?.isSelected(asset.id) ?? false}
        selectable={Boolean(selection) && isSelectable(asset)}
        callbacks={callbacks}
        handlers={stableHandlers}
        DragItem={DragItem}
        itemSlots={itemSlots}
      />
    );
  };
  return (
    <div
      ref={ref}
      className={classes.gridViewport}
      style={{ height: virtualizer.getTotalSize() }}
      data-size={settings.size}
      data-selecting={selecting || undefined}
      data-testid="asset-grid"
    >
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={classes.grid}
          style={{
            gridTemplateColumns: template,
            transform: `translateY(${row.start - offset}px)`,
          }}
        >
          {Array.from({ length: columns }, (_, column) => row.index * columns + column)
            .filter((index) => index < cellCount)
            .map(cell)}
        </div>
      ))}
    </div>
  );
}

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
function AssetTable({
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
            <Tooltip label={starLabel}>
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
            </Tooltip>
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
