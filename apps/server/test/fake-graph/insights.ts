import { insightRow, recomputeRatios } from './data.js';
import { fail } from './errors.js';
import { addDays, DAY_MS, dayMs, fbTime, isoDay, parseFbTime } from './ids-and-time.js';
import { paged } from './lists.js';
import type { FakeAd, FakeContext, FakeGraphState } from './types.js';
import { type FakeAnswer, type FakeRequest, parseFields, project } from './wire.js';

/** Insights: date ranges and presets, filtering, levels, time increments and the sums of daily rows. */

export interface InsightsScope {
  accountId: string;
  level: 'account' | 'campaign' | 'adset' | 'ad';
  sync: boolean;
  ad?: string;
  adSet?: string;
  campaign?: string;
}

export function dateRange(
  state: FakeGraphState,
  request: FakeRequest,
): { since: string; until: string } | FakeAnswer {
  const today = isoDay(state.now);
  if (request.params.time_range) {
    let range: { since?: string; until?: string };
    try {
      range = JSON.parse(request.params.time_range) as { since?: string; until?: string };
    } catch {
      return fail(100, '(#100) param time_range must be a JSON object with since and until');
    }
    const valid = (d: unknown) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
    if (!valid(range.since) || !valid(range.until) || range.since! > range.until!) {
      return fail(100, '(#100) param time_range must have since and until dates (YYYY-MM-DD), since first');
    }
    return { since: range.since!, until: range.until! };
  }
  const preset = request.params.date_preset ?? 'last_30d';
  const last = preset.match(/^last_(\d+)d$/);
  if (last) return { since: addDays(today, -Number(last[1])), until: addDays(today, -1) };
  if (preset === 'today') return { since: today, until: today };
  if (preset === 'yesterday') return { since: addDays(today, -1), until: addDays(today, -1) };
  if (preset === 'this_month') return { since: `${today.slice(0, 8)}01`, until: today };
  if (preset === 'maximum' || preset === 'data_maximum') {
    const first = [fbTime(state.now), ...state.ads.map((ad) => ad.created_time)].sort()[0]!;
    return { since: isoDay(parseFbTime(first)), until: today };
  }
  return fail(
    100,
    `(#100) date_preset must be one of the following values: today, yesterday, last_Nd, this_month, maximum`,
  );
}

