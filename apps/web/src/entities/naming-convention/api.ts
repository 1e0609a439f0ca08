import { type NamingConvention, type NamingConventionAnswer, namingConventionApi } from '@hookline/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/**
 * The brand's ad naming convention and its preview sample (GET ad-naming-convention): the
 * settings form edits it, creative analytics groups and filters by its fields.
 */
export const namingConventionKeys = {
  detail: (brandId: string) => ['naming-convention', brandId] as const,
};

export function getNamingConvention(
  scope: BrandScope,
  signal?: AbortSignal,
): Promise<NamingConventionAnswer> {
  return call(namingConventionApi.get, { params: brandParams(scope) }, { signal, silent: true });
}

export const namingConventionQueryOptions = (scope: BrandScope) =>
  queryOptions({
    queryKey: namingConventionKeys.detail(scope.brandId),
    queryFn: ({ signal }) => getNamingConvention(scope, signal),
    // The page shows its own error with a retry.
    meta: { silent: true },
  });

export function useNamingConvention(scope: BrandScope) {
  return useQuery(namingConventionQueryOptions(scope));
}
