import { libraryApi, PAGE_SIZE, UPLOADING_REFETCH_INTERVAL_MS } from '@hookline/contract';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { type AssetItem, type BrandScope, brandParams, libraryKeys, type SortState } from './keys';

/** GET …/assets?parentId: one page of a folder (folders first), with x-total-count. */
export function getAssets(
  scope: BrandScope,
  params: { folderId: string; offset: number; sort: SortState },
  signal?: AbortSignal,
): Promise<ListResult<AssetItem>> {
  return call(
    libraryApi.listAssets,
    {
      params: brandParams(scope),
      query: {
        parentId: params.folderId,
        limit: PAGE_SIZE.assets,
        offset: params.offset,
        sort: params.sort.sort,
        order: params.sort.order,
        ...(scope.shared ? { includeShared: 'true' as const } : {}),
      },
    },
    // The page reacts to a 404 (unknown folder) itself.
    { signal, silent: true },
  );
}

export type AssetPages = InfiniteData<ListResult<AssetItem>, unknown>;

export const assetsQueryOptions = (scope: BrandScope, folderId: string, sort: SortState) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.assets(scope.brandId, folderId, sort),
    queryFn: ({ pageParam, signal }) => getAssets(scope, { folderId, offset: pageParam, sort }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
    // While anything uploads or makes its previews, the list refreshes every 4 s (000 §4).
    refetchInterval: (query) => (hasItemsInFlight(query.state.data) ? UPLOADING_REFETCH_INTERVAL_MS : false),
  });

export function hasItemsInFlight(data: { pages: ListResult<AssetItem>[] } | undefined): boolean {
  return Boolean(
    data?.pages.some((page) =>
      page.items.some(
        (item) =>
          item.uploadingState === 'UPLOADING' || item.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL',
      ),
    ),
  );
}

export function useAssets(scope: BrandScope, folderId: string, sort: SortState, enabled = true) {
  return useInfiniteQuery({ ...assetsQueryOptions(scope, folderId, sort), enabled });
}

export function flattenPages(data: { pages: ListResult<AssetItem>[] } | undefined): {
  items: AssetItem[];
  total: number;
} {
  if (!data) return { items: [], total: 0 };
  const items = data.pages.flatMap((page) => page.items);
  return { items, total: data.pages[data.pages.length - 1]?.total ?? items.length };
}
