import type { ListResult } from './api-client';

/**
 * The offset of a paged list's next page (TanStack's getNextPageParam): none once its total
 * is loaded or a page came back empty. `start` is the offset the first page began at.
 */
export function nextOffset<T>(pages: readonly ListResult<T>[], start = 0): number | undefined {
  const loaded = start + pages.reduce((sum, page) => sum + page.items.length, 0);
  const last = pages[pages.length - 1];
  if (!last || last.items.length === 0) return undefined;
  return loaded < last.total ? loaded : undefined;
}
