import { assetSortFields } from '@hookline/contract';
import type { SortState } from '../api/keys';
import { isRecord, readStored, useStoredState } from './use-stored-state';

/** Local storage keys (000 §9): sorting and column widths; grid settings per area. */
export const STORAGE_KEYS = {
  sorting: 'sorting',
  columnWidths: 'column-widths',
  viewMode: 'library-view-mode',
  gridSettings: (area: GridArea) => `grid-settings:${area}`,
} as const;

export const gridAreas = ['asset', 'videoAd', 'ugc', 'board', 'wizard'] as const;
export type GridArea = (typeof gridAreas)[number];
export const gridSizes = ['small', 'medium', 'large', 'small_fixed'] as const;
export type GridSize = (typeof gridSizes)[number];
export const thumbnailModes = ['default', 'covered'] as const;
export type ThumbnailMode = (typeof thumbnailModes)[number];

export interface GridSettings {
  size: GridSize;
  thumbnail: ThumbnailMode;
  showAssetDetails: boolean;
}

export function defaultGridSettings(area: GridArea): GridSettings {
  return { size: area === 'wizard' ? 'small_fixed' : 'medium', thumbnail: 'default', showAssetDetails: true };
}

function isGridSettings(value: unknown): value is GridSettings {
  return (
    isRecord(value) &&
    (gridSizes as readonly unknown[]).includes(value.size) &&
    (thumbnailModes as readonly unknown[]).includes(value.thumbnail) &&
    typeof value.showAssetDetails === 'boolean'
  );
}

export function useGridSettings(area: GridArea) {
  return useStoredState<GridSettings>(
    STORAGE_KEYS.gridSettings(area),
    defaultGridSettings(area),
    isGridSettings,
  );
}

/** Sorting is kept per area under one 'sorting' key; assets default to name ascending. */
type SortingStore = Record<string, SortState>;
function isSortingStore(value: unknown): value is SortingStore {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (v) =>
        isRecord(v) &&
        (assetSortFields as readonly unknown[]).includes(v.sort) &&
        (v.order === 'asc' || v.order === 'desc'),
    )
  );
}
export const DEFAULT_ASSET_SORT: SortState = { sort: 'name', order: 'asc' };

/** The stored sorting of an area, outside React (a route loader prefetching the first page). */
export function readSorting(area: GridArea): SortState {
  return readStored<SortingStore>(STORAGE_KEYS.sorting, {}, isSortingStore)[area] ?? DEFAULT_ASSET_SORT;
}

export function useSorting(area: GridArea): [SortState, (next: SortState) => void] {
  const [store, setStore] = useStoredState<SortingStore>(STORAGE_KEYS.sorting, {}, isSortingStore);
  return [store[area] ?? DEFAULT_ASSET_SORT, (next) => setStore({ ...store, [area]: next })];
}

export type ViewMode = 'grid' | 'list';
export function useViewMode() {
  return useStoredState<ViewMode>(
    STORAGE_KEYS.viewMode,
    'grid',
    (v): v is ViewMode => v === 'grid' || v === 'list',
  );
}

export type ColumnWidths = Record<string, number>;
export function useColumnWidths(defaults: ColumnWidths) {
  const [stored, set] = useStoredState<ColumnWidths>(
    STORAGE_KEYS.columnWidths,
    {},
    (v): v is ColumnWidths => isRecord(v) && Object.values(v).every((n) => typeof n === 'number'),
  );
  return [{ ...defaults, ...stored }, set] as const;
}
