import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchInLists, restore, type Snapshot } from '@/entities/asset/api/cache';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/** POST …/library/BRAND/{id}/favorite | unfavorite. */
export function setFavorite(scope: BrandScope, id: string, favorite: boolean): Promise<{ ok: true }> {
  const endpoint = favorite ? libraryApi.favorite : libraryApi.unfavorite;
  return call(endpoint, { params: { ...brandParams(scope), library: 'BRAND', id } });
}

/** The star shows its new state at once and flips back on failure. */
export function useToggleFavorite(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) => setFavorite(scope, id, favorite),
    onMutate: ({ id, favorite }): { snapshot: Snapshot } => ({
      snapshot: patchInLists(queryClient, scope.brandId, id, (item) => ({ ...item, isFavorite: favorite })),
    }),
    onError: (_error, _vars, context) => restore(queryClient, context?.snapshot),
    onSettled: (_r, _e, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.favorites(scope.brandId) }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.detail(scope.brandId, id) }),
      ]),
  });
}
