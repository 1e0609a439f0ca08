import { brandsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BrandItem, brandKeys } from '@/entities/brand';
import { call } from '@/lib/call';

/** GET /brands/{id}: the brand with its brand kit and value propositions. */
export function getBrand(brandId: string, signal?: AbortSignal): Promise<BrandItem> {
  return call(brandsApi.get, { params: { id: brandId } }, { signal, silent: true });
}

export const brandQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.detail(brandId),
    queryFn: ({ signal }) => getBrand(brandId, signal),
    // The page shows its own error with a retry.
    meta: { silent: true },
  });

export function useBrand(brandId: string) {
  return useQuery(brandQueryOptions(brandId));
}
