import { adEffectiveStatuses } from '@hookline/contract';
import type { GraphUsage } from '../../platform/meta/errors.js';
import type { AdRecord } from '../ad-performance/records.js';
import {
  AD_FIELDS,
  type GraphAd,
  type GraphAdSet,
  type GraphCampaign,
  toAd,
  toAdSet,
  toCampaign,
} from './meta-insights.js';
import { metaAccountRecord, type SyncContext } from './meta-sync-context.js';
import { syncInsights } from './meta-sync-insights.js';
import { importMedia, nameActors } from './meta-sync-media.js';
import type { IntegrationRow } from './repository.js';

/**
 * One run for one ad account: campaigns, ad sets and ads (all of them the first time, then
 * those updated since), within the plan's analysed-ads allocation; the ads' actors and media;
 * the published library videos that follow their ads; then the insights (meta-sync-insights.ts).
 */

/** One run for one ad account; answers the insight rows written. */
export async function syncAccount(
  ctx: SyncContext,
  integration: IntegrationRow,
  adAccountId: string,
  token: string,
): Promise<number> {
  const { repository, store, plans, tuning, pace } = ctx;
  const account = (await store.findAccountById(adAccountId))!;
  const scope = { accountId: account.accountId, brandId: account.brandId };
  const sync = await repository.findSync(adAccountId);
  const call = { onUsage: (usage: GraphUsage) => pace.noteUsage(usage) };
  const act = account.externalId;

  // Structure: campaigns, ad sets, ads (those updated since the last run, after the first).
  const runStartedAt = new Date();
  const since = sync?.adsUpdatedSince ? Math.floor(sync.adsUpdatedSince.getTime() / 1000) - 3600 : undefined;
  const campaigns = (
    await pace.collect<GraphCampaign>(
      `/${act}/campaigns`,
      token,
      {
        fields: 'id,name,status,effective_status,objective',
        limit: tuning.pageSize,
      },
      call,
    )
  ).map(toCampaign);
  await pace.pause();
  const adSets = (
    await pace.collect<GraphAdSet>(
      `/${act}/adsets`,
      token,
      {
        fields: 'id,name,status,effective_status,campaign_id',
        limit: tuning.pageSize,
      },
      call,
    )
  ).flatMap((s) => toAdSet(s) ?? []);
  await pace.pause();
  const graphAds = await pace.collect<GraphAd>(
    `/${act}/ads`,
    token,
    {
      fields: AD_FIELDS,
      effective_status: [...adEffectiveStatuses],
      limit: tuning.pageSize,
      ...(since ? { updated_since: since } : {}),
    },
    call,
  );

  // New ads stop at the plan's analysed-ads allocation; known ones keep refreshing.
  const known = await store.adIds(adAccountId);
  const allocation = await plans.allocationOf(account.accountId);
  let room =
    allocation.analyzedAdsMonthlyCount === null
      ? Number.POSITIVE_INFINITY
      : allocation.analyzedAdsMonthlyCount - (await store.analyzedAdsThisMonth(account.accountId));
  let refused = 0;
  const ads = graphAds.flatMap((graphAd) => {
    const ad = toAd(graphAd);
    if (!ad) return [];
    if (known.has(ad.externalId)) return [ad];
    if (room <= 0) {
      refused += 1;
      return [];
    }
    room -= 1;
    return [ad];
  });
  if (refused > 0)
    await repository.raiseIssue(integration.id, 'ADS_COUNT_LIMIT_EXCEEDED', act, `${refused} ads not synced`);
  else await repository.resolveIssues(integration.id, ['ADS_COUNT_LIMIT_EXCEEDED']);

  await nameActors(ctx, integration, adAccountId, ads, token, call);
  await store.write(scope, {
    account: metaAccountRecord(account, null),
    campaigns,
    adSets,
    ads,
    insights: [],
  });
  await importMedia(ctx, integration, adAccountId, scope, graphAds, token);
  await followPublishes(ctx, scope.brandId, adAccountId, ads);
  await repository.saveSync(adAccountId, { adsUpdatedSince: runStartedAt, progress: 10 });

  return syncInsights(ctx, { integration, adAccountId, account, sync, scope, act, token, call });
}

/**
 * Library videos published to this account move with the ads that use them: ACTIVE while
 * one is active, USED while they wait to deliver, INACTIVE once all are paused or gone;
 * the library item is linked to those ads.
 */
async function followPublishes(
  ctx: SyncContext,
  brandId: string,
  adAccountId: string,
  ads: AdRecord[],
): Promise<void> {
  const { repository, store } = ctx;
  const byVideo = new Map<string, AdRecord[]>();
  for (const ad of ads)
    if (ad.creative?.videoId)
      byVideo.set(ad.creative.videoId, [...(byVideo.get(ad.creative.videoId) ?? []), ad]);
  const published = await repository.publishesOfVideos(adAccountId, [...byVideo.keys()]);
  if (published.length === 0) return;
  const adIds = await store.adIds(adAccountId);
  for (const row of published) {
    const using = byVideo.get(row.videoId!) ?? [];
    const statuses = using.map((ad) => ad.effectiveStatus ?? '');
    const status = statuses.includes('ACTIVE')
      ? 'ACTIVE'
      : statuses.every((st) => INACTIVE_STATUSES.has(st))
        ? 'INACTIVE'
        : 'USED';
    await repository.setPublishStatus(row.assetId, adAccountId, status);
    await store.linkAssets(
      brandId,
      using.flatMap((ad) => {
        const adId = adIds.get(ad.externalId);
        return adId ? [{ adId, assetId: row.assetId }] : [];
      }),
    );
  }
}

const INACTIVE_STATUSES = new Set([
  'PAUSED',
  'ADSET_PAUSED',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'DELETED',
  'DISAPPROVED',
]);
