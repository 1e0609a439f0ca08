import { useMemo } from 'react';
import type { BrandScope } from '../api/keys';

/** The zip's code (its notice, the job's polling) loads at the first zip, not with the library page (first-load budget). */
const loadZip = () => import('./zip-download');

/** Zip downloads of items of the brand (see zip-download.tsx): given ids, or every child of a folder. */
export function useZipDownload(scope: BrandScope) {
  return useMemo(
    () => ({
      zip: async (ids: readonly string[], name?: string) =>
        (await loadZip()).startZipDownload(scope, ids, name),
      zipFolder: async (folderId: string) => (await loadZip()).startFolderZip(scope, folderId),
    }),
    [scope],
  );
}
