import { type NamingConvention, parseAdName } from '@hookline/contract';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { excludedColumns } from '../../platform/db/excluded.js';
import {
  adAccounts,
  adAssets,
  adCampaigns,
  adCreatives,
  adInsightsDaily,
  adMedia,
  adSets,
  ads,
  assets,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { uuidv7 } from '../../platform/ids.js';
import type {
  AdAccountRecord,
  AdRecord,
  AdSetRecord,
  CampaignRecord,
  DailyInsightRecord,
} from './records.js';

export type AdAccountRow = typeof adAccounts.$inferSelect;
export type AdMediaRow = typeof adMedia.$inferSelect;

/** Rows per INSERT: keeps statements well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

/** The ad performance tables' queries (only this module writes them). */
export class AdPerformanceRepository extends Repository {
  async upsertAccount(
    scope: { accountId: string; brandId: string },
    record: AdAccountRecord,
    enabled: boolean | undefined,
  ): Promise<AdAccountRow> {
    const [row] = await this.db
      .insert(adAccounts)
      .values({
        id: uuidv7(),
        accountId: scope.accountId,
        brandId: scope.brandId,
        externalId: record.externalId,
        name: record.name,
        currency: record.currency,
        timezone: record.timezone,
        accountStatus: record.accountStatus,
        disableReason: record.disableReason,
        source: record.source,
        purchaseActionType: record.purchaseActionType,
        enabled: enabled ?? false,
      })
      .onConflictDoUpdate({
        target: [adAccounts.brandId, adAccounts.externalId],
        set: {
          name: record.name,
          currency: record.currency,
          timezone: record.timezone,
          accountStatus: record.accountStatus,
          disableReason: record.disableReason,
          source: record.source,
          purchaseActionType: sql`coalesce(${record.purchaseActionType}, ${adAccounts.purchaseActionType})`,
          deleted: false,
          ...(enabled === undefined ? {} : { enabled }),
          updatedAt: new Date(),
        },
      })
      .returning();
    return row!;
  }

  async upsertCampaigns(adAccountId: string, records: CampaignRecord[]): Promise<Map<string, string>> {
    for (const part of chunks(records))
      await this.db
        .insert(adCampaigns)
        .values(part.map((r) => ({ id: uuidv7(), adAccountId, ...r })))
        .onConflictDoUpdate({
          target: [adCampaigns.adAccountId, adCampaigns.externalId],
          set: {
            ...excludedColumns(adCampaigns, ['name', 'status', 'effectiveStatus', 'objective']),
            updatedAt: new Date(),
          },
        });
    const rows = await this.db
      .select({ id: adCampaigns.id, externalId: adCampaigns.externalId })
      .from(adCampaigns)
      .where(eq(adCampaigns.adAccountId, adAccountId));
    return new Map(rows.map((r) => [r.externalId, r.id]));
  }

  async upsertAdSets(
    adAccountId: string,
    records: AdSetRecord[],
    campaignIds: Map<string, string>,
  ): Promise<Map<string, string>> {
    const values = records.flatMap((r) => {
      const campaignId = campaignIds.get(r.campaignExternalId);
      return campaignId
        ? [
            {
              id: uuidv7(),
              adAccountId,
              campaignId,
              externalId: r.externalId,
              name: r.name,
              status: r.status,
              effectiveStatus: r.effectiveStatus,
            },
          ]
        : [];
    });
    for (const part of chunks(values))
      await this.db
        .insert(adSets)
        .values(part)
        .onConflictDoUpdate({
          target: [adSets.adAccountId, adSets.externalId],
          set: {
            ...excludedColumns(adSets, ['campaignId', 'name', 'status', 'effectiveStatus']),
            updatedAt: new Date(),
          },
        });
    const rows = await this.db
      .select({ id: adSets.id, externalId: adSets.externalId })
      .from(adSets)
      .where(eq(adSets.adAccountId, adAccountId));
    return new Map(rows.map((r) => [r.externalId, r.id]));
  }

  /**
   * Upserts ads and their creatives; answers every ad of the account by external id. Each
   * ad's name is parsed with the brand's naming convention (null: none) as it is written.
   */
  async upsertAds(
    scope: { brandId: string },
    adAccountId: string,
    records: AdRecord[],
    campaignIds: Map<string, string>,
    adSetIds: Map<string, string>,
    convention: NamingConvention | null,
  ): Promise<Map<string, string>> {
    const values = records.flatMap((r) => {
      const campaignId = campaignIds.get(r.campaignExternalId);
      const adSetId = adSetIds.get(r.adSetExternalId);
      if (!campaignId || !adSetId) return [];
      return [
        {
          id: uuidv7(),
          adAccountId,
          brandId: scope.brandId,
          campaignId,
          adSetId,
          externalId: r.externalId,
          name: r.name,
          status: r.status,
          effectiveStatus: r.effectiveStatus,
          previewUrl: r.previewUrl,
          permalink: r.permalink,
          fileType: r.fileType,
          createdTime: r.createdAt,
          updatedTime: r.updatedAt,
          namingValues: convention ? parseAdName(r.name, convention).values : null,
        },
      ];
    });
    for (const part of chunks(values))
      await this.db
        .insert(ads)
        .values(part)
        .onConflictDoUpdate({
          target: [ads.adAccountId, ads.externalId],
          set: {
            ...excludedColumns(ads, [
              'campaignId',
              'adSetId',
              'name',
              'status',
              'effectiveStatus',
              'previewUrl',
              'permalink',
              'fileType',
              'namingValues',
            ]),
            createdTime: sql`coalesce(excluded.created_time, ${ads.createdTime})`,
            updatedTime: sql`coalesce(excluded.updated_time, ${ads.updatedTime})`,
            updatedAt: new Date(),
          },
        });
    const ids = await this.adIds(adAccountId);
    const creatives = records.flatMap((r) => {
      const adId = ids.get(r.externalId);
      return adId && r.creative ? [{ adId, ...r.creative }] : [];
    });
    for (const part of chunks(creatives))
      await this.db
        .insert(adCreatives)
        .values(part)
        .onConflictDoUpdate({
          target: adCreatives.adId,
          set: excludedColumns(adCreatives, [
            'externalId',
            'actorId',
            'actorName',
            'postId',
            'title',
            'body',
            'ctaType',
            'landingPage',
            'thumbnailUrl',
            'videoId',
            'imageHash',
          ]),
        });
    return ids;
  }

  async adIds(adAccountId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ id: ads.id, externalId: ads.externalId })
      .from(ads)
      .where(eq(ads.adAccountId, adAccountId));
    return new Map(rows.map((r) => [r.externalId, r.id]));
  }

  /** Writes daily rows (one per ad and day: a second write of the same day replaces it). */
  async upsertInsights(rows: (DailyInsightRecord & { adId: string })[]): Promise<number> {
    const values = rows.map(({ adExternalId: _, adId, spend, conversionValue, ...metrics }) => ({
      adId,
      ...metrics,
      spend: spend.toFixed(2),
      conversionValue: conversionValue.toFixed(2),
    }));
    const metrics = excludedColumns(adInsightsDaily, [
      'spend',
      'impressions',
      'reach',
      'clicks',
      'linkClicks',
      'outboundClicks',
      'conversions',
      'conversionValue',
      'otherActions',
      'plays',
      'threeSecondViews',
      'p25',
      'p50',
      'p75',
      'p95',
      'p100',
      'thruplays',
      'avgWatchTimeSeconds',
      'retention',
    ]);
    for (const part of chunks(values))
      await this.db
        .insert(adInsightsDaily)
        .values(part)
        .onConflictDoUpdate({
          target: [adInsightsDaily.adId, adInsightsDaily.date],
          set: metrics,
        });
    const adIds = [...new Set(rows.map((r) => r.adId))];
    for (const part of chunks(adIds))
      await this.db.update(ads).set({ deliverySyncedAt: new Date() }).where(inArray(ads.id, part));
    return values.length;
  }

  /** Drops days before `from` (a later sync start). */
  async deleteInsightsBefore(adAccountId: string, from: string): Promise<void> {
    await this.db
      .delete(adInsightsDaily)
      .where(
        and(
          lt(adInsightsDaily.date, from),
          inArray(
            adInsightsDaily.adId,
            this.db.select({ id: ads.id }).from(ads).where(eq(ads.adAccountId, adAccountId)),
          ),
        ),
      );
  }

  async accountsOfBrand(brandId: string): Promise<AdAccountRow[]> {
    return this.db.select().from(adAccounts).where(eq(adAccounts.brandId, brandId)).orderBy(adAccounts.name);
  }

  async findAccount(brandId: string, externalId: string): Promise<AdAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adAccounts)
      .where(and(eq(adAccounts.brandId, brandId), eq(adAccounts.externalId, externalId)));
    return row;
  }

  async findAccountById(id: string): Promise<AdAccountRow | undefined> {
    const [row] = await this.db.select().from(adAccounts).where(eq(adAccounts.id, id));
    return row;
  }

  async updateAccount(id: string, values: Partial<typeof adAccounts.$inferInsert>): Promise<void> {
    await this.db
      .update(adAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(adAccounts.id, id));
  }

  async deleteAccount(id: string): Promise<void> {
    await this.db.delete(adAccounts).where(eq(adAccounts.id, id));
  }

  async findMedia(
    brandId: string,
    kind: 'VIDEO' | 'IMAGE',
    externalId: string,
  ): Promise<AdMediaRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adMedia)
      .where(and(eq(adMedia.brandId, brandId), eq(adMedia.kind, kind), eq(adMedia.externalId, externalId)));
    return row;
  }

  async saveMedia(row: typeof adMedia.$inferInsert): Promise<void> {
    await this.db
      .insert(adMedia)
      .values(row)
      .onConflictDoUpdate({
        target: [adMedia.brandId, adMedia.kind, adMedia.externalId],
        set: { assetId: row.assetId ?? null, skippedReason: row.skippedReason ?? null },
      });
  }

  /** Links each ad to the asset of its creative's media. */
  async linkAdAssets(links: { adId: string; assetId: string }[]): Promise<void> {
    for (const part of chunks(links)) await this.db.insert(adAssets).values(part).onConflictDoNothing();
  }

  /** The ads using these files (their creative's media, or a published library video). */
  async adsUsing(assetIds: string[]): Promise<{ adId: string; assetId: string }[]> {
    if (assetIds.length === 0) return [];
    return this.db
      .select({ adId: adAssets.adId, assetId: adAssets.assetId })
      .from(adAssets)
      .where(inArray(adAssets.assetId, assetIds));
  }

  /**
   * The brand's ads linked straight to a library file that is not an ad's imported media
   * (a video published to Meta, linked by its Meta video id when the sync saw ads run it).
   */
  async publishedLinks(brandId: string, assetId?: string): Promise<{ adId: string; assetId: string }[]> {
    return this.db
      .select({ adId: adAssets.adId, assetId: adAssets.assetId })
      .from(adAssets)
      .innerJoin(assets, eq(assets.id, adAssets.assetId))
      .where(
        and(
          eq(assets.brandId, brandId),
          ne(assets.library, 'AD_ANALYTICS'),
          assetId ? eq(assets.id, assetId) : undefined,
        ),
      );
  }

  /** Daily rows stored per ad account, and the first day they cover. */
  async insightStats(
    adAccountIds: string[],
  ): Promise<Map<string, { rows: number; firstDay: string | null }>> {
    if (adAccountIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        adAccountId: ads.adAccountId,
        rows: sql<number>`count(*)::int`,
        firstDay: sql<string | null>`min(${adInsightsDaily.date})::text`,
      })
      .from(adInsightsDaily)
      .innerJoin(ads, eq(ads.id, adInsightsDaily.adId))
      .where(inArray(ads.adAccountId, adAccountIds))
      .groupBy(ads.adAccountId);
    return new Map(rows.map((r) => [r.adAccountId, { rows: r.rows, firstDay: r.firstDay }]));
  }

  /** The Pages and Instagram accounts the account's ads run as. */
  async actorIds(adAccountId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ actorId: adCreatives.actorId })
      .from(ads)
      .innerJoin(adCreatives, eq(adCreatives.adId, ads.id))
      .where(eq(ads.adAccountId, adAccountId));
    return rows.flatMap((r) => (r.actorId ? [r.actorId] : []));
  }

  /** Ads with their creative's media ids, of one account (to link them to assets). */
  async creativeMedia(adAccountId: string) {
    return this.db
      .select({ adId: ads.id, videoId: adCreatives.videoId, imageHash: adCreatives.imageHash })
      .from(ads)
      .innerJoin(adCreatives, eq(adCreatives.adId, ads.id))
      .where(eq(ads.adAccountId, adAccountId));
  }

  /** Distinct ads of the account whose delivery was written since `since` (usage: this UTC month; the demo's do not count). */
  async countAdsSyncedSince(accountId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ads)
      .innerJoin(adAccounts, eq(adAccounts.id, ads.adAccountId))
      .where(
        and(
          eq(adAccounts.accountId, accountId),
          ne(adAccounts.source, 'DEMO'),
          gte(ads.deliverySyncedAt, since),
        ),
      );
    return row?.count ?? 0;
  }

  /** Whether an asset is a creative's media (AD_ANALYTICS items cannot be deleted). */
  async isAdMedia(assetIds: string[]): Promise<string[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ assetId: adMedia.assetId })
      .from(adMedia)
      .where(inArray(adMedia.assetId, assetIds));
    return rows.flatMap((r) => (r.assetId ? [r.assetId] : []));
  }
}
