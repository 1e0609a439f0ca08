import {
  type AnalyticsAd,
  type AnalyticsCompareQuery,
  type AnalyticsComparison,
  type AnalyticsExportParams,
  type AnalyticsFigures,
  type AnalyticsGroupRow,
  type AnalyticsGroupsQuery,
  type AnalyticsListQuery,
  type AnalyticsPresetFigures,
  type analyticsCreativeFields,
  analyticsExportParamsSchema,
  analyticsMessages,
  EXPORT_ANALYTICS_CSV_JOB,
} from '@hookline/contract';
import { AppError, notFound, validationFailed } from '../../../platform/http/errors.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../../platform/jobs/registry.js';
import type { Storage } from '../../../platform/storage/storage.js';
import type { AccessService } from '../../access/service.js';
import type { LibraryItems } from '../../library/items-service.js';
import { attachmentDisposition } from '../../library/media-urls.js';
import type { LibraryScope } from '../../library/scope.js';
import { LINK_TTL_SECONDS } from '../../uploads/download-rules.js';
import type { AdAccountRow } from '../repository.js';
import { csvStream } from './export-csv.js';
import { adsManagerUrl, chartPoint, figuresOf, retentionOf, round } from './figures.js';
import { conditionOf } from './filters.js';
import { encodeGroupId, type GroupKey, groupCondition, sortGroups } from './groups.js';
import type {
  AccountWindow,
  AnalyticsAdRow,
  AnalyticsCondition,
  AnalyticsRepository,
  Grouping,
  GroupSums,
} from './list-repository.js';
import { addSums, type DeliverySums, presetMetrics } from './metrics.js';
import type { AnalyticsRollups } from './rollups.js';
import { analyticsWindow, type DayWindow, todayIn, WindowError } from './windows.js';

type WindowQuery = Pick<AnalyticsListQuery, 'analyticsPreset' | 'from' | 'to'>;

/** Ads read per query while exporting. */
const EXPORT_PAGE = 500;

/**
 * Creative analytics (issue 17): the brand's ads with their figures over a date preset, in
 * each ad account's own timezone, and the same figures for the window before.
 *
 * Decided here: an ad is listed when it delivered (impressions or spend) in the window; ads of
 * deleted ad accounts are left out, accounts switched off for syncing keep their history.
 */
export class AnalyticsService {
  constructor(
    private readonly access: AccessService,
    private readonly repository: AnalyticsRepository,
    private readonly accountsOfBrand: (brandId: string) => Promise<AdAccountRow[]>,
    private readonly library: LibraryItems,
    private readonly storage: Storage,
    private readonly rollups: AnalyticsRollups,
  ) {}

