import type {
  AnalyticsAdField,
  AnalyticsCreativeField,
  AnalyticsMetric,
  AnalyticsScore,
  AnalyticsSortField,
} from '@hookline/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { rowsOf, uuidArray } from '../../../platform/db/raw-sql.js';
import { Repository } from '../../../platform/db/transaction.js';
import {
  conditionSql,
  contains,
  creativeValue,
  orderSql,
  readsRollupsAlone,
  SUM_COLUMNS,
  SUM_FIELDS,
  type SumColumns,
  scoresSql,
  sumsOf,
  textCondition,
  windowsSql,
} from './list-sql.js';
import type { DeliverySums } from './metrics.js';
import type { DayWindow } from './windows.js';

/** Each ad account's days for the asked preset (its own timezone); null bounds: all time. */
export interface AccountWindow {
  adAccountId: string;
  window: DayWindow | null;
}

/** A filter as SQL over the list's row (ads a, accounts acc, campaigns c, ad sets s, creatives cr, sums m). */
export type AnalyticsCondition =
  | { kind: 'fileType'; values: string[] }
  | { kind: 'tags'; tagIds: string[] }
  | {
      kind: 'adField';
      field: AnalyticsAdField;
      operator: 'CONTAINS' | 'NOT_CONTAINS' | 'EQUALS';
      value: string;
    }
  | { kind: 'metric'; metric: AnalyticsMetric; operator: 'SMALLER' | 'BIGGER' | 'EQUAL'; value: number }
  | { kind: 'score'; score: AnalyticsScore; operator: 'SMALLER' | 'BIGGER' | 'EQUAL'; value: number }
  /** Any of these creative-info values (the creative-info filters). */
  | { kind: 'creativeValues'; field: AnalyticsCreativeField; values: string[] }
  /** The ad's asset's length (s), width or height (px) compared with a number. */
  | {
      kind: 'metadata';
      field: 'length' | 'width' | 'height';
      operator: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
      value: number;
    }
  /** The ad's assets have a creative clip of any of these types. */
  | { kind: 'clipTypes'; types: string[] }
  /** A creative-info value; null: none (a group's 'Other'). */
  | { kind: 'creativeField'; field: AnalyticsCreativeField; value: string | null }
  /** No tag of the category on the ad's assets (a tag group's 'Untagged'). */
  | { kind: 'untagged'; categoryId: string }
  /** The ad's name meets every condition of one of the groups; negated: of none ('Other'). */
  | { kind: 'nameGroups'; groups: NameCondition[][]; negate: boolean }
  /** The ad's naming-convention value of a field (`format`, `custom:Market`) read as text. */
  | { kind: 'naming'; key: string; operator: 'CONTAINS' | 'NOT_CONTAINS' | 'EQUALS'; value: string }
  /** A naming field's value exactly; null: none (a naming group's 'Other'). */
  | { kind: 'namingValue'; key: string; value: string | null };

/** What the ads must match (the list, its groups and the named ads' calls). */
export type MatchRequest = Omit<AnalyticsListRequest, 'sort' | 'order' | 'limit' | 'offset'>;

/** How groups are made: by a creative value, by the tags of a category, or by name conditions. */
export type Grouping =
  | { kind: 'creativeField'; field: AnalyticsCreativeField }
  | { kind: 'tagCategory'; categoryId: string }
  | { kind: 'nameGroups'; groups: NameCondition[][] }
  /** By the value of a naming-convention field (its key in `naming_values`). */
  | { kind: 'naming'; key: string };

/** One group's ads and sums. `key`: the creative value, the tag id, the name group's index or the naming value; null: 'Other' / 'Untagged'. */
export interface GroupSums {
  key: string | null;
  /** The tag's name (tag groups). */
  name: string | null;
  count: number;
  sums: DeliverySums;
}

export interface NameCondition {
  operator: 'CONTAINS' | 'NOT_CONTAINS' | 'EQUALS';
  value: string;
}

