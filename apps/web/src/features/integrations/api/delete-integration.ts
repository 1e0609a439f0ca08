import { type IntegrationLevel, integrationsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type IntegrationScope, integrationKeys, integrationParams } from '@/entities/integration/api';
import { call } from '@/lib/call';

/**
 * Disconnects an integration: the brand's Meta (DELETE …/integrations/{id}, admins) or one of
 * the caller's own user-level ones (DELETE …/user-integrations/{id}).
 */
export function deleteIntegration({
  scope,
  id,
  level,
}: {
  scope: IntegrationScope;
  id: string;
  level: IntegrationLevel;
}): Promise<void> {
  const params = { ...integrationParams(scope), id };
  return level === 'USER'
    ? call(integrationsApi.deleteUserIntegration, { params })
    : call(integrationsApi.delete, { params });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: (_void, { scope }) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.all(scope.brandId) }),
  });
}
