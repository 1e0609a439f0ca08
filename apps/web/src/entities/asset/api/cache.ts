import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AssetPages } from './get-assets';
import type { AssetItem } from './keys';

export type Snapshot = Array<[QueryKey, unknown]>;

/** Drops items from every loaded folder list of the brand (optimistic delete or move). */
export function removeFromLists(queryClient: QueryClient, brandId: string, ids: readonly string[]): Snapshot {
  const drop = new Set(ids);
  const key = ['library', brandId, 'assets'];
  const snapshot = queryClient.getQueriesData({ queryKey: key }) as Snapshot;
  queryClient.setQueriesData<AssetPages>({ queryKey: key }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const items = page.items.filter((item) => !drop.has(item.id));
        return { items, total: Math.max(0, page.total - (page.items.length - items.length)) };
      }),
    };
  });
  return snapshot;
}

/** Changes one item wherever it is loaded (folder lists, favorites). */
export function patchInLists(
  queryClient: QueryClient,
  brandId: string,
  id: string,
  patch: (item: AssetItem) => AssetItem,
): Snapshot {
  const snapshot: Snapshot = [];
  for (const key of [
    ['library', brandId, 'assets'],
    ['library', brandId, 'favorites'],
  ]) {
    snapshot.push(...(queryClient.getQueriesData({ queryKey: key }) as Snapshot));
    queryClient.setQueriesData<AssetPages>({ queryKey: key }, (data) => {
      if (!data?.pages) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === id ? patch(item) : item)),
        })),
      };
    });
  }
  return snapshot;
}

export function restore(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
