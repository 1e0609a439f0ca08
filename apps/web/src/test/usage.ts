import { type Allocation, fillPath, plansApi, type Usage } from '@hookline/contract';
import { type FetchHandler, jsonResponse } from './fetch-stub';
import { acme } from './identity';

/** Stubbed answers for the account's usage and plan allocation (unlimited, nothing used, unless given). */
export function usageRoutes(
  usage: Partial<Usage> = {},
  allocation: Partial<Allocation> = {},
  accountId: string = acme.accountId,
): Record<string, FetchHandler> {
  const key = (route: { method: string; path: string }) =>
    `${route.method} ${fillPath(route.path, { accountId })}`;
  return {
    [key(plansApi.usage)]: () =>
      jsonResponse({
        assetsCount: 0,
        storageBytes: 0,
        usersCount: 1,
        aiTagsCount: 0,
        aiTagsGenerationsCount: 0,
        analyzedAdsMonthlyCount: 0,
        agentMessagesMonthlyCount: 0,
        ...usage,
      } satisfies Usage),
    [key(plansApi.allocation)]: () =>
      jsonResponse({
        name: 'Pro',
        assetsCount: null,
        storageBytes: null,
        usersCount: null,
        aiTagsCount: null,
        aiTagsGenerationsCount: null,
        analyzedAdsMonthlyCount: null,
        adPlatformSyncMonthsCount: null,
        agentMessagesMonthlyCount: null,
        ...allocation,
      } satisfies Allocation),
  };
}
