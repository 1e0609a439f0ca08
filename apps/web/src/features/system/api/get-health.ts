import { type HealthResponse, platformApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { call } from '@/lib/call';

/**
 * GET /api/health. A degraded server may answer 503 with the same body: that is still a
 * status to show, not a failure to load it.
 */
export async function getHealth(): Promise<HealthResponse> {
  try {
    return await call(platformApi.health, {}, { silent: true });
  } catch (error) {
    if (isApiError(error) && error.status === 503) {
      const degraded = error.data as Partial<HealthResponse> | undefined;
      if (typeof degraded?.status === 'string') return degraded as HealthResponse;
    }
    throw error;
  }
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'health'],
    queryFn: getHealth,
    refetchInterval: 30_000,
    staleTime: 10_000,
    // The status card shows its own inline error with a retry.
    meta: { silent: true },
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
