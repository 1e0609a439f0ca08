import { BOARD_POLLING, libraryApi, PAGE_SIZE } from '@hookline/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { flattenPages, hasItemsInFlight } from '@/entities/asset/api/get-assets';
import { type AssetItem, type BrandScope, brandParams, type SortState } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { pendingBoardOperations } from '../hooks/board-operation-log';
import { boardContentKeys } from './keys';

/** GET …/assets?boardId: one page (40) of a board's content, sorted as the page shows it. */
export function getBoardAssets(
  scope: BrandScope,
  boardId: string,
  params: { offset: number; sort: SortState },
  signal?: AbortSignal,
): Promise<ListResult<AssetItem>> {
  return call(
    libraryApi.listAssets,
    {
      params: brandParams(scope),
      query: {
        boardId,
        limit: PAGE_SIZE.assets,
        offset: params.offset,
        sort: params.sort.sort,
        order: params.sort.order,
      },
    },
    { signal, silent: true },
  );
}

/**
 * How often the board's content refetches (000 §4 "Board page refetch"): every 2 s while an
 * operation of the log waits for its change, every 4 s while an item uploads or makes its
 * thumbnail, otherwise not.
 */
export function boardRefetchInterval(
  boardId: string,
  data: { pages: ListResult<AssetItem>[] } | undefined,
  now: number = Date.now(),
): number | false {
  const { items, total } = flattenPages(data);
  const pending = pendingBoardOperations(boardId, { ids: new Set(items.map((item) => item.id)), total }, now);
  if (pending.length > 0) return BOARD_POLLING.refetchIntervalMs;
  return hasItemsInFlight(data) ? BOARD_POLLING.uploadingRefetchIntervalMs : false;
}

export const boardAssetsQueryOptions = (scope: BrandScope, boardId: string, sort: SortState) =>
  infiniteQueryOptions({
    queryKey: boardContentKeys.sorted(scope.brandId, boardId, sort),
    queryFn: ({ pageParam, signal }) => getBoardAssets(scope, boardId, { offset: pageParam, sort }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
    refetchInterval: (query) => boardRefetchInterval(boardId, query.state.data),
  });

export function useBoardAssets(scope: BrandScope, boardId: string, sort: SortState, enabled = true) {
  return useInfiniteQuery({ ...boardAssetsQueryOptions(scope, boardId, sort), enabled });
}

/** Every item id of a board (a download of the whole board), up to `max` + 1. */
export async function listBoardAssetIds(scope: BrandScope, boardId: string, max: number): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await getBoardAssets(scope, boardId, {
      offset: ids.length,
      sort: { sort: 'name', order: 'asc' },
    });
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length === 0 || ids.length >= page.total || ids.length > max) return ids;
  }
}
