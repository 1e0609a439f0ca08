import { ROOT_FOLDER_ID } from '@hookline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { assetDetailQueryOptions } from '@/entities/asset/api/get-asset-detail';
import { assetsQueryOptions } from '@/entities/asset/api/get-assets';
import type { BrandScope } from '@/entities/asset/api/keys';
import { readSorting } from '@/entities/asset/hooks/use-view-prefs';
import { allocationQueryOptions, usageQueryOptions } from '@/entities/usage/get-usage';
import { folderTreeQueryOptions } from './api/get-folder-tree';

/**
 * Everything the library page asks for first (issue 20: the first API calls of a page go out
 * in one round): its route's loader calls this as navigation starts, beside the session
 * guard's brands and profile, instead of each component asking once the one above it has
 * rendered. Same query options as the components, so they find the answers in the cache.
 */
export function prefetchLibraryPage(client: QueryClient, scope: BrandScope, folderId: string): void {
  void client.prefetchInfiniteQuery(assetsQueryOptions(scope, folderId, readSorting('asset')));
  if (folderId !== ROOT_FOLDER_ID) void client.prefetchQuery(assetDetailQueryOptions(scope, folderId));
  void client.prefetchQuery(folderTreeQueryOptions(scope, ROOT_FOLDER_ID));
  void client.prefetchQuery(usageQueryOptions(scope.accountId));
  void client.prefetchQuery(allocationQueryOptions(scope.accountId));
}
