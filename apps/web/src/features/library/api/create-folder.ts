import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/** POST …/assets/{parentId|root}/folders {name}: a new folder (201). */
export function createFolder(scope: BrandScope, parentId: string, name: string): Promise<AssetItem> {
  return call(libraryApi.createFolder, {
    params: { ...brandParams(scope), parentId },
    body: { name },
  });
}

export function useCreateFolder(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, name }: { parentId: string; name: string }) =>
      createFolder(scope, parentId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}
