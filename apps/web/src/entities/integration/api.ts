import { type Integration, type IntegrationVendor, integrationsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/**
 * A brand's integrations (001 §3 Integration, Meta integration): the brand's Meta connection
 * (account level) and the caller's own Drive and Dropbox ones (user level), with Meta's ad
 * accounts, Pages and open issues. The settings pages, the analytics banner and the library's
 * 'Upload to Meta' read them from here.
 */

export type IntegrationItem = Integration;

/** The brand a call is scoped to. */
export interface IntegrationScope {
  accountId: string;
  brandId: string;
}

export const integrationParams = ({ accountId, brandId }: IntegrationScope) => ({ accountId, brandId });

/** Every integration query of a brand starts with ['integrations', brandId]. */
export const integrationKeys = {
  all: (brandId: string) => ['integrations', brandId] as const,
  list: (brandId: string) => ['integrations', brandId, 'list'] as const,
  authInfo: (brandId: string, vendor: IntegrationVendor) =>
    ['integrations', brandId, 'auth-info', vendor] as const,
  syncStatus: (brandId: string, id: string) => ['integrations', brandId, 'sync-status', id] as const,
};

/** GET …/integrations: the brand's integrations and the caller's own. */
export function getIntegrations(scope: IntegrationScope, signal?: AbortSignal): Promise<IntegrationItem[]> {
  return call(integrationsApi.list, { params: integrationParams(scope) }, { signal, silent: true });
}

export const integrationsQueryOptions = (scope: IntegrationScope) =>
  queryOptions({
    queryKey: integrationKeys.list(scope.brandId),
    queryFn: ({ signal }) => getIntegrations(scope, signal),
    // Pages show their own error with a retry; the banner stays quiet.
    meta: { silent: true },
  });

export function useIntegrations(scope: IntegrationScope, options: { enabled?: boolean } = {}) {
  return useQuery({ ...integrationsQueryOptions(scope), enabled: options.enabled ?? true });
}

/** The brand's Meta integration, if there is one (connected, demo or disconnected). */
export function findMetaIntegration(list: readonly IntegrationItem[]): IntegrationItem | null {
  return list.find((item) => item.vendor === 'FACEBOOK') ?? null;
}

export function useMetaIntegration(scope: IntegrationScope, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...integrationsQueryOptions(scope),
    enabled: options.enabled ?? true,
    select: findMetaIntegration,
  });
}

/** A real connection: connected, and not the demo workspace's (which has no token). */
export function isLiveMetaConnection(integration: IntegrationItem | null | undefined): boolean {
  return Boolean(integration?.isConnected && !integration.isDemo);
}