  /** EXPORT_ANALYTICS_CSV through POST /jobs (members: the jobs API checks the brand). */
  register(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: EXPORT_ANALYTICS_CSV_JOB,
        params: analyticsExportParamsSchema,
        queue: { retryLimit: 1, expireInSeconds: 3600 },
        handler: (params, ctx) => this.exportCsv(params, ctx),
      }),
    );
  }

  /**
   * Every ad the list would show for the query (not one page), in its order, as a CSV in
   * storage; answers a signed link to `analytics-{brand}-{yyyy-MM-dd}.csv`.
   */
  private async exportCsv(
    params: AnalyticsExportParams,
    ctx: JobContext,
  ): Promise<{ url: string; fileName: string; count: number }> {
    // The jobs API checked the job's brand; the parameters may not name another.
    if (params.brandId !== ctx.brandId) throw new JobFailure('The export names another brand');
    const { query, sortOptions } = params;
    let conditions: AnalyticsCondition[];
    let windows: Awaited<ReturnType<AnalyticsService['windows']>>;
    try {
      conditions = this.conditions({ filters: query.filters, parentId: query.parentId });
      windows = await this.windows(ctx.brandId, query);
    } catch (error) {
      if (error instanceof AppError) throw new JobFailure(error.message);
      throw error;
    }
    const current = windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current }));
    const request = {
      brandId: ctx.brandId,
      windows: current,
      rollup: await this.rollups.usable(ctx.brandId, query.analyticsPreset, current),
      keyword: query.keyword || undefined,
      conditions,
      sort: sortOptions.sort,
      order: sortOptions.order,
    };
    const repository = this.repository;
    let count = 0;
    async function* pages() {
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        ctx.signal.throwIfAborted();
        const { rows, sums } = await repository.page({ ...request, limit: EXPORT_PAGE, offset });
        if (rows.length === 0) return;
        count += rows.length;
        const total = rows[0]?.total ?? count;
        await ctx.reportProgress({ percent: Math.min(99, Math.round((count / total) * 100)) });
        yield rows.map((row) => ({ row, figures: figuresOf(sums.get(row.id) as DeliverySums, null) }));
        if (rows.length < EXPORT_PAGE) return;
      }
    }
    const brand = (await this.repository.brandName(ctx.brandId)) ?? 'brand';
    const slug =
      brand
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'brand';
    const fileName = `analytics-${slug}-${new Date().toISOString().slice(0, 10)}.csv`;
    const key = `exports/${ctx.jobId}/${fileName}`;
    await this.storage.put(key, csvStream(pages()), { contentType: 'text/csv; charset=utf-8' });
    const url = await this.storage.downloadUrl(key, {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: attachmentDisposition(fileName),
    });
    return { url, fileName, count };
  }

  /** GET performance-analytics: a page of ads and the total. */
  async list(s: LibraryScope, query: AnalyticsListQuery): Promise<{ items: AnalyticsAd[]; total: number }> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const conditions = this.conditions(query);
    const windows = await this.windows(s.brandId, query);
    const current = windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current }));
    const { rows, sums } = await this.repository.page({
      brandId: s.brandId,
      windows: current,
      rollup: await this.rollups.usable(s.brandId, query.analyticsPreset, current),
      keyword: query.keyword || undefined,
      conditions,
      sort: query.sort,
      order: query.order,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: await this.present(s, query, rows, sums, windows), total: rows[0]?.total ?? 0 };
  }

  /**
   * GET performance-analytics/groups: the matching ads grouped by a creative value, the tags of
   * a category ('Untagged' for ads with none), dynamic name groups ('Other' for ads in none) or
   * a naming-convention field's values ('Other' for ads without one), each with its count, totals and averages weighted by delivery (ratios of the
   * group's sums). Sorted as the list asks (spend → totalSpend, conversions → totalResults,
   * others → the group's figure; a missing one the worst either way); 'Other' and 'Untagged'
   * come last.
   */
  async groups(s: LibraryScope, query: AnalyticsGroupsQuery): Promise<AnalyticsGroupRow[]> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const conditions = this.conditions(query);
    let grouping: Grouping;
    let category: string | null = null;
    if (query.groupBy === 'dynamicAdNameGroups') {
      if (query.dynamicAdNameGroups.length === 0)
        throw validationFailed([
          { path: 'querystring.dynamicAdNameGroups', message: analyticsMessages.dynamicGroupsRequired },
        ]);
      grouping = { kind: 'nameGroups', groups: query.dynamicAdNameGroups.map((g) => g.conditions) };
    } else if (query.groupBy.startsWith('tagCategory:')) {
      const categoryId = query.groupBy.slice('tagCategory:'.length);
      category = await this.repository.categoryName(s.brandId, categoryId);
      if (category === null)
        throw validationFailed([{ path: 'querystring.groupBy', message: analyticsMessages.unknownCategory }]);
      grouping = { kind: 'tagCategory', categoryId };
    } else if (query.groupBy.startsWith('naming:')) {
      grouping = { kind: 'naming', key: query.groupBy.slice('naming:'.length) };
    } else {
      grouping = { kind: 'creativeField', field: query.groupBy as (typeof analyticsCreativeFields)[number] };
    }
    const windows = await this.windows(s.brandId, query);
    const current = windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current }));
    const groups = await this.repository.groups(
      {
        brandId: s.brandId,
        windows: current,
        rollup: await this.rollups.usable(s.brandId, query.analyticsPreset, current),
        keyword: query.keyword || undefined,
        conditions,
      },
      grouping,
    );
    const rows = groups.map((group) => this.groupRow(query, grouping, group, category));
    return sortGroups(rows, groups, query);
  }

  private groupRow(
    query: AnalyticsGroupsQuery,
    grouping: Grouping,
    group: GroupSums,
    category: string | null,
  ): AnalyticsGroupRow {
    let key: GroupKey;
    let name: string;
    if (grouping.kind === 'creativeField') {
      key = [grouping.field, group.key, 'EQUALS', null];
      name = group.key ?? analyticsMessages.otherGroup;
    } else if (grouping.kind === 'naming') {
      key = [`naming:${grouping.key}`, group.key, 'EQUALS', null];
      name = group.key ?? analyticsMessages.otherGroup;
    } else if (grouping.kind === 'tagCategory') {
      key = ['tagCategory', group.key, 'ANY', grouping.categoryId];
      name = group.key ? (group.name ?? '') : analyticsMessages.untaggedGroup;
    } else {
      const named = group.key === null ? undefined : query.dynamicAdNameGroups[Number(group.key)];
      key = named
        ? ['dynamicAdNameGroups', named.label, 'ALL', JSON.stringify(named.conditions)]
        : ['dynamicAdNameGroups', null, 'NONE', JSON.stringify(grouping.groups)];
      name = named?.label ?? analyticsMessages.otherGroup;
    }
    const m = presetMetrics(group.sums);
    return {
      id: encodeGroupId(key),
      groupId: key[1],
      name,
      groupingField: key[0],
      operator: key[2],
      additionalData: key[3],
      count: group.count,
      category,
      totalSpend: round(m.spend, 2) as number,
      totalResults: m.conversions,
      avgWatchTime: round(m.avgWatchTimeSeconds),
      ctr: round(m.ctr),
      roas: round(m.roas),
      cpa: round(m.cpa),
      cpc: round(m.cpc),
      cpm: round(m.cpm),
      conversionRate: round(m.conversionPercentage),
      thumbstopRate: round(m.thumbstopPercentage),
    };
  }

  /** The filters and a group's ads (parentId) as conditions; a bad one is a 400 naming it. */
  private conditions(
    query: Pick<AnalyticsListQuery, 'filters' | 'parentId'> &
      Partial<Pick<AnalyticsListQuery, 'assetVideoIntelligenceCategories'>>,
  ): AnalyticsCondition[] {
    const conditions = query.filters.flatMap((item, index) => {
      const condition = conditionOf(item);
      if (typeof condition === 'string')
        throw validationFailed([{ path: `querystring.filters.${index}`, message: condition }]);
      return condition ? [condition] : [];
    });
    if (query.assetVideoIntelligenceCategories?.length)
      conditions.push({ kind: 'clipTypes', types: query.assetVideoIntelligenceCategories });
    if (query.parentId) {
      const group = groupCondition(query.parentId);
      if (!group)
        throw validationFailed([{ path: 'querystring.parentId', message: analyticsMessages.unknownGroup }]);
      conditions.push(group);
    }
    return conditions;
  }

  /** GET performance-analytics/{id}: one ad of the brand, whether or not it delivered in the window. */
  async get(s: LibraryScope, id: string, query: WindowQuery): Promise<AnalyticsAd> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const [item] = await this.named(s, [id], query);
    if (!item) throw notFound();
    return item;
  }

  /**
   * GET performance-analytics/comparison-result: each ad's daily chart data and totals for the
   * preset, keyed by ad id; an id that is not an ad of the brand is a 404.
   */
  async compare(s: LibraryScope, query: AnalyticsCompareQuery): Promise<AnalyticsComparison> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const adIds = [...new Set(query.adIds)];
    const items = await this.named(s, adIds, query);
    if (items.length !== adIds.length) throw notFound();
    return Object.fromEntries(
      items.map((item) => {
        const { previous, ...totals } = item.analyticsPresets[
          query.analyticsPreset
        ] as AnalyticsPresetFigures;
        return [item.id, { name: item.name, chartData: item.chartData, totals, previous }];
      }),
    );
  }

  /** These ads of the brand as the list presents them (those of another brand are left out). */
  private async named(s: LibraryScope, adIds: string[], query: WindowQuery): Promise<AnalyticsAd[]> {
    const windows = await this.windows(s.brandId, query);
    const current = windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current }));
    const { rows, sums } = await this.repository.page({
      brandId: s.brandId,
      windows: current,
      rollup: await this.rollups.usable(s.brandId, query.analyticsPreset, current),
      keyword: undefined,
      conditions: [],
      sort: 'spend',
      order: 'desc',
      limit: adIds.length,
      offset: 0,
      adIds,
    });
    return this.present(s, query, rows, sums, windows);
  }

  /**
   * Some of the brand's ads over a preset, for an asset's ad performance (the ads using a
   * file): each ad's figures, highest spend first, and all of them summed as a group's are
   * (ratios of the sums) with the window before (null for ALL_TIME). Ads of other brands and
   * of deleted ad accounts are left out. The caller checks access; a bad custom range is a 400.
   */
  async adsFigures(
    brandId: string,
    adIds: string[],
    query: WindowQuery,
    lengthSeconds: number | null,
  ): Promise<{
    ads: { id: string; name: string; effectiveStatus: string | null; figures: AnalyticsFigures }[];
    totals: AnalyticsFigures;
    previous: AnalyticsFigures | null;
    window: DayWindow | null;
  }> {
    const windows = await this.windows(brandId, query);
    const ids = [...new Set(adIds)];
    const { rows, sums } =
      ids.length > 0 && windows.length > 0
        ? await this.repository.page({
            brandId,
            windows: windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current })),
            keyword: undefined,
            conditions: [],
            sort: 'spend',
            order: 'desc',
            limit: ids.length,
            offset: 0,
            adIds: ids,
          })
        : { rows: [], sums: new Map<string, DeliverySums>() };
    const previousWindows: AccountWindow[] = windows.flatMap((w) =>
      w.previous ? [{ adAccountId: w.adAccountId, window: w.previous }] : [],
    );
    const before = await this.repository.sums(
      rows.map((r) => r.id),
      previousWindows,
    );
    const used = new Set(rows.map((r) => r.adAccountId));
    const counted = windows.filter((w) => used.size === 0 || used.has(w.adAccountId));
    const current = counted.flatMap((w) => (w.current ? [w.current] : []));
    // 'YYYY-MM-DD' sorts as it reads: the earliest first day and the latest last day.
    const window =
      current.length > 0 && current.length === counted.length
        ? {
            from: current.map((w) => w.from).sort()[0] as string,
            to: current.map((w) => w.to).sort()[current.length - 1] as string,
          }
        : null;
    return {
      ads: rows.map((row) => ({
        id: row.id,
        name: row.name,
        effectiveStatus: row.effectiveStatus,
        figures: figuresOf(sums.get(row.id) as DeliverySums, lengthSeconds),
      })),
      totals: figuresOf(addSums(sums.values()), lengthSeconds),
      previous: previousWindows.length > 0 ? figuresOf(addSums(before.values()), lengthSeconds) : null,
      window,
    };
  }

  /**
   * Sets of the brand's ads summed over a preset (library cards' badges: the ads using each
   * file), by the set's key; a set with none of the brand's live ads is left out. The
   * caller checks access.
   */
  async setTotals(
    brandId: string,
    sets: Map<string, string[]>,
    query: WindowQuery,
  ): Promise<Map<string, { figures: AnalyticsFigures; ads: number }>> {
    const windows = await this.windows(brandId, query);
    const ids = [...new Set([...sets.values()].flat())];
    const sums = await this.repository.sums(
      ids,
      windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current })),
    );
    const totals = new Map<string, { figures: AnalyticsFigures; ads: number }>();
    for (const [key, adIds] of sets) {
      const found = [...new Set(adIds)].flatMap((id) => sums.get(id) ?? []);
      if (found.length > 0) totals.set(key, { figures: figuresOf(addSums(found), null), ads: found.length });
    }
    return totals;
  }

  /** Each live ad account's window for the preset, in its timezone; a bad custom range is a 400. */
  private async windows(brandId: string, query: WindowQuery) {
    const accounts = (await this.accountsOfBrand(brandId)).filter((a) => !a.deleted);
    try {
      return accounts.map((account) => ({
        adAccountId: account.id,
        ...analyticsWindow(query.analyticsPreset, todayIn(account.timezone), {
          from: query.from,
          to: query.to,
        }),
      }));
    } catch (error) {
      if (error instanceof WindowError)
        throw validationFailed([{ path: `querystring.${error.field}`, message: error.message }]);
      throw error;
    }
  }

  private async present(
    s: LibraryScope,
    query: WindowQuery,
    rows: AnalyticsAdRow[],
    current: Map<string, DeliverySums>,
    windows: Awaited<ReturnType<AnalyticsService['windows']>>,
  ): Promise<AnalyticsAd[]> {
    const ids = rows.map((r) => r.id);
    const byAccount = new Map(windows.map((w) => [w.adAccountId, w]));
    const previousWindows: AccountWindow[] = windows.flatMap((w) =>
      w.previous ? [{ adAccountId: w.adAccountId, window: w.previous }] : [],
    );
    const [previous, days, links] = await Promise.all([
      this.repository.sums(ids, previousWindows),
      this.repository.days(
        ids,
        windows.map((w) => ({ adAccountId: w.adAccountId, window: w.current })),
      ),
      this.repository.assetsOf(ids),
    ]);
    const assets = await this.library.findMany(
      { accountId: s.accountId, brandId: s.brandId, library: 'AD_ANALYTICS' },
      [...new Set(links.map((l) => l.assetId))],
    );
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
