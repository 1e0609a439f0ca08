import type { AnalyticsAd } from '@hookline/contract';
import type { LibraryItems } from '../../library/items-service.js';
import type { LibraryScope } from '../../library/scope.js';
import { adsManagerUrl, chartPoint, figuresOf, retentionOf } from './figures.js';
import type { AnalyticsAdRow, AnalyticsRepository, DailyRow } from './list-repository.js';
import type { DeliverySums } from './metrics.js';
import { type AccountWindows, currentOf, previousOf, type WindowQuery } from './request.js';

/** What `AnalyticsPresenter.load` reads for a page's ads. */
export interface PageExtras {
  previous: Map<string, DeliverySums>;
  days: DailyRow[];
  links: { adId: string; assetId: string }[];
  assets: Awaited<ReturnType<LibraryItems['findMany']>>;
}

/**
 * Analytics ads as the answers show them (001 §3 "Analytics ad"): a page's rows with their
 * figures for the preset and the window before, daily chart data, retention, scores and the
 * ads' assets as the library presents them.
 */
export class AnalyticsPresenter {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly library: LibraryItems,
  ) {}

  /**
   * What the answer shows beside these ads' rows: their figures in the window before, their
   * daily rows and their assets. It needs only the ids, so callers start it while the rows are
   * still being read.
   */
  async load(s: LibraryScope, ids: string[], windows: AccountWindows[]): Promise<PageExtras> {
    const [previous, days, assets] = await Promise.all([
      this.repository.sums(ids, previousOf(windows)),
      this.repository.days(ids, currentOf(windows)),
      this.repository.assetsOf(ids).then(async (links) => {
        const found = await this.library.findMany(
          { accountId: s.accountId, brandId: s.brandId, library: 'AD_ANALYTICS' },
          [...new Set(links.map((l) => l.assetId))],
        );
        return { links, found };
      }),
    ]);
    return { previous, days, links: assets.links, assets: assets.found };
  }

  present(
    s: LibraryScope,
    query: WindowQuery,
    rows: AnalyticsAdRow[],
    current: Map<string, DeliverySums>,
    windows: AccountWindows[],
    { previous, days, links, assets }: PageExtras,
  ): AnalyticsAd[] {
    const byAccount = new Map(windows.map((w) => [w.adAccountId, w]));
    const assetById = new Map(assets.map((a) => [a.id, a]));
    return rows.map((row): AnalyticsAd => {
      const adAssets = links.flatMap((l) => {
        const asset = l.adId === row.id ? assetById.get(l.assetId) : undefined;
        return asset ? [asset] : [];
      });
      const video = adAssets.find((a) => a.type === 'VIDEO');
      const lengthSeconds = video?.length ?? null;
      const ownDays = days.filter((d) => d.adId === row.id);
      const window = byAccount.get(row.adAccountId);
      const before = previous.get(row.id);
      const posters = adAssets.map((a) => ({
        id: a.id,
        type: a.type,
        posterUrl: this.library.thumbnailUrl(a, s.actor),
      }));
      const sums = current.get(row.id) as DeliverySums;
      return {
        id: row.id,
        name: row.name,
        effectiveStatus: row.effectiveStatus,
        fileType: row.fileType as AnalyticsAd['fileType'],
        previewUrl: row.previewUrl,
        permalink: row.permalink,
        createdAt: row.createdTime ? new Date(row.createdTime).toISOString() : null,
        posterUrl: posters[0]?.posterUrl ?? row.thumbnailUrl,
        adPageUrl: adsManagerUrl(row),
        assets: posters,
        adAccountName: row.adAccountName,
        campaignName: row.campaignName,
        adGroupName: row.adSetName,
        analyticsUpdatedAsOfDate: ownDays.at(-1)?.date ?? null,
        chartData: ownDays.map(chartPoint),
        analyticsPresets: {
          [query.analyticsPreset]: {
            ...figuresOf(sums, lengthSeconds),
            window: window?.current ?? null,
            previous: window?.previous && before ? figuresOf(before, lengthSeconds) : null,
            audienceRetention: retentionOf(ownDays),
            scores: {
              hook: row.hook_score,
              hold: row.hold_score,
              click: row.click_score,
              convert: row.convert_score,
            },
            processedAt: row.deliverySyncedAt ? new Date(row.deliverySyncedAt).toISOString() : null,
          },
        },
        actorName: row.actorName,
        postId: row.postId,
        creativeMessage: row.body,
        creativeTitle: row.title,
        landingPage: row.landingPage,
        ctaType: row.ctaType,
        namingValues: row.namingValues,
      };
    });
  }
}
