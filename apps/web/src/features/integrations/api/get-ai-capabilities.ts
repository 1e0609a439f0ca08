import { type AiCapabilities, aiApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type IntegrationScope, integrationKeys, integrationParams } from '@/entities/integration/api';
import { call } from '@/lib/call';

/** GET …/ai/capabilities: what this server's AI can do (it changes only with a restart). */
export function getAiCapabilities(scope: IntegrationScope, signal?: AbortSignal): Promise<AiCapabilities> {
  return call(aiApi.capabilities, { params: integrationParams(scope) }, { signal, silent: true });
}

export const aiCapabilitiesQueryOptions = (scope: IntegrationScope) =>
  queryOptions({
    queryKey: [...integrationKeys.all(scope.brandId), 'ai-capabilities'],
    queryFn: ({ signal }) => getAiCapabilities(scope, signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useAiCapabilities(scope: IntegrationScope) {
  return useQuery(aiCapabilitiesQueryOptions(scope));
}
