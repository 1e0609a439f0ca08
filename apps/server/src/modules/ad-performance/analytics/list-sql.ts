import {
  ANALYTICS_SCORE_ELIGIBILITY,
  type AnalyticsAdField,
  type AnalyticsCreativeField,
  type AnalyticsMetric,
  type AnalyticsSortField,
  lowerIsBetterMetrics,
} from '@hookline/contract';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../../platform/db/like.js';
import { textArray, uuidArray } from '../../../platform/db/raw-sql.js';
import type { AccountWindow, AnalyticsCondition, NameCondition } from './list-repository.js';
import type { DeliverySums } from './metrics.js';

/** The SQL pieces of creative analytics' reads: sums, metrics, conditions, order, scores, windows. */

/** The sums' columns over the daily rows `d`, in the order DeliverySums lists them. */
export const SUM_COLUMNS = sql`
  coalesce(sum(d.spend), 0)::float8 as spend,
  coalesce(sum(d.impressions), 0)::float8 as impressions,
  coalesce(sum(d.clicks), 0)::float8 as clicks,
  coalesce(sum(d.link_clicks), 0)::float8 as link_clicks,
  coalesce(sum(d.outbound_clicks), 0)::float8 as outbound_clicks,
  coalesce(sum(d.conversions), 0)::float8 as conversions,
  coalesce(sum(d.conversion_value), 0)::float8 as conversion_value,
  coalesce(sum(d.plays), 0)::float8 as plays,
  coalesce(sum(d.three_second_views), 0)::float8 as three_second_views,
  coalesce(sum(d.avg_watch_time_seconds * d.plays), 0)::float8 as watch_seconds_times_plays,
  coalesce(sum(d.thruplays), 0)::float8 as thruplays`;

export interface SumColumns {
  spend: number;
  impressions: number;
  clicks: number;
  link_clicks: number;
  outbound_clicks: number;
  conversions: number;
  conversion_value: number;
  plays: number;
  three_second_views: number;
  watch_seconds_times_plays: number;
}

export const sumsOf = (row: SumColumns, actions: Record<string, number> = {}): DeliverySums => ({
  spend: row.spend,
  impressions: row.impressions,
  clicks: row.clicks,
  linkClicks: row.link_clicks,
  outboundClicks: row.outbound_clicks,
  conversions: row.conversions,
  conversionValue: row.conversion_value,
  plays: row.plays,
  threeSecondViews: row.three_second_views,
  watchSecondsTimesPlays: row.watch_seconds_times_plays,
  actions,
});

/**
 * Each metric over the sums `m`, in the units the answer shows (percentages as 0–100), so a
 * metric filter's value means what the column shows. Ratios with nothing under them are null.
 */
export const METRIC_SQL: Record<AnalyticsMetric, SQL> = {
  spend: sql`m.spend`,
  impressions: sql`m.impressions`,
  clicks: sql`m.clicks`,
  conversions: sql`m.conversions`,
  views: sql`m.three_second_views`,
  roas: sql`(m.conversion_value / nullif(m.spend, 0))`,
  cpa: sql`(m.spend / nullif(m.conversions, 0))`,
  cpc: sql`(m.spend / nullif(m.link_clicks, 0))`,
  cpm: sql`(m.spend * 1000 / nullif(m.impressions, 0))`,
  ctr: sql`(m.link_clicks * 100 / nullif(m.impressions, 0))`,
  conversionRate: sql`(m.conversions * 100 / nullif(m.link_clicks, 0))`,
  thumbstopRate: sql`(m.three_second_views * 100 / nullif(m.impressions, 0))`,
  avgWatchTime: sql`(m.watch_seconds_times_plays / nullif(m.plays, 0))`,
};

export const AD_FIELD_SQL: Record<AnalyticsAdField, SQL> = {
  adName: sql`a.name`,
  adSetName: sql`s.name`,
  campaignName: sql`c.name`,
  adAccountName: sql`acc.name`,
  status: sql`coalesce(a.effective_status, '')`,
};

