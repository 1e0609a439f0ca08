import { libraryApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from './keys';

/** GET …/assets/{folderId|root}/folders: the subfolders of a folder (the folder picker). */
export function getFolders(scope: BrandScope, folderId: string, signal?: AbortSignal): Promise<AssetItem[]> {
  return call(libraryApi.listFolders, { params: { ...brandParams(scope), folderId } }, { signal });
}

export const foldersQueryOptions = (scope: BrandScope, folderId: string) =>
  queryOptions({
    queryKey: libraryKeys.folders(scope.brandId, folderId),
    queryFn: ({ signal }) => getFolders(scope, folderId, signal),
  });

export function useFolders(scope: BrandScope, folderId: string) {
  return useQuery(foldersQueryOptions(scope, folderId));
}
