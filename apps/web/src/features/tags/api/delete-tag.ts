import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { invalidateTaggedItems } from '@/entities/tag/api';
import { call } from '@/lib/call';

/** DELETE tags/{id}: the tag goes, and comes off every item that carried it. */
export function deleteTag(scope: BrandScope, id: string) {
  return call(tagsApi.delete, { params: { ...brandParams(scope), id } });
}

export function useDeleteTag(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTag(scope, id),
    onSettled: () => invalidateTaggedItems(queryClient, scope.brandId),
  });
}
