import { integrationsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type IntegrationItem,
  type IntegrationScope,
  integrationKeys,
  integrationParams,
} from '@/entities/integration/api';
import { call } from '@/lib/call';
import { replaceIntegration } from './update-integration';

/** PUT …/integrations/{id}/refresh: re-reads the token, ad accounts and Pages, and queues a sync. */
export function refreshIntegration({
  scope,
  id,
}: {
  scope: IntegrationScope;
  id: string;
}): Promise<IntegrationItem> {
  return call(integrationsApi.refresh, { params: { ...integrationParams(scope), id } });
}

export function useRefreshIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshIntegration,
    onSuccess: (saved, { scope }) => {
      queryClient.setQueryData<IntegrationItem[]>(integrationKeys.list(scope.brandId), (list) =>
        replaceIntegration(list, saved),
      );
      void queryClient.invalidateQueries({ queryKey: integrationKeys.syncStatus(scope.brandId, saved.id) });
    },
  });
}
