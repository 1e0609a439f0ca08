import { boardsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { type Board, boardKeys, boardScope } from './keys';

/**
 * POST …/boards/{id}/presentation: the board's public view-only link, made or reused, opening
 * the presentation (/boards/{id}/present). Turning the link off in the share dialog ends it.
 */
export function usePresentBoard(board: Pick<Board, 'id' | 'accountId' | 'brandId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(boardsApi.presentation, { params: { ...brandParams(boardScope(board)), id: board.id } }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: boardKeys.detail(board.brandId, board.id) }),
  });
}
