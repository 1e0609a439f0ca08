import { type SavedSearchBody, type SavedSearchUpdate, savedSearchesApi } from '@hookline/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

export const savedSearchKeys = {
  list: (brandId: string) => ['saved-searches', brandId] as const,
};

/** The caller's saved searches and the brand's shared ones, by name (the sidebar and the search page). */
export function useSavedSearches(scope: BrandScope) {
  return useQuery({
    queryKey: savedSearchKeys.list(scope.brandId),
    queryFn: ({ signal }) =>
      call(savedSearchesApi.list, { params: brandParams(scope) }, { signal, silent: true }),
    staleTime: 30_000,
    meta: { silent: true },
  });
}

function useRefreshAfter<V, R>(scope: BrandScope, run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list(scope.brandId) }),
  });
}

export const useSaveSearch = (scope: BrandScope) =>
  useRefreshAfter(scope, (body: SavedSearchBody) =>
    call(savedSearchesApi.create, { params: brandParams(scope), body }),
  );

export const useUpdateSavedSearch = (scope: BrandScope) =>
  useRefreshAfter(scope, ({ id, body }: { id: string; body: SavedSearchUpdate }) =>
    call(savedSearchesApi.update, { params: { ...brandParams(scope), id }, body }),
  );

export const useDeleteSavedSearch = (scope: BrandScope) =>
  useRefreshAfter(scope, (id: string) =>
    call(savedSearchesApi.delete, { params: { ...brandParams(scope), id } }),
  );
