import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import type { LibraryScope } from '../library/scope.js';
import type { UploadsService } from '../uploads/service.js';
import type { AnalyticsExport } from './analytics/export-job.js';
import type { AnalyticsRollups } from './analytics/rollups.js';
import type { AnalyticsService } from './analytics/service.js';
import type { ExportImports } from './export-import.js';
import type { NamingRepository } from './naming/repository.js';
import type { NamingConventionService } from './naming/service.js';
import type { AdAccountData } from './records.js';
import type { AdAccountRow, AdPerformanceRepository } from './repository.js';

export type { AdAccountRow };

/** A creative's media the writer can fetch into a file, to become an AD_ANALYTICS asset. */
export interface MediaSource {
  kind: 'VIDEO' | 'IMAGE';
  /** Meta's video id or image hash. */
  externalId: string;
  /** Downloads the media to a local file (removed by the caller afterwards). */
  fetch(): Promise<{ file: string; name: string; cleanup?: () => Promise<void> }>;
}

export interface WriteResult {
  adAccount: AdAccountRow;
  /** Every ad of the account: external id → row id. */
  adIds: Map<string, string>;
  rows: number;
}

/** Why a creative's media has no asset. */
export type MediaSkip = 'ASSETS_COUNT_LIMIT_EXCEEDED' | 'UNREADABLE';

/**
 * The ad performance store (the Meta integration issue): the one writer of the ad tables.
 * The Meta sync, the export import and the demo hand it neutral records; writing the same
 * records twice changes nothing (upserts per external id, and per ad and day).
 */
export class AdPerformanceService {
  /** Ads Manager export imports (set by the module: they write through this store). */
  imports: ExportImports | undefined;
  /** Creative analytics' reads (set by the module). */
  analytics: AnalyticsService | undefined;
  /** The analytics CSV export job (set by the module). */
  analyticsExport: AnalyticsExport | undefined;
  /** The brand's ad naming convention (set by the module). */
  naming: NamingConventionService | undefined;

  /** Who hears that ads were linked to files (asset performance relinks the brand). */
  private readonly linkListeners: ((brandId: string) => Promise<void>)[] = [];

  constructor(
    private readonly repository: AdPerformanceRepository,
    private readonly namingConventions: NamingRepository,
    private readonly uploads: UploadsService,
    private readonly log: FastifyBaseLogger,
    /** Creative analytics' rollups: told of every change to delivery, refreshed after it. */
    readonly rollups: AnalyticsRollups,
  ) {}

  /**
   * Writes one account's data in one transaction: a failure writes nothing. Ads are parsed
   * with the brand's naming convention as they are written (a save waits for the write).
   */
  async write(
    scope: { accountId: string; brandId: string },
    data: AdAccountData,
    options: { enabled?: boolean } = {},
  ): Promise<WriteResult> {
    return this.repository.transaction(async () => {
      const adAccount = await this.repository.upsertAccount(scope, data.account, options.enabled);
      const campaignIds = await this.repository.upsertCampaigns(adAccount.id, data.campaigns);
      const adSetIds = await this.repository.upsertAdSets(adAccount.id, data.adSets, campaignIds);
      const convention =
        data.ads.length > 0 ? await this.namingConventions.findForWrite(scope.brandId) : null;
      const adIds = await this.repository.upsertAds(
        scope,
        adAccount.id,
        data.ads,
        campaignIds,
        adSetIds,
        convention && convention.fields.length > 0 ? convention : null,
      );
      const rows = await this.repository.upsertInsights(
        data.insights.flatMap((row) => {
          const adId = adIds.get(row.adExternalId);
          return adId ? [{ ...row, adId }] : [];
        }),
      );
      await this.rollups.changed([scope.brandId]);
      return { adAccount, adIds, rows };
    });
  }

  accountsOfBrand(brandId: string): Promise<AdAccountRow[]> {
    return this.repository.accountsOfBrand(brandId);
  }

  findAccount(brandId: string, externalId: string): Promise<AdAccountRow | undefined> {
    return this.repository.findAccount(brandId, externalId);
  }

  findAccountById(id: string): Promise<AdAccountRow | undefined> {
    return this.repository.findAccountById(id);
  }

  async updateAccount(
    id: string,
    values: { enabled?: boolean; deleted?: boolean; purchaseActionType?: string | null },
  ): Promise<void> {
    await this.repository.updateAccount(id, values);
  }

  /** Removes an ad account with its ads and history (the demo account, when Meta is connected). */
  async deleteAccount(id: string): Promise<void> {
    const account = await this.repository.findAccountById(id);
    await this.repository.deleteAccount(id);
    if (account) await this.rollups.changed([account.brandId]);
  }

  /** Drops days before the sync start (a later start keeps less history). */
  async dropBefore(adAccountId: string, from: string): Promise<void> {
    const account = await this.repository.findAccountById(adAccountId);
    await this.repository.deleteInsightsBefore(adAccountId, from);
    if (account) await this.rollups.changed([account.brandId]);
  }

