import { tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { invalidateTaggedItems } from '@/entities/tag/api';
import { call } from '@/lib/call';

export interface BulkTagInput {
  /** The picked items, or with `all` every item of parentId (select-all). */
  ids: string[];
  parentId: string;
  all: boolean;
  tagIds: string[];
  remove: boolean;
}

/** POST …/tags/bulk-tag (000 §7): a background job above 500 files. */
export function useBulkTag(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, parentId, all, tagIds, remove }: BulkTagInput) =>
      call(tagsApi.bulkTag, {
        params: brandParams(scope),
        body: all
          ? { shouldApplyAll: true, parentId, tagIds, remove }
          : { entityIds: ids.map((id) => ({ id, library: 'BRAND' as const })), tagIds, remove },
      }),
    onSettled: () => invalidateTaggedItems(queryClient, scope.brandId),
  });
}
