import { boardsApi, type Library, libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { invalidateBoardContent } from './invalidate';

export interface AssignEntity {
  id: string;
  library: Library;
}

/**
 * Adds library items to a board: PUT …/library/bulk with updateQuery.boardId (000 §7). The
 * server refuses the whole call when a folder is among them, skips items already on the
 * board and answers the files it took (updatedEntities). Silent: the dialog words the outcome.
 */
export function useAssignToBoard(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, entities }: { boardId: string; entities: AssignEntity[] }) =>
      call(
        libraryApi.bulkUpdate,
        { params: brandParams(scope), body: { entities, updateQuery: { boardId } } },
        { silent: true },
      ),
    meta: { silent: true },
    onSuccess: (_answer, { boardId }) => invalidateBoardContent(queryClient, scope.brandId, boardId),
  });
}

/** DELETE …/boards/{id}/assets: takes items off a board; their files stay in the library. */
export function useRemoveFromBoard(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, assetIds }: { boardId: string; assetIds: string[] }) =>
      call(
        boardsApi.removeAssets,
        { params: { ...brandParams(scope), id: boardId }, body: { assetIds } },
        { silent: true },
      ),
    meta: { silent: true },
    onSuccess: (_answer, { boardId }) => invalidateBoardContent(queryClient, scope.brandId, boardId),
  });
}
