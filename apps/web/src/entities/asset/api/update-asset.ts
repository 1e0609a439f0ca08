import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { patchInLists, restore, type Snapshot } from './cache';
import { type AssetDetailItem, type AssetItem, type BrandScope, brandParams, libraryKeys } from './keys';

/** PUT …/assets/{id} {name}: rename (the server keeps the extension too; system items 400). */
export function updateAsset(
  scope: BrandScope,
  id: string,
  body: { name?: string; tags?: string[] },
  options: { silent?: boolean } = {},
): Promise<AssetItem> {
  return call(libraryApi.updateAsset, { params: { ...brandParams(scope), id }, body }, options);
}

/** Rename, shown at once and rolled back (with the error toast) when the server refuses. */
export function useRenameAsset(scope: BrandScope, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateAsset(scope, id, { name }, options),
    meta: { silent: options.silent },
    onMutate: ({ id, name }): { snapshot: Snapshot } => ({
      snapshot: patchInLists(queryClient, scope.brandId, id, (item) => ({ ...item, name })),
    }),
    onError: (_error, _vars, context) => restore(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}

/**
 * Sets an item's whole set of tags (tag ids of the brand). The answer goes straight into the
 * open player and every loaded list; lists and tag counts refresh in the background.
 */
export function useSetAssetTags(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: string; tags: string[] }) =>
      updateAsset(scope, id, { tags }, { silent: true }),
    meta: { silent: true },
    onSuccess: (asset) => {
      queryClient.setQueryData<AssetDetailItem>(libraryKeys.detail(scope.brandId, asset.id), (old) =>
        old ? { ...old, tags: asset.tags } : old,
      );
      patchInLists(queryClient, scope.brandId, asset.id, (item) => ({ ...item, tags: asset.tags }));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
        queryClient.invalidateQueries({ queryKey: ['tags', scope.brandId] }),
      ]),
  });
}
