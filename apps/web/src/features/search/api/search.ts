import {
  aiApi,
  analysisApi,
  CREATIVE_CLIP_LIMITS,
  PAGE_SIZE,
  type SearchOption,
  type SearchOptionEntity,
  type SearchQuery,
  type SearchResult,
  type SimilarResult,
  searchApi,
} from '@hookline/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

export const searchKeys = {
  all: (brandId: string) => ['search', brandId] as const,
  results: (brandId: string, query: SearchQuery) => ['search', brandId, 'results', query] as const,
  options: (brandId: string, entity: SearchOptionEntity, q: string, extra: object) =>
    ['search', brandId, 'options', entity, q, extra] as const,
  names: (brandId: string, q: string) => ['search', brandId, 'names', q] as const,
  similar: (brandId: string, id: string) => ['search', brandId, 'similar', id] as const,
};

/** GET /search: 40 a page (000 §9), the total in x-total-count. */
export function useSearchResults(scope: BrandScope, query: SearchQuery, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: searchKeys.results(scope.brandId, query),
      queryFn: ({ pageParam, signal }): Promise<ListResult<SearchResult>> =>
        call(
          searchApi.search,
          { params: brandParams(scope), query: { ...query, limit: PAGE_SIZE.search, offset: pageParam } },
          { signal, silent: true },
        ),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextOffset(pages),
      enabled,
      meta: { silent: true },
    }),
  );
}

/** More like this: GET assets/{id}/similar, 40 a page, nearest first. */
export function useSimilarItems(scope: BrandScope, id: string | undefined) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: searchKeys.similar(scope.brandId, id ?? ''),
      queryFn: ({ pageParam, signal }): Promise<ListResult<SimilarResult>> =>
        call(
          searchApi.similar,
          {
            params: { ...brandParams(scope), id: id ?? '' },
            query: { limit: PAGE_SIZE.search, offset: pageParam },
          },
          { signal, silent: true },
        ),
      initialPageParam: 0,
      getNextPageParam: (_last, pages) => nextOffset(pages),
      enabled: Boolean(id),
      meta: { silent: true },
    }),
  );
}

/**
 * GET search-options: one kind's options matching q, 50 a page (000 §9); a page holds more
 * after it when it came back full.
 */
export function useSearchOptions(
  scope: BrandScope,
  entity: SearchOptionEntity,
  q: string,
  extra: { fieldId?: string } = {},
  enabled = true,
) {
  const limit = PAGE_SIZE.searchOptions;
  return useInfiniteQuery({
    queryKey: searchKeys.options(scope.brandId, entity, q, extra),
    queryFn: ({ pageParam, signal }): Promise<SearchOption[]> =>
      call(
        searchApi.options,
        {
          params: brandParams(scope),
          query: { entity, q: q || undefined, limit, offset: pageParam, ...extra },
        },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === limit ? pages.length * limit : undefined),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/**
 * The breakdown filter's subtypes through the scene subtype search (000 §7, 001 §9): the 5
 * most used matching q, then 20 more at a time; each as an option whose detail is its type.
 */
export function useSubtypeOptions(scope: BrandScope, q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...searchKeys.all(scope.brandId), 'subtypes', q] as const,
    queryFn: async ({ pageParam, signal }): Promise<ListResult<SearchOption>> => {
      const page = await call(
        analysisApi.subtypes,
        {
          params: brandParams(scope),
          query: {
            q: q || undefined,
            limit:
              pageParam === 0 ? CREATIVE_CLIP_LIMITS.subtypesFirstPage : CREATIVE_CLIP_LIMITS.subtypesPage,
            offset: pageParam,
          },
        },
        { signal, silent: true },
      );
      return {
        total: page.total,
        items: page.items.map((s) => ({
          id: `${s.type}:${s.subtype}`,
          name: s.subtype,
          entity: 'CLIP_SUBTYPE' as const,
          detail: s.type,
        })),
      };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** The global box's suggestions: up to 5 items whose names match (library options-search). */
export function useNameSuggestions(scope: BrandScope, q: string) {
  return useQuery({
    queryKey: searchKeys.names(scope.brandId, q),
    queryFn: ({ signal }) =>
      call(
        searchApi.libraryOptions,
        { params: brandParams(scope), query: { q, limit: 5 } },
        { signal, silent: true },
      ),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** Whether keyword search ranks by meaning too (the server's AI capabilities; changes only with a restart). */
export function useSemanticSearchOn(scope: BrandScope, enabled: boolean): boolean {
  const capabilities = useQuery({
    queryKey: [...searchKeys.all(scope.brandId), 'semantic'],
    queryFn: ({ signal }) =>
      call(aiApi.capabilities, { params: brandParams(scope) }, { signal, silent: true }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  return enabled && capabilities.data?.semanticSearch?.enabled === true;
}
