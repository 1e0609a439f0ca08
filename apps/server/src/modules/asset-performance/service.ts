import {
  ASSET_AD_LINK_LIMITS,
  ASSET_PERFORMANCE_DEFAULT_PRESET,
  type AssetPerformance,
  type AssetPerformanceQuery,
  type AssetPerformanceSummary,
  type AssetPerformanceSummaryQuery,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import type { AnalyticsService } from '../ad-performance/analytics/service.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import type { DuplicatesService } from '../duplicates/service.js';
import type { LibraryItems } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { AssetAdLink, AssetPerformanceRepository } from './repository.js';

export const ASSET_AD_LINKS_QUEUE = 'ASSET_AD_LINKS';

/** A link job: the whole brand, or one library file of it. */
export interface AssetAdLinksPayload {
  brandId: string;
  assetId?: string;
}

/**
 * An asset's ad performance (issue 17 "Beyond the seeds"): which ads use a library file
 * (asset_ad_links) and what they did.
 *
 * Links are found two ways. META_ID: a library video published to Meta, whose video id the
 * sync saw in ads (it links them, the ad performance store keeps that). FINGERPRINT: an ad's
 * creative media, which the sync imports as an AD_ANALYTICS file and the duplicates module
 * fingerprints like any upload, looks like the library file (ASSET_AD_LINK_LIMITS: length
 * within 0.1 s and each keyframe's dHash within 10 bits; images: the dHash within 10 bits and
 * the aspect ratio within 2 %). No fingerprint table of its own: the duplicates module's
 * asset_fingerprints already hold the keyframes at 10, 30, 50, 70 and 90 % asked for.
 * META_ID wins when both find the same ad.
 *
 * The ASSET_AD_LINKS job rewrites the brand's links when any of its images or videos is
 * processed and when the sync (or the demo) has linked ads to their media.
 */
export class AssetPerformanceService {
  constructor(
    private readonly repository: AssetPerformanceRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly adPerformance: AdPerformanceService,
    private readonly duplicates: DuplicatesService,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get analytics(): AnalyticsService {
    return this.adPerformance.analytics as AnalyticsService;
  }

  registerQueues(): void {
    this.queue.register<AssetAdLinksPayload>(
      ASSET_AD_LINKS_QUEUE,
      (payload) => this.relink(payload.brandId, payload.assetId),
      // One waiting and one running per file or brand: a run reads everything afresh. One
      // worker: a brand's runs wait for each other anyway (lockBrand), and they are short.
      { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 30 * 60, policy: 'stately', concurrency: 1 },
    );
  }

  /**
   * processing.onProcessed (inside the transaction that marks the file processed, after its
   * fingerprint is written): the brand is looked at again, library file or ad creative alike.
   * Decided: one brand job rather than one per file, so a sync or the demo that processes
   * dozens of files at once queues one run waiting and one running ('stately'), not dozens
   * (the demo's seeding took minutes with one job per file under load).
   */
  async queueFile(file: AssetRow): Promise<void> {
    if (file.type !== 'IMAGE' && file.type !== 'VIDEO') return;
    await this.send({ brandId: file.brandId });
  }

  /** adPerformance.onMediaLinked: the sync or the demo linked ads to their media. */
  async queueBrand(brandId: string): Promise<void> {
    await this.send({ brandId }).catch((error: unknown) =>
      this.log.warn({ err: error, brandId }, 'could not queue the asset-ad links'),
    );
  }

  private async send(payload: AssetAdLinksPayload): Promise<void> {
    const executor = this.repository.queueExecutor();
    // Not send: with a run already waiting for this brand the queue refuses a second one, and
    // that run reads everything afresh. send would throw inside the processing transaction and
    // fail the file's processing (every file after the first of a batch, retried and delayed).
    await this.queue.sendUnlessQueued(ASSET_AD_LINKS_QUEUE, payload, {
      ...(executor ? { executor } : {}),
      singletonKey: payload.assetId ? `asset:${payload.assetId}` : `brand:${payload.brandId}`,
    });
  }

  /** The link job: the brand's links (only `assetId`'s, when given) found again and written. Answers their count. */
  async relink(brandId: string, assetId?: string): Promise<number> {
    return this.repository.transaction(async () => {
      await this.repository.lockBrand(brandId);
      const links = new Map<string, AssetAdLink>();
      const lookalikes = await this.duplicates.creativeLookalikes(brandId, assetId, ASSET_AD_LINK_LIMITS);
      const adsOfCreative = new Map<string, string[]>();
      for (const use of await this.adPerformance.adsUsing([...new Set(lookalikes.map((l) => l.creativeId))]))
        adsOfCreative.set(use.assetId, [...(adsOfCreative.get(use.assetId) ?? []), use.adId]);
      for (const look of lookalikes)
        for (const adId of adsOfCreative.get(look.creativeId) ?? []) {
          const key = `${look.assetId}:${adId}`;
          const known = links.get(key);
          if (!known || (known.distance ?? 0) > look.distance)
            links.set(key, { assetId: look.assetId, adId, method: 'FINGERPRINT', distance: look.distance });
        }
      for (const link of await this.adPerformance.publishedLinks(brandId, assetId))
        links.set(`${link.assetId}:${link.adId}`, { ...link, method: 'META_ID', distance: null });
      await this.repository.replace(brandId, assetId, [...links.values()]);
      return links.size;
    });
  }

  /** GET …/assets/{id}/performance */
  async get(s: LibraryScope, id: string, query: AssetPerformanceQuery): Promise<AssetPerformance> {
    await this.access.require(s.actor, 'asset.performance', [id]);
    const asset = await this.items.find(s, id);
    if (!asset) throw notFound();
    const links = await this.repository.linksOf(s.brandId, [id]);
    const byAd = new Map(links.map((link) => [link.adId, link]));
    const figures = await this.analytics.adsFigures(
      s.brandId,
      [...byAd.keys()],
      query,
      asset.type === 'VIDEO' ? asset.length : null,
    );
    return {
      assetId: id,
      analyticsPreset: query.analyticsPreset,
      window: figures.window,
      totals: figures.totals,
      previous: figures.previous,
      ads: figures.ads.map((ad) => {
        const link = byAd.get(ad.id) as AssetAdLink;
        return {
          id: ad.id,
          name: ad.name,
          effectiveStatus: ad.effectiveStatus,
          spend: ad.figures.spend,
          roas: ad.figures.roas,
          method: link.method,
          distance: link.distance,
        };
      }),
    };
  }

  /**
   * GET …/assets/performance-summary: spend and ROAS over the last calendar month per file,
   * in the order asked. Decided: ids no ad uses, and ids that are not the brand's, are left
   * out (no 404): a page of cards asks for every file it shows.
   */
  async summary(s: LibraryScope, query: AssetPerformanceSummaryQuery): Promise<AssetPerformanceSummary[]> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const ids = [...new Set(query.ids)];
    const sets = new Map<string, string[]>();
    for (const link of await this.repository.linksOf(s.brandId, ids))
      sets.set(link.assetId, [...(sets.get(link.assetId) ?? []), link.adId]);
    if (sets.size === 0) return [];
    const totals = await this.analytics.setTotals(s.brandId, sets, {
      analyticsPreset: ASSET_PERFORMANCE_DEFAULT_PRESET,
    });
    return ids.flatMap((assetId) => {
      const found = totals.get(assetId);
      return found ? [{ assetId, spend: found.figures.spend, roas: found.figures.roas, ads: found.ads }] : [];
    });
  }
}
