import { type AssetPerformanceSummary, assetCardPerformanceApi } from '@hookline/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AssetItem, type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/**
 * GET …/assets/performance-summary (issue 17 "Beyond the seeds"): spend and ROAS over the last
 * month of the ads using each file, for the library cards' badges. One call per loaded page of
 * the listing (40 files, within the call's 100), each cached on its own: loading the next page
 * asks only for it. Files no ad uses are not in the answer; a failure shows no badges.
 */
export function usePerformanceSummary(
  scope: BrandScope,
  pages: readonly { items: readonly AssetItem[] }[] | undefined,
  enabled: boolean,
): Map<string, AssetPerformanceSummary> | undefined {
  const client = useQueryClient();
  const chunks = (pages ?? [])
    .map((page) => page.items.flatMap((item) => (item.type === 'FOLDER' ? [] : [item.id])))
    .filter((ids) => ids.length > 0);
  // Not under the library's keys: its writes (a rename, a star) change no ad's figures.
  const key = ['asset-performance', scope.brandId] as const;
  return useQuery<Map<string, AssetPerformanceSummary>>({
    // The listing's pages as one key, each page's call under a key of its own.
    queryKey: [...key, 'pages', chunks.map((ids) => ids.join(','))],
    enabled: enabled && chunks.length > 0,
    meta: { silent: true },
    placeholderData: (previous) => previous,
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        chunks.map((ids) =>
          client.fetchQuery({
            queryKey: [...key, 'page', ids.join(',')],
            queryFn: () =>
              call(
                assetCardPerformanceApi.summary,
                { params: brandParams(scope), query: { ids } },
                { signal, silent: true },
              ),
            staleTime: 5 * 60_000,
          }),
        ),
      );
      return new Map(answers.flat().map((row) => [row.assetId, row]));
    },
  }).data;
}