export function insightRows(
  state: FakeGraphState,
  request: FakeRequest,
  scope: InsightsScope,
  range: { since: string; until: string },
) {
  const level = (request.params.level as InsightsScope['level'] | undefined) ?? scope.level;
  let ads = state.ads.filter(
    (ad) =>
      ad.accountId === scope.accountId &&
      (!scope.ad || ad.id === scope.ad) &&
      (!scope.adSet || ad.adset_id === scope.adSet) &&
      (!scope.campaign || ad.campaign_id === scope.campaign),
  );
  if (request.params.filtering) {
    let filters: { field?: string; operator?: string; value?: unknown }[] = [];
    try {
      filters = JSON.parse(request.params.filtering) as typeof filters;
    } catch {
      return fail(100, '(#100) param filtering must be a JSON array');
    }
    for (const filter of filters) {
      const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
      const pick: Record<string, (ad: FakeAd) => string> = {
        'ad.id': (ad) => ad.id,
        'adset.id': (ad) => ad.adset_id,
        'campaign.id': (ad) => ad.campaign_id,
        'ad.effective_status': (ad) => ad.effective_status,
      };
      const get = pick[filter.field ?? ''];
      if (!get) continue;
      const negate = filter.operator === 'NOT_IN' || filter.operator === 'NOT_EQUAL';
      ads = ads.filter((ad) => values.includes(get(ad)) !== negate);
    }
  }
  const daily: Record<string, unknown>[] = [];
  for (let day = range.since; day <= range.until; day = addDays(day, 1)) {
    for (const ad of ads) {
      const row = insightRow(state, ad.id, day);
      if (row) daily.push(row);
    }
  }
  const increment = request.params.time_increment ?? 'all_days';
  const bucketOf = (day: string): string => {
    if (increment === 'monthly') return day.slice(0, 7);
    const n = Number(increment);
    if (Number.isInteger(n) && n >= 1)
      return String(Math.floor((dayMs(day) - dayMs(range.since)) / (n * DAY_MS)));
    return 'all';
  };
  const keyOf = (row: Record<string, unknown>) =>
    level === 'ad'
      ? String(row.ad_id)
      : level === 'adset'
        ? String(row.adset_id)
        : level === 'campaign'
          ? String(row.campaign_id)
          : 'account';
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of daily) {
    const key = `${bucketOf(String(row.date_start))}|${keyOf(row)}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const drop: Record<string, string[]> = {
    account: ['campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name'],
    campaign: ['adset_id', 'adset_name', 'ad_id', 'ad_name'],
    adset: ['ad_id', 'ad_name'],
    ad: [],
  };
  const rows = [...groups.values()].map((group) => {
    const row = group.length === 1 && increment === '1' ? { ...group[0]! } : sumRows(group);
    for (const key of drop[level] ?? []) delete row[key];
    if (increment !== '1' && increment !== 'monthly' && !Number.isInteger(Number(increment))) {
      row.date_start = range.since;
      row.date_stop = range.until;
    }
    return row;
  });
  rows.sort((a, b) =>
    String(a.date_start) === String(b.date_start)
      ? keyOf(a).localeCompare(keyOf(b))
      : String(a.date_start).localeCompare(String(b.date_start)),
  );
  const fields = request.params.fields
    ? parseFields(`${request.params.fields},date_start,date_stop`)
    : parseFields('account_id,spend,impressions,date_start,date_stop');
  return rows.map((row) => project(row, fields) as Record<string, unknown>);
}

export function insights(ctx: FakeContext, request: FakeRequest, scope: InsightsScope): FakeAnswer {
  const { state } = ctx;
  const range = dateRange(state, request);
  if ('status' in range) return range;
  const days = (dayMs(range.until) - dayMs(range.since)) / DAY_MS + 1;
  if (scope.sync && state.insightsMaxDays !== null && days > state.insightsMaxDays) {
    return fail(100, undefined, 1487534, 'OAuthException');
  }
  const rows = insightRows(state, request, scope, range);
  if (!Array.isArray(rows)) return rows;
  return paged(ctx, request, rows, null);
}

type ActionStat = { action_type: string; value: string };
const actionListFields = [
  'outbound_clicks',
  'actions',
  'action_values',
  'video_play_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
  'video_thruplay_watched_actions',
];
const summedFields = ['spend', 'impressions', 'reach', 'clicks', 'inline_link_clicks'];

function sumRows(rows: Record<string, unknown>[]): Record<string, unknown> {
  const first = rows[0]!;
  const out: Record<string, unknown> = { ...first };
  for (const field of summedFields) {
    const total = rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);
    out[field] = field === 'spend' ? total.toFixed(2) : String(total);
  }
  for (const field of actionListFields) {
    const totals = new Map<string, number>();
    let seen = false;
    for (const row of rows) {
      const list = row[field] as ActionStat[] | undefined;
      if (!list) continue;
      seen = true;
      for (const stat of list) {
        totals.set(stat.action_type, (totals.get(stat.action_type) ?? 0) + Number(stat.value));
      }
    }
    if (!seen) delete out[field];
    else {
      out[field] = [...totals].map(([action_type, value]) => ({
        action_type,
        value: field === 'action_values' ? value.toFixed(2) : String(value),
      }));
    }
  }
  // Weighted by plays; a rough mean is enough for a fake.
  const avgRows = rows.filter((row) => row.video_avg_time_watched_actions);
  if (avgRows.length) {
    const mean =
      avgRows.reduce(
        (sum, row) => sum + Number((row.video_avg_time_watched_actions as ActionStat[])[0]!.value),
        0,
      ) / avgRows.length;
    out.video_avg_time_watched_actions = [{ action_type: 'video_view', value: String(Math.round(mean)) }];
  }
  const curves = rows
    .map((row) => (row.video_play_curve_actions as { value: number[] }[] | undefined)?.[0]?.value)
    .filter((v): v is number[] => Array.isArray(v));
  if (curves.length) {
    out.video_play_curve_actions = [
      {
        action_type: 'video_view',
        value: curves[0]!.map((_, i) =>
          Math.round(curves.reduce((s, c) => s + (c[i] ?? 0), 0) / curves.length),
        ),
      },
    ];
  }
  recomputeRatios(out);
  out.date_start = first.date_start;
  out.date_stop = rows[rows.length - 1]!.date_stop;
  return out;
}
