import { libraryApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { ANALYSIS_REFETCH_MS, analysisRunning } from './analysis';
import { type AssetDetailItem, type BrandScope, brandParams, libraryKeys } from './keys';

/** GET …/library/{library}/{id}: the item with its ancestors, root first (404 when unknown). */
export function getAssetDetail(
  scope: BrandScope,
  id: string,
  signal?: AbortSignal,
): Promise<AssetDetailItem> {
  return call(
    libraryApi.getItem,
    { params: { ...brandParams(scope), library: scope.library ?? 'BRAND', id } },
    { signal, silent: true },
  );
}

export const assetDetailQueryOptions = (scope: BrandScope, id: string) =>
  queryOptions({
    queryKey: libraryKeys.detail(scope.brandId, id),
    queryFn: ({ signal }) => getAssetDetail(scope, id, signal),
    // While its AI analysis runs the item is asked again every 5 s (000 §6, §9).
    refetchInterval: (query) => (analysisRunning(query.state.data) ? ANALYSIS_REFETCH_MS : false),
    meta: { silent: true },
  });

export function useAssetDetail(scope: BrandScope, id: string | null) {
  return useQuery({ ...assetDetailQueryOptions(scope, id ?? ''), enabled: Boolean(id) });
}
