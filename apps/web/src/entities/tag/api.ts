import { type Tag, type TagCategory, tagsApi } from '@hookline/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/**
 * A brand's tags and tag categories (000 §3 "Tag and category"): read by the tag selector
 * (player, add-tags dialog) and the tag management page. Every tag query of a brand starts
 * with ['tags', brandId], so one invalidation refreshes them all.
 */
export type { Tag, TagCategory };

export const tagKeys = {
  all: (brandId: string) => ['tags', brandId] as const,
  categories: (brandId: string, withCount: boolean) => ['tags', brandId, 'categories', withCount] as const,
  list: (brandId: string) => ['tags', brandId, 'list'] as const,
};

export const tagCategoriesQueryOptions = (scope: BrandScope, withCount = false) =>
  queryOptions({
    queryKey: tagKeys.categories(scope.brandId, withCount),
    queryFn: ({ signal }) =>
      call(
        tagsApi.listCategories,
        { params: brandParams(scope), query: { includeCount: withCount ? 'true' : undefined } },
        { signal },
      ),
    staleTime: 30_000,
    // Callers show their own state (the tag page an inline error, the selector no suggestions).
    meta: { silent: true },
  });

/** Categories with their tags (General first); `enabled` false waits until they are wanted. */
export function useTagCategories(scope: BrandScope, withCount = false, enabled = true) {
  return useQuery({ ...tagCategoriesQueryOptions(scope, withCount), enabled });
}

export const tagsQueryOptions = (scope: BrandScope) =>
  queryOptions({
    queryKey: tagKeys.list(scope.brandId),
    queryFn: ({ signal }) => call(tagsApi.list, { params: brandParams(scope) }, { signal }),
    staleTime: 30_000,
    meta: { silent: true },
  });

/** Every tag of the brand by name. */
export function useTags(scope: BrandScope) {
  return useQuery(tagsQueryOptions(scope));
}

/**
 * Creates tags by name (existing names, ignoring case, answer the existing tag): what inline
 * entry does before it attaches them. New names land in General unless a category is given.
 */
export function useCreateTags(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ names, categoryId }: { names: string[]; categoryId?: string }) =>
      call(tagsApi.createBulk, { params: brandParams(scope), body: { names, categoryId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}

/** After tags change on items: the library's answers carry them. */
export function invalidateTaggedItems(queryClient: ReturnType<typeof useQueryClient>, brandId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.all(brandId) }),
    queryClient.invalidateQueries({ queryKey: tagKeys.all(brandId) }),
  ]);
}
