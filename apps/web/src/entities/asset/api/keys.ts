import type { Asset, AssetDetail, AssetSortField, FolderTreeNode, Library } from '@hookline/contract';

/** Library items as the typed client decodes them (createdAt a Date). */
export type AssetItem = Asset;
export type AssetDetailItem = AssetDetail;
export type { FolderTreeNode };

export interface SortState {
  sort: AssetSortField;
  order: 'asc' | 'desc';
}

/** The brand a library call is scoped to. */
export interface BrandScope {
  accountId: string;
  brandId: string;
  /** Another brand's items seen through a share: listings ask with includeShared. */
  shared?: boolean;
  /** The library of the item the player opens (BRAND unless said: a creative clip of a video ad). */
  library?: Library;
}

/** The path parameters of a brand-scoped call. */
export const brandParams = ({ accountId, brandId }: BrandScope) => ({ accountId, brandId });

/** Every library query of a brand starts with ['library', brandId]: one invalidation refreshes them. */
export const libraryKeys = {
  all: (brandId: string) => ['library', brandId] as const,
  assetsIn: (brandId: string, folderId: string) => ['library', brandId, 'assets', folderId] as const,
  assets: (brandId: string, folderId: string, sort: SortState) =>
    ['library', brandId, 'assets', folderId, sort.sort, sort.order] as const,
  detail: (brandId: string, id: string) => ['library', brandId, 'detail', id] as const,
  folders: (brandId: string, folderId: string) => ['library', brandId, 'folders', folderId] as const,
  tree: (brandId: string, folderId: string) => ['library', brandId, 'tree', folderId] as const,
  favorites: (brandId: string) => ['library', brandId, 'favorites'] as const,
};
