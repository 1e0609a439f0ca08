import { boardsApi, type RemoveBoardAssetsResponse } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { recordBoardOperation } from '../hooks/board-operation-log';
import { type Board, boardContentKeys, boardKeys, boardScope } from './keys';

/**
 * DELETE …/boards/{id}/assets: takes items off the board (their files stay in the library).
 * Answers which were removed and which failed; the removal is logged so the board's list
 * refetches until they are gone. Silent: the page words the outcome.
 */
export function useRemoveBoardAssets(board: Pick<Board, 'id' | 'accountId' | 'brandId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetIds: string[]): Promise<RemoveBoardAssetsResponse> =>
      call(
        boardsApi.removeAssets,
        { params: { ...brandParams(boardScope(board)), id: board.id }, body: { assetIds } },
        { silent: true },
      ),
    meta: { silent: true },
    onSuccess: ({ removed }) => {
      if (removed.length > 0) recordBoardOperation(board.id, { type: 'REMOVE', ids: removed });
      void queryClient.invalidateQueries({ queryKey: boardKeys.detail(board.brandId, board.id) });
      void queryClient.invalidateQueries({ queryKey: boardKeys.lists(board.brandId) });
      return queryClient.invalidateQueries({ queryKey: boardContentKeys.all(board.brandId, board.id) });
    },
  });
}
