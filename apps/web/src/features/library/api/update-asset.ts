import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchInLists, restore, type Snapshot } from './cache';
import { type AssetItem, type BrandScope, brandPath, libraryKeys } from './keys';

/** PUT …/assets/{id} {name}: rename (the server keeps the extension too; system items 400). */
export function updateAsset(scope: BrandScope, id: string, body: { name?: string }): Promise<AssetItem> {
  return api.put<AssetItem>(`${brandPath(scope)}/assets/${encodeURIComponent(id)}`, body);
}

/** Rename, shown at once and rolled back (with the error toast) when the server refuses. */
export function useRenameAsset(scope: BrandScope, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      options.silent
        ? api.put<AssetItem>(
            `${brandPath(scope)}/assets/${encodeURIComponent(id)}`,
            { name },
            { silent: true },
          )
        : updateAsset(scope, id, { name }),
    meta: { silent: options.silent },
    onMutate: ({ id, name }): { snapshot: Snapshot } => ({
      snapshot: patchInLists(queryClient, scope.brandId, id, (item) => ({ ...item, name })),
    }),
    onError: (_error, _vars, context) => restore(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}
