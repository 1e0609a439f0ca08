import { libraryApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams, type FolderTreeNode, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/** GET …/library/folders?folderId: one level of the folder tree (children of folderId). */
export function getFolderTree(
  scope: BrandScope,
  folderId: string,
  signal?: AbortSignal,
): Promise<FolderTreeNode[]> {
  return call(
    libraryApi.folderTree,
    { params: brandParams(scope), query: { folderId } },
    { signal, silent: true },
  );
}

/** The folder tree is never stale (000 §9); mutations invalidate it. */
export const folderTreeQueryOptions = (scope: BrandScope, folderId: string) =>
  queryOptions({
    queryKey: libraryKeys.tree(scope.brandId, folderId),
    queryFn: ({ signal }) => getFolderTree(scope, folderId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

export function useFolderTree(scope: BrandScope, folderId: string, enabled = true) {
  return useQuery({ ...folderTreeQueryOptions(scope, folderId), enabled });
}
