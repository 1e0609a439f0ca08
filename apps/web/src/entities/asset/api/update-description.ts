import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { AssetDetailItem, AssetItem, BrandScope } from './keys';
import { brandParams, libraryKeys } from './keys';

/** PUT …/assets/{id}/description: at most 1000 characters; blank clears it (the server stores null). */
export function updateDescription(
  scope: BrandScope,
  id: string,
  description: string,
  options: { silent?: boolean } = {},
): Promise<AssetItem> {
  return call(
    libraryApi.updateDescription,
    { params: { ...brandParams(scope), id }, body: { description } },
    options,
  );
}

/**
 * Saves the description; the open player reads the detail query, so the answer goes straight
 * into it (keeping its ancestors) and the lists refresh in the background.
 */
export function useUpdateDescription(scope: BrandScope, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, description }: { id: string; description: string }) =>
      updateDescription(scope, id, description, options),
    meta: { silent: options.silent },
    onSuccess: (asset) =>
      queryClient.setQueryData<AssetDetailItem>(libraryKeys.detail(scope.brandId, asset.id), (old) =>
        old ? { ...old, ...asset } : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}
