import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

/** PUT tag-categories/{id} (name): a CUSTOM category only; 409 when the name is taken. */
export function renameCategory(scope: BrandScope, id: string, name: string) {
  return call(
    tagsApi.updateCategory,
    { params: { ...brandParams(scope), id }, body: { name } },
    { silent: true },
  );
}

export function useRenameCategory(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCategory(scope, id, name),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
