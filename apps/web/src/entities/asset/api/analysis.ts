import {
  ANALYSIS_RUNNING_STATUSES,
  type AnalysisStatus,
  type Asset,
  analysisApi,
  interpolate,
} from '@hookline/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisLabels } from '@/config/texts/analysis-labels';
import { scheduleUsageRefresh } from '@/entities/usage/get-usage';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/notify';
import { type BrandScope, brandParams, libraryKeys } from './keys';

/** Refetch interval of an item while its analysis runs (000 §9 'Asset analysis refetch'). */
export const ANALYSIS_REFETCH_MS = 5_000;

/** Whether any of the item's analysis statuses is still pending or processing (000 §6). */
export function analysisRunning(
  asset: Pick<Asset, 'mediaAnalysisStatus' | 'personasStatus' | 'transcriptionBreakdownStatus'> | undefined,
): boolean {
  if (!asset) return false;
  return [asset.mediaAnalysisStatus, asset.personasStatus, asset.transcriptionBreakdownStatus].some(
    isRunning,
  );
}

const isRunning = (status: AnalysisStatus | null | undefined) =>
  status !== null && status !== undefined && ANALYSIS_RUNNING_STATUSES.includes(status);

const analysisKey = (brandId: string, id: string) =>
  [...libraryKeys.detail(brandId, id), 'analysis'] as const;
const textKey = (brandId: string, id: string) => [...libraryKeys.detail(brandId, id), 'text'] as const;

/** GET …/assets/{id}/analysis: each feature's status and what it says. */
export function useAnalysis(scope: BrandScope, id: string, running: boolean) {
  return useQuery(
    queryOptions({
      queryKey: analysisKey(scope.brandId, id),
      queryFn: ({ signal }) =>
        call(
          analysisApi.status,
          { params: { ...brandParams(scope), assetId: id } },
          { signal, silent: true },
        ),
      // Its own answer counts too: the item and this poll tick apart, and an item seen done
      // first must not leave this answer stuck at 'processing'.
      refetchInterval: (query) =>
        running || query.state.data?.features.some((f) => isRunning(f.status)) ? ANALYSIS_REFETCH_MS : false,
      meta: { silent: true },
    }),
  );
}

/** GET …/assets/{id}/text: the text read in the file (OCR). */
export function useAssetText(scope: BrandScope, id: string, enabled: boolean) {
  return useQuery({
    queryKey: textKey(scope.brandId, id),
    queryFn: ({ signal }) =>
      call(analysisApi.text, { params: { ...brandParams(scope), assetId: id } }, { signal, silent: true }),
    enabled,
    meta: { silent: true },
  });
}

/** POST …/assets/{id}/analysis/retry: the failed features run again. */
export function useRetryAnalysis(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(analysisApi.retry, { params: { ...brandParams(scope), assetId: id } }),
    onSuccess: (analysis, id) => queryClient.setQueryData(analysisKey(scope.brandId, id), analysis),
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: libraryKeys.detail(scope.brandId, id) }),
  });
}

const transcriptKey = (brandId: string, id: string) =>
  [...libraryKeys.detail(brandId, id), 'transcript'] as const;

/** GET …/assets/{id}/transcript: asked again every 5 s while the transcription runs. */
export function useTranscript(scope: BrandScope, id: string) {
  return useQuery({
    queryKey: transcriptKey(scope.brandId, id),
    queryFn: ({ signal }) =>
      call(
        analysisApi.transcript,
        { params: { ...brandParams(scope), assetId: id } },
        { signal, silent: true },
      ),
    refetchInterval: whileRunning,
    meta: { silent: true },
  });
}

/** A refetch interval: every 5 s while the answer's own status is pending or processing. */
export function whileRunning(query: { state: { data?: { status: AnalysisStatus | null } | undefined } }) {
  return isRunning(query.state.data?.status) ? ANALYSIS_REFETCH_MS : false;
}

/**
 * What to regenerate: the picked items, or a select-all (every item of parentId, as many as
 * the bar counted; the server refuses with 409 if the folder has gained items since).
 */
export interface RegenerateSelection {
  ids: readonly string[];
  all?: { parentId: string; totalCount: number } | undefined;
}

/**
 * POST …/tags/regenerate-ai (issue 15): the items' AI tags made again. Success says how many
 * (retagSuccessMessage); a 402 opens the upgrade prompt (the API client does that).
 */
export function useRegenerateAiTags(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, all }: RegenerateSelection) =>
      call(analysisApi.regenerateTags, {
        params: brandParams(scope),
        body: all
          ? { shouldApplyAll: true, parentId: all.parentId, totalCount: all.totalCount }
          : { entityIds: ids.map((id) => ({ id, library: 'BRAND' as const })) },
      }),
    onSuccess: ({ count }) => {
      showSuccessToast(
        count > 0 ? interpolate(analysisLabels.retagSuccess, { count }) : analysisLabels.retagNone,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) });
      // The month's regenerations went up: the menu turns the action off at the plan's limit.
      scheduleUsageRefresh(queryClient, scope.accountId);
    },
  });
}
