import { boardsApi, PAGE_SIZE } from '@hookline/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { type Board, type BoardListKind, boardKeys } from './keys';

/**
 * GET …/boards: one page of 20 (000 §9), newest names first (the seeds' default, name
 * descending); `mine` the boards I created, `isShared` the boards shared with me.
 */
export function getBoards(
  scope: BrandScope,
  kind: BoardListKind,
  offset: number,
  signal?: AbortSignal,
): Promise<ListResult<Board>> {
  return call(
    boardsApi.list,
    {
      params: brandParams(scope),
      query: {
        limit: PAGE_SIZE.boards,
        offset,
        sort: 'name',
        order: 'desc',
        ...(kind === 'mine' ? { mine: 'true' as const } : {}),
        ...(kind === 'shared' ? { isShared: 'true' as const } : {}),
      },
    },
    { signal, silent: true },
  );
}

export const boardsQueryOptions = (scope: BrandScope, kind: BoardListKind) =>
  infiniteQueryOptions({
    queryKey: boardKeys.list(scope.brandId, kind),
    queryFn: ({ pageParam, signal }) => getBoards(scope, kind, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

export function useBoards(scope: BrandScope, kind: BoardListKind) {
  return useInfiniteQuery(boardsQueryOptions(scope, kind));
}

/** The sidebar's list: the brand's first page of boards (asked with a cold load's first calls). */
export const sidebarBoardsQueryOptions = (scope: BrandScope) =>
  queryOptions({
    queryKey: [...boardKeys.list(scope.brandId, 'all'), 'sidebar'],
    queryFn: ({ signal }) => getBoards(scope, 'all', 0, signal),
    staleTime: 30_000,
    meta: { silent: true },
  });

export function useSidebarBoards(scope: BrandScope) {
  return useQuery(sidebarBoardsQueryOptions(scope));
}

export const boardQueryOptions = (scope: BrandScope, id: string) =>
  queryOptions({
    queryKey: boardKeys.detail(scope.brandId, id),
    queryFn: ({ signal }) =>
      call(boardsApi.get, { params: { ...brandParams(scope), id } }, { signal, silent: true }),
    meta: { silent: true },
    // An unknown board is a page state, not something to try again.
    retry: false,
  });

/** GET …/boards/{id} (404 when unknown or not the caller's to see). */
export function useBoard(scope: BrandScope, id: string) {
  return useQuery(boardQueryOptions(scope, id));
}
