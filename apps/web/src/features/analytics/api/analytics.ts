import {
  ANALYTICS_LIMITS,
  type AnalyticsAd,
  type AnalyticsCreativeField,
  type AnalyticsCreativeOption,
  type AnalyticsFilterItem,
  type AnalyticsGroupBy,
  type AnalyticsGroupRow,
  type AnalyticsPreset,
  type AnalyticsSortField,
  analyticsApi,
  EXPORT_ANALYTICS_CSV_JOB,
  jobsApi,
} from '@hookline/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { type JobPollOutcome, pollJob } from '@/lib/job-poller';
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
  filters: AnalyticsFilterItem[];
  /** A group row's id: only that group's ads. */
  parentId?: string | undefined;
}

/** The groups call: the list's arguments and the server's groupBy. */
export interface AnalyticsGroupsArgs extends Omit<AnalyticsListArgs, 'parentId'> {
  groupBy: AnalyticsGroupBy;
  dynamicAdNameGroups?: { label: string; conditions: { operator: string; value: string }[] }[] | undefined;
}

/** The query fields the list, the groups and the export share. */
function windowQuery(args: AnalyticsListArgs) {
  return {
    analyticsPreset: args.preset,
    from: args.preset === 'CUSTOM' ? args.from : undefined,
    to: args.preset === 'CUSTOM' ? args.to : undefined,
    keyword: args.keyword || undefined,
    sort: args.sort,
    order: args.order,
    filters: args.filters.length > 0 ? JSON.stringify(args.filters) : undefined,
  };
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
      args.filters,
      args.parentId ?? null,
    ] as const,
  groups: (brandId: string, args: AnalyticsGroupsArgs) => ['analytics', brandId, 'groups', args] as const,
  any: (brandId: string) => ['analytics', brandId, 'any'] as const,
  creativeOptions: (brandId: string, field: AnalyticsCreativeField, q: string) =>
    ['analytics', brandId, 'creative-options', field, q] as const,
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
            ...windowQuery(args),
            parentId: args.parentId,
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

/**
 * GET …/performance-analytics/creative-options: the brand's values of a creative-info field
 * containing `q` (the filter's suggestions; the first 50, most used first).
 */
export function useCreativeOptions(
  scope: BrandScope,
  field: AnalyticsCreativeField,
  q: string,
  enabled: boolean,
) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.creativeOptions(scope.brandId, field, q),
      queryFn: ({ signal }): Promise<AnalyticsCreativeOption[]> =>
        call(
          analyticsApi.creativeOptions,
          { params: brandParams(scope), query: { field, q: q || undefined } },
          { signal, silent: true },
        ),
      enabled,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      meta: { silent: true },
    }),
  );
}

/** GET …/performance-analytics/groups: the list's ads grouped, with their totals and averages. */
export function useAnalyticsGroups(scope: BrandScope, args: AnalyticsGroupsArgs, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.groups(scope.brandId, args),
      queryFn: ({ signal }): Promise<AnalyticsGroupRow[]> =>
        call(
          analyticsApi.groups,
          {
            params: brandParams(scope),
            query: {
              ...windowQuery(args),
              groupBy: args.groupBy,
              dynamicAdNameGroups: args.dynamicAdNameGroups
                ? JSON.stringify(args.dynamicAdNameGroups)
                : undefined,
            },
          },
          { signal, silent: true },
        ),
      enabled,
      meta: { silent: true },
    }),
  );
}

/**
 * EXPORT_ANALYTICS_CSV (001 §3 "Jobs") through POST /jobs: every ad the list shows, in its
 * order; followed until it ends. The result links to the CSV in storage.
 */
export async function exportAnalyticsCsv(
  scope: BrandScope,
  args: AnalyticsListArgs,
): Promise<JobPollOutcome<{ url: string; fileName: string; count: number }>> {
  const job = await call(
    jobsApi.create,
    {
      body: {
        brandId: scope.brandId,
        type: EXPORT_ANALYTICS_CSV_JOB,
        customParams: {
          brandId: scope.brandId,
          sortOptions: { sort: args.sort, order: args.order },
          query: {
            analyticsPreset: args.preset,
            from: args.preset === 'CUSTOM' ? args.from : undefined,
            to: args.preset === 'CUSTOM' ? args.to : undefined,
            keyword: args.keyword || undefined,
            filters: args.filters,
            parentId: args.parentId,
          },
        },
      },
    },
    { silent: true },
  );
  return pollJob<{ url: string; fileName: string; count: number }>(job, { silent: true }).promise;
}

/** GET …/performance-analytics/comparison-result: 1–6 ads' daily chart data and totals. */
export function useAnalyticsComparison(
  scope: BrandScope,
  args: { adIds: string[]; preset: AnalyticsPreset },
  enabled: boolean,
) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', scope.brandId, 'compare', args.preset, args.adIds] as const,
      queryFn: ({ signal }) =>
        call(
          analyticsApi.compare,
          {
            params: brandParams(scope),
            query: { analyticsPreset: args.preset, adIds: args.adIds.join(',') },
          },
          { signal, silent: true },
        ),
      enabled,
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      meta: { silent: true },
    }),
  );
}

/**
 * GET …/performance-analytics/{id}: one ad with the preset's figures, the window before, chart
 * data and retention (the analytics player; 001 §9: stale after 5 minutes, no refetch on focus).
 */
export function useAnalyticsAd(scope: BrandScope, adId: string, preset: AnalyticsPreset) {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', scope.brandId, 'ad', adId, preset] as const,
      queryFn: ({ signal }) =>
        call(
          analyticsApi.get,
          { params: { ...brandParams(scope), id: adId }, query: { analyticsPreset: preset } },
          { signal, silent: true },
        ),
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      // Another preset of the same ad keeps its figures on screen until the new ones come.
      placeholderData: (previous) => (previous?.id === adId ? previous : undefined),
      meta: { silent: true },
    }),
  );
}