export interface AnalyticsListRequest {
  brandId: string;
  windows: AccountWindow[];
  keyword: string | undefined;
  conditions: AnalyticsCondition[];
  sort: AnalyticsSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Only these ads, delivered in the window or not (the item and compare calls). */
  adIds?: string[];
  /** The rolled-up preset whose rows answer for the windows (AnalyticsRollups.usable), if any. */
  rollup?: string | null;
}

/** One ad of a page, with what the answer shows of it. */
export interface AnalyticsAdRow {
  id: string;
  adAccountId: string;
  name: string;
  externalId: string;
  effectiveStatus: string | null;
  fileType: string;
  previewUrl: string | null;
  permalink: string | null;
  createdTime: string | null;
  deliverySyncedAt: string | null;
  adAccountName: string;
  adAccountExternalId: string;
  campaignName: string;
  adSetName: string;
  actorName: string | null;
  postId: string | null;
  title: string | null;
  body: string | null;
  ctaType: string | null;
  landingPage: string | null;
  thumbnailUrl: string | null;
  namingValues: Record<string, string> | null;
  hook_score: number | null;
  hold_score: number | null;
  click_score: number | null;
  convert_score: number | null;
  total: number;
}

export interface DailyRow {
  adId: string;
  date: string;
  sums: DeliverySums;
  retention: number[] | null;
}

/**
 * Creative analytics' reads of the ad tables (issue 17): an ad's figures are sums over its
 * daily rows within its account's window, and ratios of those sums.
 */
export class AnalyticsRepository extends Repository {
  constructor(database: Database) {
    super(database);
  }

  /**
   * With rollups, the page's ads chosen on narrow rows: their ids at once (the page follows the
   * spend index and stops at its ads) and the total apart, still counting while the caller reads
   * the chosen ads whole (`page` with `adIds`). Null when the request is not answered this way
   * (no usable rollup, or named ads): then `page` chooses and reads in one statement.
   */
  async choose(request: AnalyticsListRequest): Promise<{ ids: string[]; total: Promise<number> } | null> {
    if (!request.rollup || request.adIds || request.windows.length === 0) return null;
    const total = this.count(request);
    // Awaited by the caller; until then a failed count must not be an unhandled rejection.
    total.catch(() => undefined);
    const page = await this.db.execute(sql`
      select a.id ${this.matching(request)}
      order by ${orderSql(request.sort, request.order)}
      limit ${request.limit} offset ${request.offset}`);
    return { ids: rowsOf<{ id: string }>(page).map((r) => r.id), total };
  }

