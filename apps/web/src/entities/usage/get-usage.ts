import { type Allocation, interpolate, plansApi, USAGE_REFRESH, type Usage } from '@hookline/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { analysisLabels } from '@/config/texts/analysis-labels';
import { call } from '@/lib/call';

export const usageKeys = {
  usage: (accountId: string) => ['usage', accountId] as const,
  allocation: (accountId: string) => ['package-allocation', accountId] as const,
};

/** GET /accounts/{id}/usage: what the account uses now. */
export function getUsage(accountId: string, signal?: AbortSignal): Promise<Usage> {
  return call(plansApi.usage, { params: { accountId } }, { signal, silent: true });
}

/** GET /accounts/{id}/package-allocation: what the plan allows (null = unlimited). */
export function getAllocation(accountId: string, signal?: AbortSignal): Promise<Allocation> {
  return call(plansApi.allocation, { params: { accountId } }, { signal, silent: true });
}

export const usageQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: usageKeys.usage(accountId),
    queryFn: ({ signal }) => getUsage(accountId, signal),
    staleTime: USAGE_REFRESH.staleMs,
    meta: { silent: true },
  });

export const allocationQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: usageKeys.allocation(accountId),
    queryFn: ({ signal }) => getAllocation(accountId, signal),
    staleTime: USAGE_REFRESH.staleMs,
    meta: { silent: true },
  });

export function useUsage(accountId: string) {
  return useQuery(usageQueryOptions(accountId));
}

export function useAllocation(accountId: string) {
  return useQuery(allocationQueryOptions(accountId));
}

/**
 * Why 'Regenerate AI tags' is off (issue 15), said with the usage ('… 1 of 1 used'): the
 * plan's regenerations this month are used up, or its auto-tagged items (aiTagsCount) are;
 * null while both have some left, or are unlimited.
 */
export function useAiRetagBlock(accountId: string, enabled: boolean): string | null {
  const usage = useQuery({ ...usageQueryOptions(accountId), enabled });
  const allocation = useQuery({ ...allocationQueryOptions(accountId), enabled });
  const reached = (key: 'aiTagsGenerationsCount' | 'aiTagsCount') => {
    const limit = allocation.data?.[key];
    const used = usage.data?.[key];
    return limit === null || limit === undefined || used === undefined || used < limit
      ? null
      : { used, limit };
  };
  const generations = reached('aiTagsGenerationsCount');
  if (generations) return interpolate(analysisLabels.retagLimit, generations);
  const tagged = reached('aiTagsCount');
  return tagged ? interpolate(analysisLabels.retagTaggedLimit, tagged) : null;
}

const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; at: number }>();

/**
 * Refreshes the usage after a change (000 §9): 3 s later (5 s after a delete). Calls within
 * 500 ms of a scheduled refresh are folded into it.
 */
export function scheduleUsageRefresh(
  queryClient: QueryClient,
  accountId: string,
  delayMs: number = USAGE_REFRESH.delayMs,
): void {
  const now = Date.now();
  const existing = pending.get(accountId);
  if (existing && now - existing.at < USAGE_REFRESH.throttleMs) return;
  if (existing) clearTimeout(existing.timer);
  const timer = setTimeout(() => {
    pending.delete(accountId);
    void queryClient.invalidateQueries({ queryKey: usageKeys.usage(accountId) });
  }, delayMs);
  pending.set(accountId, { timer, at: now });
}
