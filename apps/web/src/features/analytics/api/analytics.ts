import {
  ANALYTICS_LIMITS,
  type AnalyticsAd,
  type AnalyticsPreset,
  type AnalyticsSortField,
  analyticsApi,
} from '@hookline/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

/** What the list asks the server for (the page's state without the UI-only parts). */
export interface AnalyticsListArgs {
  preset: AnalyticsPreset;
  /** CUSTOM's first and last day (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
  keyword: string;
  sort: AnalyticsSortField;
  order: 'asc' | 'desc';
}

export const analyticsKeys = {
  all: (brandId: string) => ['analytics', brandId] as const,
  list: (brandId: string, args: AnalyticsListArgs) =>
    [
      'analytics',
      brandId,
      'list',
      args.preset,
      args.from ?? null,
      args.to ?? null,
      args.keyword,
      args.sort,
      args.order,
    ] as const,
  any: (brandId: string) => ['analytics', brandId, 'any'] as const,
};

/** GET …/performance-analytics: the brand's ads with their figures for the preset, 40 a page. */
export const analyticsListQueryOptions = (scope: BrandScope, args: AnalyticsListArgs, enabled = true) =>
  infiniteQueryOptions({
    queryKey: analyticsKeys.list(scope.brandId, args),
    queryFn: ({ pageParam, signal }): Promise<ListResult<AnalyticsAd>> =>
      call(
        analyticsApi.list,
        {
          params: brandParams(scope),
          query: {
            analyticsPreset: args.preset,
            from: args.preset === 'CUSTOM' ? args.from : undefined,
            to: args.preset === 'CUSTOM' ? args.to : undefined,
            keyword: args.keyword || undefined,
            sort: args.sort,
            order: args.order,
            limit: ANALYTICS_LIMITS.pageSize,
            offset: pageParam,
          },
        },
        // The page shows its own inline error and toast.
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled,
    meta: { silent: true },
  });

export function useAnalyticsList(scope: BrandScope, args: AnalyticsListArgs, enabled: boolean) {
  return useInfiniteQuery(analyticsListQueryOptions(scope, args, enabled));
}

/**
 * Whether the brand has any ad with figures at all (ALL_TIME, one ad): asked only when a list
 * came back empty, to tell "nothing matches" from "no ad data yet".
 */
export function useHasAdData(scope: BrandScope, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.any(scope.brandId),
      queryFn: async ({ signal }) => {
        const result = await call(
          analyticsApi.list,
          { params: brandParams(scope), query: { analyticsPreset: 'ALL_TIME', limit: 1, offset: 0 } },
          { signal, silent: true },
        );
        return result.total > 0;
      },
      enabled,
      staleTime: 60_000,
      meta: { silent: true },
    }),
  );
}
