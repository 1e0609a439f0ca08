import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type AssetItem, type BrandScope, brandPath, libraryKeys } from './keys';

/** GET …/assets/{folderId|root}/folders: the subfolders of a folder (the folder picker). */
export async function getFolders(
  scope: BrandScope,
  folderId: string,
  signal?: AbortSignal,
): Promise<AssetItem[]> {
  const { items } = await api.list<AssetItem>(
    `${brandPath(scope)}/assets/${encodeURIComponent(folderId)}/folders`,
    {
      signal,
    },
  );
  return items;
}

export const foldersQueryOptions = (scope: BrandScope, folderId: string) =>
  queryOptions({
    queryKey: libraryKeys.folders(scope.brandId, folderId),
    queryFn: ({ signal }) => getFolders(scope, folderId, signal),
  });

export function useFolders(scope: BrandScope, folderId: string) {
  return useQuery(foldersQueryOptions(scope, folderId));
}
