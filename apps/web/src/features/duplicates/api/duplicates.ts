import {
  type Asset,
  DUPLICATE_LIMITS,
  type DuplicateGroup,
  duplicatesApi,
  libraryApi,
  USAGE_REFRESH,
} from '@hookline/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveDuplicate } from '@/entities/asset/api/duplicates';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

/** Under the library's keys: whatever refreshes the library (uploads, deletes) refreshes the groups too. */
export const duplicatesKeys = {
  list: (brandId: string) => [...libraryKeys.all(brandId), 'duplicates'] as const,
};

/** GET …/duplicates: the brand's files with their newer duplicates, 20 groups a page. */
export const duplicateGroupsQueryOptions = (scope: BrandScope) =>
  infiniteQueryOptions({
    queryKey: duplicatesKeys.list(scope.brandId),
    queryFn: ({ pageParam, signal }): Promise<ListResult<DuplicateGroup>> =>
      call(
        duplicatesApi.groups,
        { params: brandParams(scope), query: { limit: DUPLICATE_LIMITS.page, offset: pageParam } },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

export function useDuplicateGroups(scope: BrandScope) {
  return useInfiniteQuery(duplicateGroupsQueryOptions(scope));
}

/**
 * 'Keep this one': deletes the group's other files with the library's delete call (POST
 * …/library/delete, each in its own library). A failure shows the default error toast.
 */
export function useKeepOne(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ others }: { keep: Asset; others: readonly Asset[] }) =>
      call(libraryApi.deleteEntities, {
        params: brandParams(scope),
        body: { entities: others.map((asset) => ({ id: asset.id, library: asset.library })) },
      }),
    onSuccess: () => {
      scheduleUsageRefresh(queryClient, scope.accountId, USAGE_REFRESH.afterDeleteMs);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
    },
  });
}

/** 'Not duplicates': KEEP_BOTH for each of the group's duplicates (their marks are cleared). */
export function useNotDuplicates(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (group: DuplicateGroup) => {
      for (const duplicate of group.duplicates) await resolveDuplicate(scope, duplicate.id, 'KEEP_BOTH');
    },
    // Also after a failure part-way: the ones already resolved leave the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
  });
}
