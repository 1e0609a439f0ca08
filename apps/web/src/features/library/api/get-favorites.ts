import { libraryApi, PAGE_SIZE } from '@hookline/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

/** GET …/library/favorites: the brand's starred items, newest first, 25 a page. */
export function getFavorites(
  scope: BrandScope,
  offset: number,
  signal?: AbortSignal,
): Promise<ListResult<AssetItem>> {
  return call(
    libraryApi.favorites,
    {
      params: brandParams(scope),
      query: { limit: PAGE_SIZE.favorites, offset, sort: 'createdAt', order: 'desc' },
    },
    { signal, silent: true },
  );
}

export const favoritesQueryOptions = (scope: BrandScope) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.favorites(scope.brandId),
    queryFn: ({ pageParam, signal }) => getFavorites(scope, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

export function useFavorites(scope: BrandScope) {
  return useInfiniteQuery(favoritesQueryOptions(scope));
}
