import {
  type AuthorizationPolicy,
  type CreateShareInput,
  type Library,
  PAGE_SIZE,
  type ShareRecord,
  sharesApi,
  type UpdateShareInput,
} from '@hookline/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

/**
 * Sharing (000 §3 "Share", §4, §7): an item's shares, the caller's authorization policy and
 * the items shared with them. Every share query starts with ['shares'].
 */
export type { AuthorizationPolicy, ShareRecord };

export const shareKeys = {
  all: ['shares'] as const,
  policy: (brandId: string | null) => ['shares', 'policy', brandId] as const,
  record: (brandId: string, id: string) => ['shares', 'record', brandId, id] as const,
  sharedWithMe: ['shares', 'shared-with-me'] as const,
};

/** GET /authorization/policy: a link's grant (the share token rides on every call), or a user's person shares in a brand. */
export const policyQueryOptions = (brandId: string | null) =>
  queryOptions({
    queryKey: shareKeys.policy(brandId),
    queryFn: ({ signal }) =>
      call(sharesApi.policy, { query: brandId ? { brandId } : {} }, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });

export const shareRecordQueryOptions = (scope: BrandScope, library: Library, id: string) =>
  queryOptions({
    queryKey: shareKeys.record(scope.brandId, id),
    queryFn: ({ signal }) =>
      call(sharesApi.get, { params: { ...brandParams(scope), library, id } }, { signal }),
  });

/** Share writes answer the item's whole record: the cache takes it as is, and lists learn isShared. */
export function useShareWrites(scope: BrandScope, library: Library, id: string) {
  const queryClient = useQueryClient();
  const settle = (record: ShareRecord) => {
    queryClient.setQueryData(shareKeys.record(scope.brandId, id), record);
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
  };
  const params = { ...brandParams(scope), library, id };
  return {
    create: useMutation({
      mutationFn: (body: Omit<CreateShareInput, 'resourceId' | 'library'>) =>
        call(sharesApi.create, { params, body: { resourceId: id, library, ...body } }),
      onSuccess: settle,
    }),
    update: useMutation({
      mutationFn: ({ shareId, body }: { shareId: string; body: UpdateShareInput }) =>
        call(sharesApi.update, { params: { ...params, shareId }, body }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (shareId: string) => call(sharesApi.delete, { params: { ...params, shareId } }),
      onSuccess: settle,
    }),
  };
}

/** The share writes of one item (create, update, remove). */
export type ShareWrites = ReturnType<typeof useShareWrites>;

/** GET /library/shared: items shared with me, 25 a page, newest share first. */
export const sharedWithMeQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: shareKeys.sharedWithMe,
    queryFn: ({ pageParam, signal }): Promise<ListResult<AssetItem>> =>
      call(
        sharesApi.shared,
        { query: { limit: PAGE_SIZE.shared, offset: pageParam, includeCommentsCount: 'true' } },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

/** PUT library/{library}/{id}/unshare: a recipient drops another brand's item. */
export function useUnshare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: AssetItem) =>
      call(sharesApi.unshare, {
        params: { accountId: item.accountId, brandId: item.brandId, library: item.library, id: item.id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.sharedWithMe }),
  });
}
