import { libraryApi } from '@hookline/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flattenPages } from '@/entities/asset/api/get-assets';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { boardContentKeys } from './keys';

/** The largest page the library list gives: a presentation asks for every item, a page at a time. */
export const PRESENTATION_PAGE_SIZE = 200;

/**
 * GET …/assets?boardId, oldest first: a board's items in the order they came onto it, every
 * page (the presentation shows them all, one slide each). Pages after the first are fetched
 * at once, while the first slides show.
 */
export function usePresentationItems(scope: BrandScope, boardId: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...boardContentKeys.all(scope.brandId, boardId), 'presentation'],
    queryFn: ({ pageParam, signal }) =>
      call(
        libraryApi.listAssets,
        {
          params: brandParams(scope),
          query: {
            boardId,
            limit: PRESENTATION_PAGE_SIZE,
            offset: pageParam,
            sort: 'createdAt',
            order: 'asc',
          },
        },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled,
    retry: false,
    meta: { silent: true },
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const { items, total } = flattenPages(query.data);
  return { ...query, items: items.filter((item) => item.type !== 'FOLDER'), total };
}
