import { type CreateIntegrationBody, integrationsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type IntegrationItem,
  type IntegrationScope,
  integrationKeys,
  integrationParams,
} from '@/entities/integration/api';
import { call } from '@/lib/call';

/** POST …/integrations: saves the code an authorization returned (connects Meta for the brand). */
export function createIntegration({
  scope,
  body,
}: {
  scope: IntegrationScope;
  body: CreateIntegrationBody;
}): Promise<IntegrationItem> {
  return call(integrationsApi.create, { params: integrationParams(scope), body });
}

export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: (_created, { scope }) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.all(scope.brandId) }),
  });
}
