import { downloadsApi, type GIF_FRAME_RATES } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

export type GifFrameRate = `${(typeof GIF_FRAME_RATES)[number]}`;

export interface GifRequest {
  id: string;
  framesPerSec: GifFrameRate;
  /** Milliseconds from the start of the video. */
  timeStart: number;
  timeEnd: number;
  isLoop: boolean;
}

/**
 * POST …/assets/gif: makes the GIF while the request waits (a few seconds) and answers its
 * URL. Silent: the GIF dialog shows the failure in place (000 §8 "GIF failure").
 */
export async function createGif(scope: BrandScope, body: GifRequest): Promise<string> {
  const { data } = await call(downloadsApi.gif, { params: brandParams(scope), body }, { silent: true });
  return data.url;
}

export function useCreateGif(scope: BrandScope) {
  return useMutation({
    mutationFn: (body: GifRequest) => createGif(scope, body),
    meta: { silent: true },
  });
}