  /** Daily rows stored per ad account and the first day they cover (the demo's sync panel). */
  insightStats(adAccountIds: string[]) {
    return this.repository.insightStats(adAccountIds);
  }

  /** The Pages and Instagram accounts the account's ads run as. */
  actorIds(adAccountId: string): Promise<string[]> {
    return this.repository.actorIds(adAccountId);
  }

  /** Ads of the account by external id (the sync tells new ads from known ones). */
  adIds(adAccountId: string): Promise<Map<string, string>> {
    return this.repository.adIds(adAccountId);
  }

  /** Distinct ads with delivery written this UTC month, outside the demo (usage analyzedAdsMonthlyCount). */
  analyzedAdsThisMonth(accountId: string, now = new Date()): Promise<number> {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return this.repository.countAdsSyncedSince(accountId, monthStart);
  }

  /**
   * Makes each creative media of the account a library item (AD_ANALYTICS, processed like an
   * upload) once per brand, and links ads to them. Media past the plan's assets or storage
   * are skipped (and reported); the rest carry on.
   */
  async linkMedia(
    scope: LibraryScope,
    adAccountId: string,
    sources: Map<string, MediaSource>,
  ): Promise<{ created: number; skipped: { externalId: string; reason: MediaSkip }[] }> {
    const skipped: { externalId: string; reason: MediaSkip }[] = [];
    let created = 0;
    const assetOf = new Map<string, string | null>();
    for (const [key, source] of sources) {
      const known = await this.repository.findMedia(scope.brandId, source.kind, source.externalId);
      if (known?.assetId) {
        assetOf.set(key, known.assetId);
        continue;
      }
      const asset = await this.importMedia(scope, source).catch((error: unknown) => {
        const reason: MediaSkip =
          error instanceof AppError && error.code === 'payment_required'
            ? 'ASSETS_COUNT_LIMIT_EXCEEDED'
            : 'UNREADABLE';
        if (reason === 'UNREADABLE')
          this.log.warn({ err: error, media: source.externalId }, 'ad media not imported');
        skipped.push({ externalId: source.externalId, reason });
        return null;
      });
      if (asset) created += 1;
      assetOf.set(key, asset);
      if (asset)
        await this.repository.saveMedia({
          brandId: scope.brandId,
          kind: source.kind,
          externalId: source.externalId,
          assetId: asset,
        });
    }
    const links = (await this.repository.creativeMedia(adAccountId)).flatMap((ad) => {
      const keys = [ad.videoId && `VIDEO:${ad.videoId}`, ad.imageHash && `IMAGE:${ad.imageHash}`];
      return keys.flatMap((key) => {
        const assetId = key ? assetOf.get(key) : undefined;
        return assetId ? [{ adId: ad.adId, assetId }] : [];
      });
    });
    await this.linkAssets(scope.brandId, links);
    return { created, skipped };
  }

  /**
   * Links ads to library items of their media (a published library video used by synced ads).
   * A video's length is part of the hold score, so the brand's rollups are refreshed after;
   * the listeners hear of it even when nothing new was linked (new files may match old ads).
   */
  async linkAssets(brandId: string, links: { adId: string; assetId: string }[]): Promise<void> {
    if (links.length > 0) {
      await this.repository.linkAdAssets(links);
      await this.rollups.changedAds(links.map((link) => link.adId));
    }
    await this.linked(brandId);
  }

  /**
   * Runs `listener` with the brand each time the sync or the demo has linked its ads to their
   * media (linkMedia, linkAssets), new ads or not.
   */
  onMediaLinked(listener: (brandId: string) => Promise<void>): void {
    this.linkListeners.push(listener);
  }

  private async linked(brandId: string): Promise<void> {
    for (const listener of this.linkListeners) await listener(brandId);
  }

  /** The ads using these files: the ads whose creative's media they are, or that run them as published. */
  adsUsing(assetIds: string[]): Promise<{ adId: string; assetId: string }[]> {
    return this.repository.adsUsing(assetIds);
  }

  /** The brand's ads linked by Meta's video id to a library file published to Meta (only `assetId`'s, when given). */
  publishedLinks(brandId: string, assetId?: string): Promise<{ adId: string; assetId: string }[]> {
    return this.repository.publishedLinks(brandId, assetId);
  }

  /** The key linkMedia's map uses for a media. */
  static mediaKey(kind: 'VIDEO' | 'IMAGE', externalId: string): string {
    return `${kind}:${externalId}`;
  }

  private async importMedia(scope: LibraryScope, source: MediaSource): Promise<string> {
    const fetched = await source.fetch();
    try {
      const asset = await this.uploads.ingest(scope, {
        name: fetched.name,
        file: fetched.file,
        parentId: 'root',
        library: 'AD_ANALYTICS',
      });
      return asset.id;
    } finally {
      await fetched.cleanup?.();
    }
  }
}
