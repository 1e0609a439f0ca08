import { brandsApi, type Industry } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET /industries, sorted by id. Fixed reference data. */
export function getIndustries(signal?: AbortSignal): Promise<Industry[]> {
  return call(brandsApi.industries, {}, { signal });
}

export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: ['industries'],
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useIndustries() {
  return useQuery(industriesQueryOptions());
}
