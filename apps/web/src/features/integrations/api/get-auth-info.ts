import { type AuthInfo, type IntegrationVendor, integrationsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type IntegrationScope, integrationKeys, integrationParams } from '@/entities/integration/api';
import { call } from '@/lib/call';

/**
 * GET …/integrations/auth-info?vendor: whether this server has the vendor's app, and (for
 * those who may connect) the signed authorization URL. The URL's state is valid for
 * 10 minutes, so the answer is kept for 5 and fetched afresh before the window leaves.
 */
export function getAuthInfo(
  scope: IntegrationScope,
  vendor: IntegrationVendor,
  signal?: AbortSignal,
): Promise<AuthInfo> {
  return call(
    integrationsApi.authInfo,
    { params: integrationParams(scope), query: { vendor } },
    { signal, silent: true },
  );
}

export const AUTH_INFO_STALE_MS = 5 * 60_000;

export const authInfoQueryOptions = (scope: IntegrationScope, vendor: IntegrationVendor) =>
  queryOptions({
    queryKey: integrationKeys.authInfo(scope.brandId, vendor),
    queryFn: ({ signal }) => getAuthInfo(scope, vendor, signal),
    staleTime: AUTH_INFO_STALE_MS,
    meta: { silent: true },
  });

export function useAuthInfo(scope: IntegrationScope, vendor: IntegrationVendor) {
  return useQuery(authInfoQueryOptions(scope, vendor));
}
