import { PREFETCH_WINDOW, SKELETON_COUNT } from '@hookline/contract';
import { Skeleton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect } from 'react';
import { useGridBox } from '@/hooks/use-grid-box';
import { useStableCallbacks } from '@/hooks/use-stable-callbacks';
import type { AssetItem } from '../api/keys';
import { isSelectable } from '../hooks/use-selection';
import type { GridSettings } from '../hooks/use-view-prefs';
import classes from './asset.module.css';
import type { ItemActionHandlers } from './asset-actions-menu';
import { AssetCard, type DragProps } from './asset-card';
import type { AssetCollectionProps, ItemSlots } from './asset-collection';

const CARD_MIN_PX: Record<GridSettings['size'], number> = {
  small: 150,
  medium: 210,
  large: 300,
  small_fixed: 140,
};

/** Space between cards, across and down (the grid's CSS gap). */
const GRID_GAP_PX = 16;
/** Rows of cards rendered beyond the visible ones, each way. */
const GRID_OVERSCAN_ROWS = 3;
/** Height of a card's name and details under its 4:3 thumbnail (the first estimate; rows are measured). */
// Name, details and the tag line (22 px) with details on; the name alone without.
const CARD_TEXT_PX = { withDetails: 80, withoutDetails: 36 };

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
      details={itemSlots?.details?.(asset)}
    />
  );
  return DragItem ? <DragItem asset={asset}>{card}</DragItem> : card();
});

/**
 * The grid view, virtualised like the list (000 §8): rows of cards, only the rows near the
 * viewport in the DOM, so 10,000 loaded assets cost what a screenful does. The next page
 * loads when the last rendered row comes within PREFETCH_WINDOW items of the end.
 */
export function AssetGrid({
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
