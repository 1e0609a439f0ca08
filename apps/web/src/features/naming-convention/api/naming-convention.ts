import { type NamingConvention, type NamingConventionAnswer, namingConventionApi } from '@hookline/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/** The brand's ad naming convention and its preview sample (GET / PUT ad-naming-convention). */
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

/** PUT: saves it (admins); the server parses every ad again and answers as the GET. */
export function saveNamingConvention(scope: BrandScope, body: NamingConvention) {
  return call(namingConventionApi.update, { params: brandParams(scope), body });
}

export function useSaveNamingConvention(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NamingConvention) => saveNamingConvention(scope, body),
    onSuccess: (answer) => queryClient.setQueryData(namingConventionKeys.detail(scope.brandId), answer),
  });
}
