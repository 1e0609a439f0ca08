import { boardsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { type Board, boardKeys, boardScope } from './keys';

/** DELETE …/boards/{id}: its files stay in the library unless deleteUploadedFiles. */
export function useDeleteBoard(board: Pick<Board, 'id' | 'accountId' | 'brandId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deleteUploadedFiles: boolean) =>
      call(boardsApi.delete, {
        params: { ...brandParams(boardScope(board)), id: board.id },
        query: deleteUploadedFiles ? { deleteUploadedFiles: 'true' } : {},
      }),
    onSuccess: (_answer, deleteUploadedFiles) => {
      queryClient.removeQueries({ queryKey: boardKeys.detail(board.brandId, board.id) });
      void queryClient.invalidateQueries({ queryKey: boardKeys.lists(board.brandId) });
      if (deleteUploadedFiles)
        void queryClient.invalidateQueries({ queryKey: libraryKeys.all(board.brandId) });
    },
  });
}
