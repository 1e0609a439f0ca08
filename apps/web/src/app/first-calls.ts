import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths, queryParams } from '@/config/paths';
import { brandsQueryOptions } from '@/entities/brand';
import { profileQueryOptions } from '@/entities/profile';
import { sidebarBoardsQueryOptions } from '@/features/boards/api/get-boards';
import { prefetchLibraryPage } from '@/features/library/prefetch';
import { featureFlagsQueryOptions } from '@/lib/feature-flags';
import { getAccessToken } from '@/lib/session';

/**
 * The first API calls of a cold load, all at once as the app starts (issue 20: one round):
 * the feature flags, the session guard's brands and profile, and when the URL names the brand
 * (links and reloads do) the sidebar's boards and the opened page's own data. Without this each component asked once the one above
 * it had rendered: brands and profile, then the page, then its list (three rounds). The
 * components use the same query options, so they find the answers in the cache.
 */
export function prefetchFirstCalls(
  client: QueryClient,
  location: { pathname: string; search: string },
): void {
  void client.prefetchQuery(featureFlagsQueryOptions());
  if (!getAccessToken()) return;
  void client.prefetchQuery(brandsQueryOptions());
  void client.prefetchQuery(profileQueryOptions());
  const search = new URLSearchParams(location.search);
  const accountId = search.get(queryParams.accountId);
  const brandId = search.get(queryParams.brandId);
  // Another brand's shared item: its page asks what the share allows first.
  if (!accountId || !brandId || search.get(queryParams.isShared) === 'true') return;
  void client.prefetchQuery(sidebarBoardsQueryOptions({ accountId, brandId }));
  const library = matchPath(paths.library.path, location.pathname);
  if (library) prefetchLibraryPage(client, { accountId, brandId }, library.params.folderId ?? 'root');
}
