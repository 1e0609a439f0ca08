import { type DeleteResponse, libraryApi, USAGE_REFRESH } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { libraryTexts } from '@/config/texts/library';
import { removeFromLists, restore, type Snapshot } from '@/entities/asset/api/cache';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/notify';

export type DeleteResult = DeleteResponse;

/**
 * What to delete: picked items, or a select-all (every child of parentId, as many as the
 * confirmation named; the server refuses with 409 if the folder has gained items since).
 * `ids` are the loaded items either way: they leave the lists at once.
 */
export interface DeleteSelection {
  ids: readonly string[];
  all?: { parentId: string; totalCount: number };
}

/** DELETE …/assets/{id} for one item, POST …/library/delete for several or a select-all (403 with a system item). */
export function deleteAssets(scope: BrandScope, selection: DeleteSelection): Promise<DeleteResult> {
  const { ids, all } = selection;
  const params = brandParams(scope);
  if (all) {
    return call(libraryApi.deleteEntities, {
      params,
      body: { shouldApplyAll: true, parentId: all.parentId, totalCount: all.totalCount },
    });
  }
  if (ids.length === 1) {
    return call(libraryApi.deleteAsset, { params: { ...params, id: ids[0] as string } });
  }
  return call(libraryApi.deleteEntities, {
    params,
    body: { entities: ids.map((id) => ({ id, library: 'BRAND' as const })) },
  });
}

/** Drops the items from the lists at once; puts them back (the error toast shows) on failure. */
export function useDeleteAssets(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: DeleteSelection) => deleteAssets(scope, selection),
    onMutate: async ({ ids }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: ['library', scope.brandId, 'assets'] });
      return { snapshot: removeFromLists(queryClient, scope.brandId, ids) };
    },
    onError: (_error, _selection, context) => restore(queryClient, context?.snapshot),
    onSuccess: () => {
      showSuccessToast(libraryTexts.library.deleted);
      scheduleUsageRefresh(queryClient, scope.accountId, USAGE_REFRESH.afterDeleteMs);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
    },
  });
}
