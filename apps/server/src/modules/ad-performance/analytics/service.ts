import type {
  AnalyticsAd,
  AnalyticsCompareQuery,
  AnalyticsComparison,
  AnalyticsCreativeOption,
  AnalyticsCreativeOptionsQuery,
  AnalyticsFigures,
  AnalyticsGroupRow,
  AnalyticsGroupsQuery,
  AnalyticsListQuery,
  AnalyticsPresetFigures,
  analyticsCreativeFields,
} from '@hookline/contract';
import { analyticsMessages } from '@hookline/contract';
import { notFound, validationFailed } from '../../../platform/http/errors.js';
import type { AccessService } from '../../access/service.js';
import type { LibraryScope } from '../../library/scope.js';
import type { AdAccountRow } from '../repository.js';
import { figuresOf } from './figures.js';
import { groupRowOf, sortGroups } from './groups.js';
import type { AnalyticsListRequest, AnalyticsRepository, Grouping } from './list-repository.js';
import { addSums, type DeliverySums } from './metrics.js';
import type { AnalyticsPresenter } from './present.js';
import {
  type AccountWindows,
  conditionsOf,
  currentOf,
  previousOf,
  type WindowQuery,
  windowsOf,
} from './request.js';
import type { AnalyticsRollups } from './rollups.js';
import type { DayWindow } from './windows.js';

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
    private readonly presenter: AnalyticsPresenter,
    private readonly rollups: AnalyticsRollups,
  ) {}

  /** GET performance-analytics: a page of ads and the total. */
  async list(s: LibraryScope, query: AnalyticsListQuery): Promise<{ items: AnalyticsAd[]; total: number }> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    const conditions = conditionsOf(query);
    const windows = await this.windows(s.brandId, query);
    const current = currentOf(windows);
    const request: AnalyticsListRequest = {
      brandId: s.brandId,
      windows: current,
      rollup: await this.rollups.usable(s.brandId, query.analyticsPreset, current),
      keyword: query.keyword || undefined,
      conditions,
      sort: query.sort,
      order: query.order,
      limit: query.limit,
      offset: query.offset,
    };
    const chosen = await this.repository.choose(request);
    if (!chosen) {
      const { rows, sums } = await this.repository.page(request);
      const extras = await this.presenter.load(
        s,
        rows.map((r) => r.id),
        windows,
      );
      // Past the last page no row carries the total: it is counted apart.
      const total = rows[0]?.total ?? (request.offset > 0 ? await this.repository.count(request) : 0);
      return { items: this.presenter.present(s, query, rows, sums, windows, extras), total };
    }
    // The chosen ads are read whole, and what is shown beside them, while the total is counted.
    const [{ rows, sums }, extras, total] = await Promise.all([
      this.repository.page({ ...request, keyword: undefined, conditions: [], adIds: chosen.ids, offset: 0 }),
      this.presenter.load(s, chosen.ids, windows),
      chosen.total,
    ]);
    return { items: this.presenter.present(s, query, rows, sums, windows, extras), total };
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
    const conditions = conditionsOf(query);
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
    const current = currentOf(windows);
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
    const rows = groups.map((group) => groupRowOf(query, grouping, group, category));
    return sortGroups(rows, groups, query);
  }

  /** GET performance-analytics/creative-options: the brand's values of a creative-info field. */
  async creativeOptions(
    s: LibraryScope,
    query: AnalyticsCreativeOptionsQuery,
  ): Promise<AnalyticsCreativeOption[]> {
    await this.access.require(s.actor, 'analytics.read', [s.brandId]);
    return this.repository.creativeOptions(s.brandId, query);
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
    const current = currentOf(windows);
    const rollup = await this.rollups.usable(s.brandId, query.analyticsPreset, current);
    // Another brand's ids read nothing beside them: the rows leave them out, and so the answer.
    const [{ rows, sums }, extras] = await Promise.all([
      this.repository.page({
        brandId: s.brandId,
        windows: current,
        rollup,
        keyword: undefined,
        conditions: [],
        sort: 'spend',
        order: 'desc',
        limit: adIds.length,
        offset: 0,
        adIds,
      }),
      this.presenter.load(s, adIds, windows),
    ]);
    return this.presenter.present(s, query, rows, sums, windows, extras);
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
            windows: currentOf(windows),
            keyword: undefined,
            conditions: [],
            sort: 'spend',
            order: 'desc',
            limit: ids.length,
            offset: 0,
            adIds: ids,
          })
        : { rows: [], sums: new Map<string, DeliverySums>() };
    const previousWindows = previousOf(windows);
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
    const sums = await this.repository.sums(ids, currentOf(windows));
    const totals = new Map<string, { figures: AnalyticsFigures; ads: number }>();
    for (const [key, adIds] of sets) {
      const found = [...new Set(adIds)].flatMap((id) => sums.get(id) ?? []);
      if (found.length > 0) totals.set(key, { figures: figuresOf(addSums(found), null), ads: found.length });
    }
    return totals;
  }

  private async windows(brandId: string, query: WindowQuery): Promise<AccountWindows[]> {
    return windowsOf(await this.accountsOfBrand(brandId), query);
  }
}
