import { endpoints } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchInLists, restore, type Snapshot } from '@/entities/asset/api/cache';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/** PUT …/assets/{id} {name}: rename (the server keeps the extension too; system items 400). */
export function updateAsset(
  scope: BrandScope,
  id: string,
  body: { name?: string },
  options: { silent?: boolean } = {},
): Promise<AssetItem> {
  return call(endpoints.library.updateAsset, { params: { ...brandParams(scope), id }, body }, options);
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
