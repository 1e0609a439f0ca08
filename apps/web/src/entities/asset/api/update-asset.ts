import { routes } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { patchInLists, restore, type Snapshot } from './cache';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from './keys';

/** PUT …/assets/{id} {name}: rename (the server keeps the extension too; system items 400). */
export function updateAsset(
  scope: BrandScope,
  id: string,
  body: { name?: string },
  options: { silent?: boolean } = {},
): Promise<AssetItem> {
  return call(routes.library.updateAsset, { params: { ...brandParams(scope), id }, body }, options);
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
