import { boardsApi, type UpdateBoardBody } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { type Board, boardKeys, boardScope } from './keys';

/**
 * PUT …/boards/{id} (partial): the change shows at once in the board and the lists and is put
 * back when refused (ui.md: optimistic quick edits). Silent: each field says what failed.
 */
export function useUpdateBoard(board: Pick<Board, 'id' | 'accountId' | 'brandId'>) {
  const queryClient = useQueryClient();
  const scope = boardScope(board);
  const detailKey = boardKeys.detail(board.brandId, board.id);
  return useMutation({
    mutationFn: (body: UpdateBoardBody) =>
      call(boardsApi.update, { params: { ...brandParams(scope), id: board.id }, body }, { silent: true }),
    meta: { silent: true },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const previous = queryClient.getQueryData<Board>(detailKey);
      if (previous) {
        const { tags: _tags, name, title, ...rest } = body;
        const named = name ?? title;
        queryClient.setQueryData<Board>(detailKey, {
          ...previous,
          ...(rest as Partial<Board>),
          ...(named ? { name: named, title: named } : {}),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(detailKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(detailKey, saved);
      return queryClient.invalidateQueries({ queryKey: boardKeys.lists(scope.brandId) });
    },
  });
}
