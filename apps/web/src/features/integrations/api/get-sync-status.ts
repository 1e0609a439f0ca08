import { integrationsApi, type SyncStatus } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type IntegrationScope, integrationKeys, integrationParams } from '@/entities/integration/api';
import { call } from '@/lib/call';

/** While a sync is queued or running, its status is polled every 5 s. */
export const SYNC_STATUS_POLL_MS = 5_000;

/** GET …/integrations/{id}/sync-status: each enabled ad account's sync. */
export function getSyncStatus(
  scope: IntegrationScope,
  id: string,
  signal?: AbortSignal,
): Promise<SyncStatus> {
  return call(
    integrationsApi.syncStatus,
    { params: { ...integrationParams(scope), id } },
    { signal, silent: true },
  );
}

export function isSyncActive(status: SyncStatus | undefined): boolean {
  return Boolean(
    status?.accounts.some((account) => account.state === 'QUEUED' || account.state === 'RUNNING'),
  );
}

export const syncStatusQueryOptions = (scope: IntegrationScope, id: string) =>
  queryOptions({
    queryKey: integrationKeys.syncStatus(scope.brandId, id),
    queryFn: ({ signal }) => getSyncStatus(scope, id, signal),
    refetchInterval: (query) => (isSyncActive(query.state.data) ? SYNC_STATUS_POLL_MS : false),
    meta: { silent: true },
  });

export function useSyncStatus(scope: IntegrationScope, id: string) {
  return useQuery(syncStatusQueryOptions(scope, id));
}
