import { tagsApi, type updateTagBodySchema } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { invalidateTaggedItems, tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

export type UpdateTagBody = z.input<typeof updateTagBodySchema>;

/**
 * PUT tags/{id}: rename, recategorise, describe, auto-search on or off. 409 when the new name
 * is taken; 400 naming autoSearchInFiles when the account's auto-search limit is reached.
 */
export function updateTag(scope: BrandScope, id: string, body: UpdateTagBody) {
  return call(tagsApi.update, { params: { ...brandParams(scope), id }, body }, { silent: true });
}

export function useUpdateTag(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTagBody }) => updateTag(scope, id, body),
    meta: { silent: true },
    // Items carry their tags' names: a rename refreshes the library too.
    onSuccess: (_tag, { body }) =>
      body.name !== undefined
        ? invalidateTaggedItems(queryClient, scope.brandId)
        : queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
