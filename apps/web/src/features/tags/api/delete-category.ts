import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

/** DELETE tag-categories/{id}: a CUSTOM category only; its tags move to General. */
export function deleteCategory(scope: BrandScope, id: string) {
  return call(tagsApi.deleteCategory, { params: { ...brandParams(scope), id } }, { silent: true });
}

export function useDeleteCategory(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCategory(scope, id),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
