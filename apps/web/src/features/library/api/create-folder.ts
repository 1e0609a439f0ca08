import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AssetItem, type BrandScope, brandPath, libraryKeys } from './keys';

/** POST …/assets/{parentId|root}/folders {name}: a new folder (201). */
export function createFolder(scope: BrandScope, parentId: string, name: string): Promise<AssetItem> {
  return api.post<AssetItem>(`${brandPath(scope)}/assets/${encodeURIComponent(parentId)}/folders`, { name });
}

export function useCreateFolder(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, name }: { parentId: string; name: string }) =>
      createFolder(scope, parentId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}
