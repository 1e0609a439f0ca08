import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandScope } from './keys';

/** Under the library's prefix (['library', brandId, …]) so one invalidation refreshes it too. */
export const documentTextKey = (brandId: string, id: string, url: string | null) =>
  ['library', brandId, 'content', id, url] as const;

export const isDocumentTextKey = (key: readonly unknown[]) => key[0] === 'library' && key[2] === 'content';

export class DocumentLoadError extends Error {
  override readonly name = 'DocumentLoadError';
  constructor(readonly status: number) {
    super(`The document could not be loaded (status ${status})`);
  }
}

/**
 * The text of a txt or csv document, read from its signed storage URL (same origin, public:
 * the signature is the grant). Revalidated with the server (ETag) so that an edit made
 * elsewhere is seen rather than a cached copy.
 */
export async function getDocumentText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new DocumentLoadError(response.status);
  return response.text();
}

export const documentTextQueryOptions = (scope: BrandScope, id: string, url: string | null) =>
  queryOptions({
    queryKey: documentTextKey(scope.brandId, id, url),
    queryFn: ({ signal }) => {
      if (!url) throw new DocumentLoadError(404);
      return getDocumentText(url, signal);
    },
    // The preview shows its own error text ('settings.assets.previewLoadError').
    meta: { silent: true },
  });

export function useDocumentText(scope: BrandScope, id: string, url: string | null, enabled = true) {
  return useQuery({ ...documentTextQueryOptions(scope, id, url), enabled: enabled && Boolean(url) });
}
