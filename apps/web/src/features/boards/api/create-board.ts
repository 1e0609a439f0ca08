import { boardsApi, type CreateBoardBody } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { recordBoardOperation } from '../hooks/board-operation-log';
import { boardKeys } from './keys';

/** POST …/boards: a DRAFT board with its folder Boards/{name}; the lists refresh, the board is cached. */
export function useCreateBoard(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBoardBody) => call(boardsApi.create, { params: brandParams(scope), body }),
    onSuccess: (board) => {
      queryClient.setQueryData(boardKeys.detail(board.brandId, board.id), board);
      recordBoardOperation(board.id, { type: 'CREATE', expectedTotal: board.assetCount });
      return queryClient.invalidateQueries({ queryKey: boardKeys.lists(scope.brandId) });
    },
  });
}
