import { downloadsApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { type BrandScope, brandParams } from './keys';

/** POST …/library/download-stream {id, library}: a link that downloads the original file. */
export async function requestDownloadHref(scope: BrandScope, id: string): Promise<string> {
  const { href } = await call(downloadsApi.downloadStream, {
    params: brandParams(scope),
    body: { id, library: 'BRAND' },
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
