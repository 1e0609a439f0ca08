import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

/** POST tag-categories (name): 409 when the brand has a category of that name. */
export function createCategory(scope: BrandScope, name: string) {
  return call(tagsApi.createCategory, { params: brandParams(scope), body: { name } }, { silent: true });
}

/** The dialog shows a 409 at its field and the generic toast for anything else (000 §8). */
export function useCreateCategory(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCategory(scope, name),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
