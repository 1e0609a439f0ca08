import { type ReactNode, type RefObject, Suspense, useEffect } from 'react';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { whenIdle } from '@/lib/when-idle';
import type { AssetItem } from '../api/keys';
import type { GridSettings, ViewMode } from '../hooks/use-view-prefs';
import type { ItemActionHandlers } from './asset-actions-menu';
import type { DragProps } from './asset-card';
import { AssetGrid } from './asset-grid';

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
   * name), quick actions (with the card's hover actions, before the row's menu) and details.
   */
  itemSlots?: ItemSlots;
  /** Wraps a card or row with drag and drop (the library page). */
  DragItem?: (props: { asset: AssetItem; children: (drag: DragProps) => ReactNode }) => ReactNode;
}

export interface ItemSlots {
  badge?: (asset: AssetItem) => ReactNode;
  actions?: (asset: AssetItem) => ReactNode;
  /** More about the item under its name: where a search matched it (the card grows; the row shows it in one line). */
  details?: (asset: AssetItem) => ReactNode;
}

/**
 * The list view is the grid's alternative: its code loads when it is first shown, or when the
 * browser is idle after the grid has shown (issue #20: a page's first load carries what it shows).
 */
const table = lazyPrefetched(async () => (await import('./asset-table')).AssetTable);

/** The library's items as a virtualised grid of cards (asset-grid.tsx) or a list (asset-table.tsx). */
export function AssetCollection(props: AssetCollectionProps) {
  const shown = !props.loading;
  useEffect(
    () => (shown ? whenIdle(() => void table.prefetch().catch(() => undefined)) : undefined),
    [shown],
  );
  if (props.viewMode === 'list')
    return (
      <Suspense fallback={null}>
        <table.Component {...props} />
      </Suspense>
    );
  return <AssetGrid {...props} />;
}
