import type { Industry } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /industries, sorted by id. Fixed reference data. */
export function getIndustries(signal?: AbortSignal): Promise<Industry[]> {
  return api.get<Industry[]>('/industries', { signal });
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
