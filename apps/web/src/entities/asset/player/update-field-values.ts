import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customFieldKeys, type FieldValues } from '@/entities/custom-field/api';
import { call } from '@/lib/call';
import { patchInLists } from '../api/cache';
import { type AssetDetailItem, type AssetItem, type BrandScope, brandParams, libraryKeys } from '../api/keys';

/**
 * PUT …/assets/{id} { customFields }: sets (null clears) an item's values of the fields named;
 * the others keep theirs. The answer goes into the open player and every loaded list; lists
 * and the fields' usage counts refresh in the background. Silent: the caller says what failed.
 */
export function useSetFieldValues(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: FieldValues }): Promise<AssetItem> =>
      call(
        libraryApi.updateAsset,
        { params: { ...brandParams(scope), id }, body: { customFields: values } },
        { silent: true },
      ),
    meta: { silent: true },
    onSuccess: (asset) => {
      queryClient.setQueryData<AssetDetailItem>(libraryKeys.detail(scope.brandId, asset.id), (old) =>
        old ? { ...old, customFields: asset.customFields } : old,
      );
      patchInLists(queryClient, scope.brandId, asset.id, (item) => ({
        ...item,
        customFields: asset.customFields,
      }));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
        queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) }),
      ]),
  });
}