export const CREATIVE_FIELD_SQL: Record<AnalyticsCreativeField, SQL> = {
  actorName: sql`cr.actor_name`,
  creativeTitle: sql`cr.title`,
  creativeMessage: sql`cr.body`,
  ctaType: sql`cr.cta_type`,
  landingPage: sql`cr.landing_page`,
  postId: sql`cr.post_id`,
};

/** A creative value as groups see it: blank is none. */
export const creativeValue = (field: AnalyticsCreativeField) =>
  sql`nullif(btrim(${CREATIVE_FIELD_SQL[field]}), '')`;

/**
 * The brand's creative-info values as search options (GET search-options, entity
 * CREATIVE_INFO_VALUE): id `field:value`, the value, and its field's key as the detail. Values
 * are read as the filter reads them: of live accounts' ads, ignoring case (the first spelling).
 */
export function creativeValueOptionsSql(brandId: string): SQL {
  const fields = sql.join(
    Object.keys(CREATIVE_FIELD_SQL).map(
      (field) => sql`(${field}::text, ${creativeValue(field as AnalyticsCreativeField)})`,
    ),
    sql`, `,
  );
  return sql`
    select x.field || ':' || min(x.value) as id, min(x.value) as name, x.field as detail from (
      select v.field, v.value from ads a
      join ad_accounts acc on acc.id = a.ad_account_id and not acc.deleted
      join ad_creatives cr on cr.ad_id = a.id
      cross join lateral (values ${fields}) v(field, value)
      where a.brand_id = ${brandId} and v.value is not null
    ) x group by x.field, lower(x.value)`;
}

export const contains = (column: SQL, value: string) => sql`${column} ilike ${`%${escapeLike(value)}%`}`;

export function textCondition(column: SQL, operator: NameCondition['operator'], value: string): SQL {
  if (operator === 'EQUALS') return sql`lower(${column}) = lower(${value})`;
  const match = contains(column, value);
  return operator === 'CONTAINS' ? match : sql`not (${match})`;
}

/** The ad's name meets every condition of the group. */
export const nameGroupSql = (conditions: NameCondition[]) =>
  sql`(${sql.join(
    conditions.map((c) => textCondition(sql`a.name`, c.operator, c.value)),
    sql` and `,
  )})`;

/**
 * The conditions a rollup row answers alone: those over its sums and scores, and over what it
 * copies of its ad (`a.id`, `a.name`, `a.file_type`, `a.effective_status`; subqueries keyed by
 * `a.id`). The others read the ad set, campaign, account, creative or naming values.
 */
const ROLLUP_AD_CONDITIONS = new Set<AnalyticsCondition['kind']>([
  'fileType',
  'tags',
  'metric',
  'score',
  'metadata',
  'clipTypes',
  'untagged',
  'nameGroups',
]);

/** Whether a request's keyword, conditions and order read only what a rollup row holds. */
export function readsRollupsAlone(request: {
  keyword: string | undefined;
  conditions: AnalyticsCondition[];
  sort?: AnalyticsSortField;
}): boolean {
  if (request.keyword || request.sort === 'createdAt') return false;
  return request.conditions.every(
    (condition) =>
      ROLLUP_AD_CONDITIONS.has(condition.kind) ||
      (condition.kind === 'adField' && (condition.field === 'adName' || condition.field === 'status')),
  );
}

