import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

/**
 * POST tags (name, categoryId): one tag typed into a category. A name the brand already has
 * (ignoring case) answers 409 with the server's message, which the entry shows inline.
 * Several names at once go through the entity's bulk create (useCreateTags).
 */
export function createTag(scope: BrandScope, name: string, categoryId: string) {
  return call(tagsApi.create, { params: brandParams(scope), body: { name, categoryId } }, { silent: true });
}

export function useCreateTag(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, categoryId }: { name: string; categoryId: string }) =>
      createTag(scope, name, categoryId),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