  /** How many of the brand's ads match the request (the list's total). */
  count(request: AnalyticsListRequest): Promise<number> {
    // One process for the count: its parallel workers took the CPUs the page's other statements
    // run on at the same time (2 cores: the list's p95 188 → see bench/analytics.ts's note).
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      const counted = await tx.execute(sql`select count(*)::int as total ${this.matching(request)}`);
      return rowsOf<{ total: number }>(counted)[0]?.total ?? 0;
    });
  }

  /**
   * A page of the brand's ads that delivered in the window (impressions or spend), matching
   * the keyword and every condition, in the asked order, each row with the total; or, with
   * `adIds`, those ads (delivered or not) with their action counts read beside them.
   */
  async page(
    request: AnalyticsListRequest,
  ): Promise<{ rows: AnalyticsAdRow[]; sums: Map<string, DeliverySums> }> {
    if (request.windows.length === 0 || request.adIds?.length === 0) return { rows: [], sums: new Map() };
    const [result, named] = await Promise.all([
      this.db.execute(sql`
      select a.id, a.ad_account_id as "adAccountId", a.name, a.external_id as "externalId",
             a.effective_status as "effectiveStatus", a.file_type as "fileType",
             a.preview_url as "previewUrl", a.permalink,
             a.created_time::text as "createdTime", a.delivery_synced_at::text as "deliverySyncedAt",
             acc.name as "adAccountName", acc.external_id as "adAccountExternalId",
             c.name as "campaignName", s.name as "adSetName",
             cr.actor_name as "actorName", cr.post_id as "postId", cr.title, cr.body,
             cr.cta_type as "ctaType", cr.landing_page as "landingPage", cr.thumbnail_url as "thumbnailUrl",
             a.naming_values as "namingValues", ${SUM_FIELDS}, sc.hook_score, sc.hold_score, sc.click_score, sc.convert_score,
             count(*) over ()::int as total
      ${this.matching(request, { readsAd: true })}
      order by ${orderSql(request.sort, request.order)}
      limit ${request.limit} offset ${request.offset}`),
      request.adIds ? this.actions(request.adIds, request.windows) : null,
    ]);
    const rows = rowsOf<AnalyticsAdRow & SumColumns>(result);
    const actions =
      named ??
      (await this.actions(
        rows.map((r) => r.id),
        request.windows,
      ));
    return {
      rows,
      sums: new Map(rows.map((r) => [r.id, sumsOf(r, actions.get(r.id))])),
    };
  }

  /**
   * The groups of the matching ads (001 §3 "Group row"): each group's ad count and sums. An
   * ad may be in several groups (tags, overlapping name groups); groups without ads are left out.
   */
  async groups(request: MatchRequest, grouping: Grouping): Promise<GroupSums[]> {
    if (request.windows.length === 0) return [];
    // Groups show no scores: the brand-wide ranking is computed only when a filter needs it.
    const scores = request.conditions.some((condition) => condition.kind === 'score');
    // Only what the grouping reads: the base is every matching ad (100,000 at the benchmark's scale).
    const grouped =
      grouping.kind === 'creativeField'
        ? sql`${creativeValue(grouping.field)} as key`
        : grouping.kind === 'naming'
          ? sql`a.naming_values->>${grouping.key}::text as key`
          : grouping.kind === 'tagCategory'
            ? request.rollup && !request.adIds
              ? sql`m.asset_ids`
              : sql`(select coalesce(array_agg(aa.asset_id order by aa.asset_id), '{}'::uuid[])
                     from ad_assets aa where aa.ad_id = a.id) as asset_ids`
            : sql`a.name`;
    const readsAd = grouping.kind === 'creativeField' || grouping.kind === 'naming';
    const base = sql`base as (select a.id, ${grouped}, ${SUM_FIELDS} ${this.matching(request, { scores, readsAd })})`;
    const totals = (count: SQL) => sql`${count} as count,
      coalesce(sum(b.spend), 0)::float8 as spend, coalesce(sum(b.impressions), 0)::float8 as impressions,
      coalesce(sum(b.clicks), 0)::float8 as clicks, coalesce(sum(b.link_clicks), 0)::float8 as link_clicks,
      coalesce(sum(b.outbound_clicks), 0)::float8 as outbound_clicks,
      coalesce(sum(b.conversions), 0)::float8 as conversions,
      coalesce(sum(b.conversion_value), 0)::float8 as conversion_value,
      coalesce(sum(b.plays), 0)::float8 as plays,
      coalesce(sum(b.three_second_views), 0)::float8 as three_second_views,
      coalesce(sum(b.watch_seconds_times_plays), 0)::float8 as watch_seconds_times_plays`;
    let query: SQL;
    if (grouping.kind === 'creativeField' || grouping.kind === 'naming') {
      // A blank creative value, or no naming value (misfits, no convention, a field the name
      // lacks), makes the null group: 'Other'.
      query = sql`with ${base} select b.key, null::text as name, ${totals(sql`count(*)::int`)} from base b group by 1`;
    } else if (grouping.kind === 'tagCategory') {
      // Ads are summed by their set of assets first (a few hundred sets for 100,000 ads), then
      // each set once per tag of the category its assets carry (two assets with one tag: once),
      // or in 'Untagged' (the null key) when they carry none.
      query = sql`
        with ${base},
        sets as (select b.asset_ids, ${totals(sql`count(*)::int`)} from base b group by b.asset_ids),
        set_tags as (
          select distinct st.asset_ids, at.tag_id from sets st
          cross join unnest(st.asset_ids) x(asset_id)
          join asset_tags at on at.asset_id = x.asset_id
          join tags tg on tg.id = at.tag_id
          where tg.category_id = ${grouping.categoryId} and tg.brand_id = ${request.brandId}
        )
        select t.tag_id::text as key, tg.name, ${totals(sql`sum(b.count)::int`)}
        from sets b
        left join set_tags t on t.asset_ids = b.asset_ids
        left join tags tg on tg.id = t.tag_id
        group by t.tag_id, tg.name`;
    } else {
      // Ads summed by name first (names repeat: an ad copied to several ad sets), then each name
      // in every name group it meets, else in 'Other' (the null key).
      const onBase = (conditions: NameCondition[]) =>
        sql`(${sql.join(
          conditions.map((c) => textCondition(sql`b.name`, c.operator, c.value)),
          sql` and `,
        )})`;
      const hits = grouping.groups.map((group, index) => sql`(${String(index)}::text, ${onBase(group)})`);
      const other = sql`(null::text, not (${sql.join(grouping.groups.map(onBase), sql` or `)}))`;
      query = sql`
        with ${base},
        names as (select b.name, ${totals(sql`count(*)::int`)} from base b group by b.name)
        select g.key, null::text as name, ${totals(sql`sum(b.count)::int`)}
        from names b cross join lateral (values ${sql.join([...hits, other], sql`, `)}) g(key, hit)
        where g.hit group by g.key`;
    }
    const rows = rowsOf<SumColumns & { key: string | null; name: string | null; count: number }>(
      await this.db.execute(query),
    );
    return rows.map((r) => ({ key: r.key, name: r.name, count: r.count, sums: sumsOf(r) }));
  }

  /**
   * The brand's ads in their accounts' windows that match the request, with their sums `m`
   * and, unless `scores` is false, their creative scores `sc`. With usable rollups both are
   * read from the ad's rollup row; else the sums come from its daily rows and the scores from a
   * ranking over every ad of the brand in the window (the costly part). Named ads sum their
   * daily rows either way (an ad without delivery has no rollup row).
   *
   * With rollups, a request that reads only what a rollup row copies of its ad (id, name, file
   * type, status, asset ids; see `ROLLUP_AD_CONDITIONS`) reads ad_rollups alone, with `a` a view
   * of the row: the benchmark's 100,000 ads are not joined to five tables to choose 40.
   */
  private matching(
    request: MatchRequest & { sort?: AnalyticsSortField },
    { scores = true, readsAd = false }: { scores?: boolean; readsAd?: boolean } = {},
  ): SQL {
    const rolled = request.rollup && !request.adIds;
    // readsAd: the caller selects more of the ad than a rollup row copies.
    const narrow = rolled && !readsAd && readsRollupsAlone(request);
    const where: SQL[] = [
      narrow ? sql`m.brand_id = ${request.brandId}` : sql`a.brand_id = ${request.brandId}`,
    ];
    // Named ads are answered whether or not they delivered in the window; a list shows those that did.
    if (request.adIds) where.push(sql`a.id = any(${uuidArray(request.adIds)})`);
    else where.push(sql`(m.impressions > 0 or m.spend > 0)`);
    if (request.keyword) {
      const words = [
        sql`a.name`,
        sql`s.name`,
        sql`c.name`,
        sql`coalesce(cr.title, '')`,
        sql`coalesce(cr.body, '')`,
      ];
      const pattern = `%${escapeLike(request.keyword)}%`;
      // What the ad's video says (the AI analysis's transcript of its assets).
      const spoken = sql`exists (select 1 from ad_assets aa join asset_analyses an on an.asset_id = aa.asset_id
        cross join lateral jsonb_array_elements(coalesce(an.transcript->'entries', '[]'::jsonb)) e
        where aa.ad_id = a.id and e->>'text' ilike ${pattern})`;
      where.push(
        sql`(${sql.join(
          [...words.map((column) => contains(column, request.keyword as string)), spoken],
          sql` or `,
        )})`,
      );
    }
    for (const condition of request.conditions) where.push(conditionSql(condition));
    const rollupScores = sql`cross join lateral (select m.hook_score, m.hold_score, m.click_score, m.convert_score) sc`;
    if (narrow)
      return sql`
        from ad_rollups m
        cross join lateral (
          select m.ad_id as id, m.name, m.file_type, m.effective_status, m.asset_ids
        ) a
        ${scores ? rollupScores : sql``}
        where m.preset = ${request.rollup} and ${sql.join(where, sql` and `)}`;
    const sums = rolled
      ? sql`join ad_rollups m on m.ad_id = a.id and m.brand_id = ${request.brandId} and m.preset = ${request.rollup}`
      : sql`cross join lateral (
          select ${SUM_COLUMNS} from ad_insights_daily d
          where d.ad_id = a.id and (w.day_from is null or d.date between w.day_from and w.day_to)
        ) m`;
    let scoreJoin = sql``;
    if (scores && rolled) scoreJoin = rollupScores;
    else if (scores && request.rollup)
      scoreJoin = sql`left join ad_rollups sc on sc.ad_id = a.id and sc.preset = ${request.rollup}`;
    else if (scores) scoreJoin = sql`left join (${scoresSql(request)}) sc on sc.ad_id = a.id`;
    return sql`
      from ads a
      join ad_accounts acc on acc.id = a.ad_account_id and not acc.deleted
      join ${windowsSql(request.windows)} on w.ad_account_id = a.ad_account_id
      join ad_campaigns c on c.id = a.campaign_id
      join ad_sets s on s.id = a.ad_set_id
      left join ad_creatives cr on cr.ad_id = a.id
      ${sums}
      ${scoreJoin}
      where ${sql.join(where, sql` and `)}`;
  }

  /** The sums of these ads in other windows (the period before), by ad. */
  async sums(adIds: string[], windows: AccountWindow[]): Promise<Map<string, DeliverySums>> {
    if (adIds.length === 0 || windows.length === 0) return new Map();
    const [rows, actions] = await Promise.all([
      this.db
        .execute(sql`
        select a.id, m.* from ads a
        join ${windowsSql(windows)} on w.ad_account_id = a.ad_account_id
        cross join lateral (
          select ${SUM_COLUMNS} from ad_insights_daily d
          where d.ad_id = a.id and (w.day_from is null or d.date between w.day_from and w.day_to)
        ) m
        where a.id = any(${uuidArray(adIds)})`)
        .then((result) => rowsOf<SumColumns & { id: string }>(result)),
      this.actions(adIds, windows),
    ]);
    return new Map(rows.map((r) => [r.id, sumsOf(r, actions.get(r.id))]));
  }

  /** Each other action type's count over the window, by ad. */
  private async actions(
    adIds: string[],
    windows: AccountWindow[],
  ): Promise<Map<string, Record<string, number>>> {
    const found = new Map<string, Record<string, number>>();
    if (adIds.length === 0) return found;
    const rows = rowsOf<{ id: string; token: string; count: number }>(
      await this.db.execute(sql`
        select d.ad_id as id, e.key as token, sum(e.value::float8)::float8 as count
        from ad_insights_daily d
        join ads a on a.id = d.ad_id
        join ${windowsSql(windows)} on w.ad_account_id = a.ad_account_id
        cross join lateral jsonb_each_text(d.other_actions) e
        -- Both sides named: the planner then reads these ads by key, not every ad of the account.
        where d.ad_id = any(${uuidArray(adIds)}) and a.id = any(${uuidArray(adIds)})
          and (w.day_from is null or d.date between w.day_from and w.day_to)
        group by d.ad_id, e.key`),
    );
    for (const row of rows) {
      const counts = found.get(row.id) ?? {};
      counts[row.token] = row.count;
      found.set(row.id, counts);
    }
    return found;
  }

  /** The daily rows of these ads within the window, oldest first (chart data and retention). */
  async days(adIds: string[], windows: AccountWindow[]): Promise<DailyRow[]> {
    if (adIds.length === 0 || windows.length === 0) return [];
    const rows = rowsOf<SumColumns & { ad_id: string; date: string; retention: number[] | null }>(
      await this.db.execute(sql`
        select d.ad_id, d.date::text as date, d.retention,
               d.spend::float8 as spend, d.impressions::float8 as impressions, d.clicks::float8 as clicks,
               d.link_clicks::float8 as link_clicks, d.outbound_clicks::float8 as outbound_clicks,
               d.conversions::float8 as conversions, d.conversion_value::float8 as conversion_value,
               d.plays::float8 as plays, d.three_second_views::float8 as three_second_views,
               (d.avg_watch_time_seconds * d.plays)::float8 as watch_seconds_times_plays
        from ad_insights_daily d
        join ads a on a.id = d.ad_id
        join ${windowsSql(windows)} on w.ad_account_id = a.ad_account_id
        -- Both sides named: the planner then reads these ads by key, not every ad of the account.
        where d.ad_id = any(${uuidArray(adIds)}) and a.id = any(${uuidArray(adIds)})
          and (w.day_from is null or d.date between w.day_from and w.day_to)
        order by d.ad_id, d.date`),
    );
    return rows.map((r) => ({ adId: r.ad_id, date: r.date, sums: sumsOf(r), retention: r.retention }));
  }

  /**
   * The brand's values of a creative-info field (blank is none) containing `q`, with how many
   * of its live ads carry each: values starting with `q` first, then the most used, then A–Z.
   * Values are matched as the filter matches them, ignoring case, so the first spelling stands.
   */
  async creativeOptions(
    brandId: string,
    query: { field: AnalyticsCreativeField; q?: string | undefined; limit: number; offset: number },
  ): Promise<{ value: string; ads: number }[]> {
    const value = creativeValue(query.field);
    const q = query.q ? escapeLike(query.q) : null;
    return rowsOf<{ value: string; ads: number }>(
      await this.db.execute(sql`
        select min(x.value) as value, count(*)::int as ads from (
          select ${value} as value from ads a
          join ad_accounts acc on acc.id = a.ad_account_id and not acc.deleted
          join ad_creatives cr on cr.ad_id = a.id
          where a.brand_id = ${brandId}
        ) x
        where x.value is not null ${q ? sql`and x.value ilike ${`%${q}%`}` : sql``}
        group by lower(x.value)
        order by ${q ? sql`bool_or(x.value ilike ${`${q}%`}) desc,` : sql``} count(*) desc, lower(x.value)
        limit ${query.limit} offset ${query.offset}`),
    );
  }

  /** The brand's name (the export's file name). */
  async brandName(brandId: string): Promise<string | null> {
    const [row] = rowsOf<{ name: string }>(
      await this.db.execute(sql`select name from brands where id = ${brandId}`),
    );
    return row?.name ?? null;
  }

  /** A tag category's name, if it is the brand's. */
  async categoryName(brandId: string, categoryId: string): Promise<string | null> {
    const [row] = rowsOf<{ name: string }>(
      await this.db.execute(
        sql`select name from tag_categories where id = ${categoryId} and brand_id = ${brandId}`,
      ),
    );
    return row?.name ?? null;
  }

  /** The AD_ANALYTICS assets of these ads (their creative's media). */
  async assetsOf(adIds: string[]): Promise<{ adId: string; assetId: string }[]> {
    if (adIds.length === 0) return [];
    return rowsOf<{ adId: string; assetId: string }>(
      await this.db.execute(sql`
        select ad_id as "adId", asset_id as "assetId" from ad_assets
        where ad_id = any(${uuidArray(adIds)}) order by ad_id, asset_id`),
    );
  }
}
