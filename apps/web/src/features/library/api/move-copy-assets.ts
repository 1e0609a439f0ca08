import { type BulkMoveCopyBody, interpolate, libraryApi, type MoveCopyResponse } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryTexts } from '@/config/texts/library';
import { removeFromLists, restore, type Snapshot } from '@/entities/asset/api/cache';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/notify';

export type MoveCopyKind = 'move' | 'copy';

/** The contract's bulk move/copy body, plus which of the two and the loaded ids (for the optimistic update). */
export type MoveCopyInput = Omit<BulkMoveCopyBody, 'assetIds'> & { kind: MoveCopyKind; assetIds: string[] };

/** POST …/assets/bulk-move | bulk-copy: isAsync when the server finishes it in a background job. */
export function moveCopyAssets(scope: BrandScope, input: MoveCopyInput): Promise<MoveCopyResponse> {
  const { kind, assetIds, ...body } = input;
  return call(kind === 'move' ? libraryApi.bulkMove : libraryApi.bulkCopy, {
    params: brandParams(scope),
    body: { ...body, assetIds: input.shouldApplyAll ? undefined : assetIds },
  });
}

/** 'Asset moved', '3 assets copied', or the background-job notice (000 §8). */
export function moveCopyMessage(kind: MoveCopyKind, result: MoveCopyResponse, requested: number): string {
  const t = libraryTexts.library;
  if (result.isAsync) return kind === 'move' ? t.movedAsync : t.copiedAsync;
  if (requested === 1) return kind === 'move' ? t.assetMoved : t.assetCopied;
  return interpolate(kind === 'move' ? t.assetsMoved : t.assetsCopied, { count: result.count });
}

/** A move drops the items from the list at once and puts them back on failure. */
export function useMoveCopyAssets(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveCopyInput) => moveCopyAssets(scope, input),
    onMutate: async (input): Promise<{ snapshot: Snapshot }> => {
      if (input.kind !== 'move') return { snapshot: [] };
      await queryClient.cancelQueries({ queryKey: ['library', scope.brandId, 'assets'] });
      return { snapshot: removeFromLists(queryClient, scope.brandId, input.assetIds) };
    },
    onError: (_error, _input, context) => restore(queryClient, context?.snapshot),
    onSuccess: (result, input) => {
      // Here rather than in mutate(): the page may be gone (the open folder was moved).
      showSuccessToast(
        moveCopyMessage(input.kind, result, input.shouldApplyAll ? result.count : input.assetIds.length),
      );
      if (input.kind === 'copy') scheduleUsageRefresh(queryClient, scope.accountId);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
    },
  });
}
