import { analysisApi, type ClipJobParams, jobsApi } from '@hookline/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { type JobPollOutcome, pollJob } from '@/lib/job-poller';
import { whileRunning } from './analysis';
import { type BrandScope, brandParams, libraryKeys } from './keys';

const breakdownKey = (brandId: string, id: string) =>
  [...libraryKeys.detail(brandId, id), 'breakdown'] as const;

/** GET …/assets/{id}/transcription-breakdown: a video's creative clips, asked again while they are found. */
export function useBreakdown(scope: BrandScope, id: string) {
  return useQuery({
    queryKey: breakdownKey(scope.brandId, id),
    queryFn: ({ signal }) =>
      call(
        analysisApi.breakdown,
        { params: { ...brandParams(scope), assetId: id } },
        { signal, silent: true },
      ),
    refetchInterval: whileRunning,
    meta: { silent: true },
  });
}

export type ClipJobType = 'SAVE_CLIP_AS_ASSET' | 'DOWNLOAD_CLIP';
export interface ClipJobResults {
  SAVE_CLIP_AS_ASSET: { assetId: string };
  DOWNLOAD_CLIP: { url: string };
}

/**
 * A clip job of the generic jobs API (000 §7 "Jobs"): started with POST /jobs and followed
 * until it ends; the poller shows the error toast when polling itself fails.
 */
export async function runClipJob<T extends ClipJobType>(
  scope: BrandScope,
  type: T,
  params: ClipJobParams,
): Promise<JobPollOutcome<ClipJobResults[T]>> {
  const job = await call(jobsApi.create, {
    body: { brandId: scope.brandId, type, customParams: params },
  });
  return pollJob<ClipJobResults[T]>(job).promise;
}
