import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type BrandScope, brandPath } from './keys';

/** POST …/library/download-stream {id, library}: a link that downloads the original file. */
export async function requestDownloadHref(scope: BrandScope, id: string): Promise<string> {
  const { href } = await api.post<{ href: string }>(`${brandPath(scope)}/library/download-stream`, {
    id,
    library: 'BRAND',
  });
  return href;
}

/** Downloads one file: asks for its link, then lets the browser follow it (the page stays). */
export function useDownloadAsset(scope: BrandScope) {
  return useMutation({
    mutationFn: (id: string) => requestDownloadHref(scope, id),
    onSuccess: (href) => window.location.assign(href),
  });
}
