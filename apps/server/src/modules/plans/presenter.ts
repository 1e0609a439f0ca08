import type { Allocation } from '@hookline/contract';
import type { PlanRow } from './repository.js';

export function presentAllocation(account: PlanRow): Allocation {
  return {
    name: account.packageName,
    assetsCount: account.assetsCount,
    storageBytes: account.storageBytes,
    usersCount: account.usersCount,
    aiTagsCount: account.aiTagsCount,
    aiTagsGenerationsCount: account.aiTagsGenerationsCount,
    analyzedAdsMonthlyCount: account.analyzedAdsMonthlyCount,
    adPlatformSyncMonthsCount: account.adPlatformSyncMonthsCount,
    agentMessagesMonthlyCount: account.agentMessagesMonthlyCount,
  };
}
