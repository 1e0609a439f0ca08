import { type AnalyticsPreset, type AssetPerformance, assetPerformanceApi } from '@hookline/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { type BrandScope, brandParams, libraryKeys } from './keys';

/** GET …/assets/{id}/performance: the ads using a file and their totals over a preset (the player's performance tab). */
export function useAssetPerformance(scope: BrandScope, id: string, preset: AnalyticsPreset) {
  return useQuery<AssetPerformance>({
    queryKey: [...libraryKeys.detail(scope.brandId, id), 'performance', preset],
    queryFn: ({ signal }) =>
      call(
        assetPerformanceApi.get,
        { params: { ...brandParams(scope), id }, query: { analyticsPreset: preset } },
        { signal, silent: true },
      ),
    meta: { silent: true },
    placeholderData: (previous) => previous,
  });
}
