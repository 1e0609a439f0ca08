import { integrationsApi, type UpdateIntegrationBody } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type IntegrationItem,
  type IntegrationScope,
  integrationKeys,
  integrationParams,
} from '@/entities/integration/api';
import { call } from '@/lib/call';

/** The answer replaces the integration in the brand's list. */
export function replaceIntegration(list: IntegrationItem[] | undefined, next: IntegrationItem) {
  return list?.map((item) => (item.id === next.id ? next : item));
}

/** PUT …/integrations/{id}: enabled ad accounts, the default publishing account, the sync start. */
export function updateIntegration({
  scope,
  id,
  body,
}: {
  scope: IntegrationScope;
  id: string;
  body: UpdateIntegrationBody;
}): Promise<IntegrationItem> {
  return call(integrationsApi.update, { params: { ...integrationParams(scope), id }, body });
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntegration,
    onSuccess: (saved, { scope }) => {
      queryClient.setQueryData<IntegrationItem[]>(integrationKeys.list(scope.brandId), (list) =>
        replaceIntegration(list, saved),
      );
      // The enabled accounts decide what the sync status lists.
      void queryClient.invalidateQueries({ queryKey: integrationKeys.syncStatus(scope.brandId, saved.id) });
    },
  });
}
