import { boardsApi, PAGE_SIZE } from '@hookline/contract';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { boardKeys } from './keys';

/**
 * The assign-to-board picker: the brand's boards, 20 a page (000 §9), the most recently
 * changed first (the board one just added to is likely the next one). Silent: the picker
 * shows its own failure with a retry.
 */
export const boardPickerQueryOptions = (scope: BrandScope) =>
  infiniteQueryOptions({
    queryKey: boardKeys.picker(scope.brandId),
    queryFn: ({ pageParam, signal }) =>
      call(
        boardsApi.list,
        {
          params: brandParams(scope),
          query: { limit: PAGE_SIZE.boards, offset: pageParam, sort: 'updatedAt', order: 'desc' },
        },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

/** POST …/boards: a DRAFT board named `name`; it is cached and the lists refresh. */
export function useCreateBoard(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(boardsApi.create, { params: brandParams(scope), body: { name } }, { silent: true }),
    meta: { silent: true },
    onSuccess: (board) => {
      queryClient.setQueryData(boardKeys.detail(board.brandId, board.id), board);
      return queryClient.invalidateQueries({ queryKey: boardKeys.lists(scope.brandId) });
    },
  });
}
