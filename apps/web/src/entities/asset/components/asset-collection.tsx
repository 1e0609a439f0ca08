import type { ReactNode, RefObject } from 'react';
import type { AssetItem } from '../api/keys';
import type { GridSettings, ViewMode } from '../hooks/use-view-prefs';
import type { ItemActionHandlers } from './asset-actions-menu';
import type { DragProps } from './asset-card';
import { AssetGrid } from './asset-grid';
import { AssetTable } from './asset-table';

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

/** The library's items as a virtualised grid of cards (asset-grid.tsx) or a list (asset-table.tsx). */
export function AssetCollection(props: AssetCollectionProps) {
  if (props.viewMode === 'list') return <AssetTable {...props} />;
  return <AssetGrid {...props} />;
}