export function conditionSql(condition: AnalyticsCondition): SQL {
  switch (condition.kind) {
    case 'fileType':
      return sql`a.file_type = any(${textArray(condition.values)})`;
    case 'tags':
      // Ads whose assets carry any of the tags.
      return sql`exists (select 1 from ad_assets aa join asset_tags t on t.asset_id = aa.asset_id
                         where aa.ad_id = a.id and t.tag_id = any(${uuidArray(condition.tagIds)}))`;
    case 'adField':
      return textCondition(AD_FIELD_SQL[condition.field], condition.operator, condition.value);
    case 'creativeField': {
      const value = creativeValue(condition.field);
      return condition.value === null ? sql`${value} is null` : sql`${value} = ${condition.value}`;
    }
    case 'creativeValues':
      return sql`lower(${creativeValue(condition.field)}) = any(${textArray(condition.values.map((v) => v.trim().toLowerCase()))})`;
    case 'metadata': {
      const column = {
        length: sql`x.length`,
        width: sql`(x.metadata->>'width')::float8`,
        height: sql`(x.metadata->>'height')::float8`,
      }[condition.field];
      const operator = { gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=`, eq: sql`=` }[condition.operator];
      return sql`exists (select 1 from ad_assets aa join assets x on x.id = aa.asset_id
                         where aa.ad_id = a.id and ${column} ${operator} ${condition.value})`;
    }
    case 'clipTypes':
      return sql`exists (select 1 from ad_assets aa join asset_clips cl on cl.asset_id = aa.asset_id
                         where aa.ad_id = a.id and cl.type = any(${textArray(condition.types)}))`;
    case 'untagged':
      return sql`not exists (select 1 from ad_assets aa join asset_tags at on at.asset_id = aa.asset_id
                               join tags tg on tg.id = at.tag_id
                             where aa.ad_id = a.id and tg.category_id = ${condition.categoryId})`;
    case 'naming':
      return textCondition(
        sql`coalesce(a.naming_values->>${condition.key}::text, '')`,
        condition.operator,
        condition.value,
      );
    case 'namingValue':
      // Containment, so the GIN index on naming_values can answer it.
      return condition.value === null
        ? sql`(a.naming_values->>${condition.key}::text) is null`
        : sql`a.naming_values @> jsonb_build_object(${condition.key}::text, ${condition.value}::text)`;
    case 'nameGroups': {
      const any = sql`(${sql.join(condition.groups.map(nameGroupSql), sql` or `)})`;
      return condition.negate ? sql`not ${any}` : any;
    }
    case 'score': {
      const score = sql`sc.${sql.identifier(`${condition.score}_score`)}`;
      if (condition.operator === 'SMALLER') return sql`${score} < ${condition.value}`;
      if (condition.operator === 'BIGGER') return sql`${score} > ${condition.value}`;
      return sql`${score} = ${Math.round(condition.value)}`;
    }
    case 'metric': {
      const metric = METRIC_SQL[condition.metric];
      if (condition.operator === 'SMALLER') return sql`${metric} < ${condition.value}`;
      if (condition.operator === 'BIGGER') return sql`${metric} > ${condition.value}`;
      // EQUAL as the column shows it: to two decimals.
      return sql`round(${metric}::numeric, 2) = round(${condition.value}::numeric, 2)`;
    }
  }
}

/**
 * Missing values sort as the worst either way: last when the best come first, first when the
 * worst do. For CPA, CPC and CPM less is better.
 */
export function orderSql(sort: AnalyticsSortField, order: 'asc' | 'desc'): SQL {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  if (sort.endsWith('Score')) {
    // Higher is better; N/A is the worst either way.
    const column = sql.identifier(`${sort.slice(0, -'Score'.length)}_score`);
    return sql`sc.${column} ${direction} ${order === 'desc' ? sql`nulls last` : sql`nulls first`}, a.id`;
  }
  if (sort === 'name') return order === 'asc' ? sql`lower(a.name) asc, a.id` : sql`lower(a.name) desc, a.id`;
  if (sort === 'createdAt')
    return order === 'asc'
      ? sql`a.created_time asc nulls last, a.id`
      : sql`a.created_time desc nulls last, a.id`;
  const metric = sort as AnalyticsMetric;
  const value = METRIC_SQL[metric];
  const bestFirst = lowerIsBetterMetrics.includes(metric) ? order === 'asc' : order === 'desc';
  return sql`${value} ${direction} ${bestFirst ? sql`nulls last` : sql`nulls first`}, a.id`;
}

/** The columns of a rollup row's sums (ad_rollups), named as SUM_COLUMNS names them. */
export const ROLLUP_SUMS = [
  'spend',
  'impressions',
  'clicks',
  'link_clicks',
  'outbound_clicks',
  'conversions',
  'conversion_value',
  'plays',
  'three_second_views',
  'watch_seconds_times_plays',
  'thruplays',
] as const;

/** The sums `m` as the list selects them (not m.*: a rollup row holds more). */
export const SUM_FIELDS = sql.raw(ROLLUP_SUMS.map((column) => `m.${column}`).join(', '));

/**
 * Creative scores (0–100) over `source`'s rows (ad_id, part, the sums, seconds: the video's
 * length): in each part (one window), the percent rank of an ad's figure among the ads with at
 * least $10 spend and 1,000 impressions there, whatever a list's filters. Hold is watch time as
 * a share of the video's length when the part's ads have one, else thruplays ÷ 3-second views;
 * convert is ROAS when any ad has a conversion value, else conversions per spend: one scale per
 * window, so ranks compare like with like. An ad without the figure (a picture's hold) has no score.
 */
export function scoresOver(source: SQL): SQL {
  const rank = (figure: string) => {
    const column = sql.identifier(figure);
    return sql`case when e.${column} is null then null
      else round(percent_rank() over (partition by e.part, e.${column} is null order by e.${column}) * 100)::int end
      as ${sql.identifier(`${figure}_score`)}`;
  };
  return sql`
    select e.ad_id, e.part, ${rank('hook')}, ${rank('hold')}, ${rank('click')}, ${rank('convert')}
    from (
      select m.ad_id, m.part,
             m.three_second_views / nullif(m.impressions, 0) as hook,
             case when bool_or(m.seconds > 0 and m.plays > 0) over (partition by m.part)
                  then (m.watch_seconds_times_plays / nullif(m.plays, 0)) / nullif(m.seconds, 0)
                  else m.thruplays / nullif(m.three_second_views, 0) end as hold,
             m.link_clicks / nullif(m.impressions, 0) as click,
             case when bool_or(m.conversion_value > 0) over (partition by m.part)
                  then m.conversion_value / nullif(m.spend, 0)
                  else m.conversions / nullif(m.spend, 0) end as convert
      from (${source}) m
      where m.spend >= ${ANALYTICS_SCORE_ELIGIBILITY.minSpend}
        and m.impressions >= ${ANALYTICS_SCORE_ELIGIBILITY.minImpressions}
    ) e`;
}

/** Each ad's creative scores in the request's windows, ranked from its daily rows (scoresOver). */
export function scoresSql(request: { brandId: string; windows: AccountWindow[] }): SQL {
  return scoresOver(sql`
    select a.id as ad_id, 0 as part, ${SUM_FIELDS}, len.seconds
    from ads a
    join ad_accounts acc on acc.id = a.ad_account_id and not acc.deleted
    join ${windowsSql(request.windows)} on w.ad_account_id = a.ad_account_id
    cross join lateral (
      select ${SUM_COLUMNS} from ad_insights_daily d
      where d.ad_id = a.id and (w.day_from is null or d.date between w.day_from and w.day_to)
    ) m
    left join lateral (
      select max(x.length)::float8 as seconds from ad_assets aa join assets x on x.id = aa.asset_id
      where aa.ad_id = a.id and x.type = 'VIDEO'
    ) len on true
    where a.brand_id = ${request.brandId}`);
}

/** The windows as a VALUES list joined to each ad by its account. */
export function windowsSql(windows: AccountWindow[]): SQL {
  const rows = windows.map(
    (w) => sql`(${w.adAccountId}::uuid, ${w.window?.from ?? null}::date, ${w.window?.to ?? null}::date)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as w(ad_account_id, day_from, day_to)`;
}
