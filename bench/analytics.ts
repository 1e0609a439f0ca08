/**
 * Creative analytics at scale (issue 17 "Benchmark"): the analytics endpoints through the
 * built server's HTTP API, signed in, on a brand with N ads × D days of daily insights.
 *
 *  - Data (deterministic: ids, names and figures are functions of the ad's number and the day,
 *    so two runs load the same brand): one ad account in America/New_York, N/2,500 campaigns,
 *    N/250 ad sets, N ads named by the usual convention ('UGC — Testimonial — Priya — 9x16 — v3'),
 *    varied statuses and file types (half VIDEO), a creative each; a few hundred AD_ANALYTICS
 *    assets shared by the ads (videos for VIDEO ads, pictures for the rest), tagged in two
 *    categories (Hook: 8 tags, 10 % untagged; Offer: 6 tags); and a daily row for every ad on
 *    every one of the D days up to today (the worst case: every ad delivered in every window),
 *    with heavy-tailed spend and per-ad CPM, CTR, conversion rate and order value, so ROAS
 *    spreads around 1, video figures on VIDEO ads, two other-action counts.
 *  - Load: set-based SQL straight into the tables (INSERT … SELECT over generate_series and a
 *    staging table of per-ad draws), foreign-key triggers off (consistent by construction),
 *    ad_insights_daily's primary key and index dropped during the load and built after it,
 *    rows written oldest day first (as a daily sync appends them), then VACUUM ANALYZE.
 *  - Queries, over HTTP as the web app asks them (THIRTY_DAYS, the default preset): the list
 *    page (40, spend desc, file type VIDEO and ROAS > 1), groups by the Hook tag category,
 *    groups by three dynamic name groups, comparison-result for 6 ads (the list's first six).
 *    Sequential, 5 warm-up then 50 timed calls each; p50/p95/max.
 *  - Goals (PostgreSQL at 100,000 × 90): group-by p95 ≤ 300 ms, list p95 ≤ 150 ms. A miss on
 *    PostgreSQL gets an EXPLAIN (ANALYZE, BUFFERS) of the request's slowest statement: a second
 *    server runs the request once through a wire-protocol proxy (lib/pg-statement-counter.ts)
 *    that captures its statements, and each is explained.
 *
 * Run: `npx tsx bench/analytics.ts --db pglite` (10,000 ads), or
 * `npx tsx bench/analytics.ts --db postgres` (100,000 ads; a scratch database beside
 * DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end).
 * `--ads N`, `--days D` (default 90), `--samples`/`--warmup` (50/5). PostgreSQL only:
 * `--keep-loaded` leaves the loaded database (hookline_bench_analytics_<N>x<D>) and
 * `--reuse-loaded` measures it again without loading. Through the runner:
 * `npm run bench -- analytics` (BENCH_ANALYTICS_DB, BENCH_ANALYTICS_ADS, BENCH_ANALYTICS_DAYS).
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createBenchUser, signIn } from './lib/accounts.js';
import { buildServer } from './lib/build.js';
import { envInt } from './lib/env.js';
import { startStatementCounter } from './lib/pg-statement-counter.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { type RunningServer, startHookline } from './lib/server.js';
import { percentile, round } from './lib/stats.js';
import { type Cell, formatTable, type Table } from './lib/table.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext, BenchReport } from './lib/types.js';

type DatabaseKind = 'pglite' | 'postgres';

const TARGET_ADS = { pglite: 10_000, postgres: 100_000 } as const;
const TARGET_DAYS = 90;
/** Issue 17's goals, at PostgreSQL 100,000 ads × 90 days. */
const GOALS_MS = { list: 150, groups: 300 } as const;
const EMAIL = 'bench-analytics@example.com';
const PASSWORD = 'bench-analytics-password-17';
const ACCOUNT_EXTERNAL_ID = 'act_bench_analytics';
const TIMEZONE = 'America/New_York';
const PRESET = 'THIRTY_DAYS';
/** Days of daily rows per INSERT. */
const DAY_BATCH = 10;
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const FORMATS = ['UGC', 'Static', 'Founder', 'Studio', 'Meme', 'Carousel'];
const HOOKS = ['Testimonial', 'Problem-Solution', 'Unboxing', 'Before-After', 'Listicle', 'Demo'];
const CREATORS = ['Priya', 'Marcus', 'Lena', 'Diego', 'Aiko', 'Sam', 'Noor', 'Tom'];
const ASPECTS = ['9x16', '1x1', '4x5', '16x9'];
const HOOK_TAGS = [
  'Testimonial',
  'Problem first',
  'Unboxing',
  'Before and after',
  'Listicle',
  'Product demo',
  'Question',
  'Shock stat',
];
const OFFER_TAGS = ['20% off', 'BOGO', 'Free shipping', 'Bundle', 'New launch', 'Gift with purchase'];
const NAME_GROUPS = [
  { label: 'UGC', conditions: [{ operator: 'CONTAINS', value: 'UGC' }] },
  { label: 'Testimonials', conditions: [{ operator: 'CONTAINS', value: 'Testimonial' }] },
  {
    label: 'Vertical founder',
    conditions: [
      { operator: 'CONTAINS', value: 'Founder' },
      { operator: 'CONTAINS', value: '9x16' },
    ],
  },
];
const LIST_FILTERS = [
  { id: 'fileType', children: [{ id: 'VIDEO' }] },
  { id: 'metric', params: { metric: 'roas', operator: 'BIGGER', value: 1 } },
];

// ── SQL helpers: deterministic draws and ids from a text seed ─────────────

/** A uniform draw in [0, 1) from md5(seed:k) (for the staging rows; md5 is too slow per daily row). */
const draw = (seed: string, k: number) =>
  `(('x' || substr(md5(${seed} || ':${k}'), 1, 8))::bit(32)::bigint / 4294967296::float8)`;
/** A version-4-shaped uuid from md5(seed): the API's schemas insist on RFC 9562 ids. */
const uuidOf = (seed: string) =>
  `(substr(md5(${seed}), 1, 12) || '4' || substr(md5(${seed}), 14, 3) || '8' || substr(md5(${seed}), 18, 15))::uuid`;
/** A cheap multiplicative-hash draw in [0, 1) per (ad, day): millions of rows (no bigint overflow: m < 2^32). */
const noise = (a: number, b: number, m: number) =>
  `(((((p.n::bigint * ${a} + g.ago::bigint * ${b}) % 2147483648) * ${m}) % 2147483648) / 2147483648::float8)`;
/** Picks from a list by a draw (a SQL text array literal). */
const pick = (list: readonly string[], u: string) =>
  `(array[${list.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}])[1 + floor(${u} * ${list.length})::int]`;

interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

interface Scope {
  accountId: string;
  brandId: string;
  hookCategoryId: string;
}

interface LoadFigures {
  ms: number;
  staticMs: number;
  insightsMs: number;
  indexMs: number;
  analyzeMs: number;
  rows: number;
  assets: number;
  tableMb: number;
  indexMb: number;
}

/** Today where the ad account is, as the server's windows see it (windows.ts todayIn). */
const todayIn = (timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

async function load(
  context: BenchContext,
  db: Sql,
  kind: DatabaseKind,
  user: { accountId: string; brandId: string },
  ads: number,
  days: number,
): Promise<{ scope: Scope; figures: LoadFigures }> {
  const started = performance.now();
  const campaigns = Math.max(4, Math.round(ads / 2_500));
  const adSets = Math.max(12, Math.round(ads / 250));
  const assetCount = Math.min(400, Math.max(40, Math.round(ads / 100)));
  const videoAssets = Math.round(assetCount * 0.6);
  const { accountId, brandId } = user;
  const adAccountId = (await db.query<{ id: string }>(`select ${uuidOf(`'ad-account'`)} as id`)).rows[0]!.id;
  const today = todayIn(TIMEZONE);
  // Consistent by construction: no foreign-key triggers during the load.
  await db.query(`set session_replication_role = replica`);
  if (kind === 'postgres') await db.query(`set maintenance_work_mem = '1GB'`);

  context.progress(
    `analytics: ${kind}: ${ads.toLocaleString('en-US')} ads, ${campaigns} campaigns, ${adSets} ad sets, ${assetCount} assets`,
  );
  await db.query(
    `insert into ad_accounts (id, account_id, brand_id, external_id, name, currency, timezone, account_status, enabled, source, purchase_action_type)
     values ($1, $2, $3, $4, 'Bench Brand — Meta Ads', 'USD', $5, 1, true, 'IMPORT', 'purchase')`,
    [adAccountId, accountId, brandId, ACCOUNT_EXTERNAL_ID, TIMEZONE],
  );
  await db.query(
    `insert into ad_campaigns (id, ad_account_id, external_id, name, status, effective_status, objective)
     select ${uuidOf(`'campaign:' || k`)}, $1, 'cmp_' || k,
            ${pick(['Prospecting', 'Retargeting', 'Evergreen', 'Launch', 'Seasonal'], draw(`'campaign:' || k`, 1))} || ' ' || k,
            'ACTIVE', 'ACTIVE', 'OUTCOME_SALES'
     from generate_series(0, $2::int - 1) k`,
    [adAccountId, campaigns],
  );
  await db.query(
    `insert into ad_sets (id, ad_account_id, campaign_id, external_id, name, status, effective_status)
     select ${uuidOf(`'set:' || k`)}, $1, ${uuidOf(`'campaign:' || (k % $3::int)`)}, 'set_' || k,
            ${pick(['Broad 18-35', 'Broad 25-54', 'LAL 1%', 'LAL 3%', 'Interests', 'Retarget 30d'], draw(`'set:' || k`, 1))} || ' ' || k,
            'ACTIVE', 'ACTIVE'
     from generate_series(0, $2::int - 1) k`,
    [adAccountId, adSets, campaigns],
  );
  // Per-ad draws, kept while loading: the ads and their daily rows read them.
  await db.query(`drop table if exists bench_plan`);
  const u = (k: number) => draw(`'ad:' || n`, k);
  await db.query(
    `create table bench_plan as
     select x.*,
            case when u1 < 0.5 then 'VIDEO' when u1 < 0.8 then 'STATIC' when u1 < 0.92 then 'POST' else 'COLLECTION' end as file_type,
            (0.5 + 400 * power(u8, 4))::float8 as base_spend,
            (6 + 18 * u9)::float8 as cpm,
            (0.004 + 0.02 * u10)::float8 as ctr,
            (0.005 + 0.06 * u11 * u11)::float8 as cvr,
            (20 + 80 * u12)::float8 as aov,
            (0.15 + 0.3 * u13)::float8 as thumb,
            (2 + 10 * u14)::float8 as watch
     from (select n, ${uuidOf(`'ad:' || n`)} as id, ${Array.from({ length: 15 }, (_, i) => `${u(i + 1)} as u${i + 1}`).join(', ')}
           from generate_series(0, $1::int - 1) n) x`,
    [ads],
  );
  await db.query(
    `insert into ads (id, ad_account_id, brand_id, campaign_id, ad_set_id, external_id, name, status, effective_status,
                      file_type, created_time, updated_time, delivery_synced_at)
     select p.id, $1, $2, ${uuidOf(`'campaign:' || ((p.n % $3::int) % $4::int)`)}, ${uuidOf(`'set:' || (p.n % $3::int)`)}, 'ad_' || p.n,
            ${pick(FORMATS, 'p.u2')} || ' — ' || ${pick(HOOKS, 'p.u3')} || ' — ' || ${pick(CREATORS, 'p.u4')}
              || ' — ' || ${pick(ASPECTS, 'p.u5')} || ' — v' || (1 + floor(p.u6 * 5))::int,
            case when p.u7 < 0.8 then 'ACTIVE' else 'PAUSED' end,
            case when p.u7 < 0.55 then 'ACTIVE' when p.u7 < 0.8 then 'WITH_ISSUES' when p.u7 < 0.88 then 'PAUSED'
                 when p.u7 < 0.93 then 'ADSET_PAUSED' when p.u7 < 0.97 then 'CAMPAIGN_PAUSED' else 'ARCHIVED' end,
            p.file_type, now() - ((${days} + floor(p.u15 * 200))::int * interval '1 day'), now(), now()
     from bench_plan p order by p.n`,
    [adAccountId, brandId, adSets, campaigns],
  );
  await db.query(
    `insert into ad_creatives (ad_id, external_id, actor_id, actor_name, title, body, cta_type, landing_page)
     select p.id, 'cr_' || p.n, 'page_' || (p.n % 3), ${pick(['Bench Brand', 'Bench Brand Skincare', 'Bench Brand Outlet'], 'p.u9')},
            ${pick(HOOKS, 'p.u3')} || ' that works', 'Try it today: ' || ${pick(OFFER_TAGS, 'p.u10')},
            ${pick(['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'GET_OFFER'], 'p.u11')},
            'https://shop.example.test/' || ${pick(['serum', 'hoodie', 'bundle', 'sale', 'new'], 'p.u12')}
     from bench_plan p order by p.n`,
  );
  // The creatives' media as AD_ANALYTICS library items, shared by the ads.
  await db.query(
    `insert into assets (id, account_id, brand_id, library, type, name, parent_id, path, depth, size,
                         uploading_state, metadata, length, created_at, updated_at, uploaded_at)
     select x.id, $1, $2, 'AD_ANALYTICS', x.type, x.name, null, '/' || x.id || '/', 0, 1000000 + k * 1000,
            'UPLOADED', jsonb_build_object('width', 1080, 'height', case when k % 3 = 0 then 1080 else 1920 end),
            case when x.type = 'VIDEO' then 6 + (k % 55) else null end, now(), now(), now()
     from generate_series(0, $3::int - 1) k
     cross join lateral (select ${uuidOf(`'asset:' || k`)} as id,
                                case when k < $4::int then 'VIDEO' else 'IMAGE' end as type,
                                ${pick(FORMATS, draw(`'asset:' || k`, 1))} || ' ' || ${pick(HOOKS, draw(`'asset:' || k`, 2))}
                                  || ' cut ' || k || case when k < $4::int then '.mp4' else '.jpg' end as name) x`,
    [accountId, brandId, assetCount, videoAssets],
  );
  await db.query(
    `insert into ad_media (brand_id, kind, external_id, asset_id)
     select $1, case when k < $3::int then 'VIDEO' else 'IMAGE' end, 'media_' || k, ${uuidOf(`'asset:' || k`)}
     from generate_series(0, $2::int - 1) k`,
    [brandId, assetCount, videoAssets],
  );
  await db.query(
    `insert into ad_assets (ad_id, asset_id)
     select p.id, ${uuidOf(
       `'asset:' || case when p.file_type = 'VIDEO' then floor(p.u15 * $1::int)::int else $1::int + floor(p.u15 * ($2::int - $1::int))::int end`,
     )}
     from bench_plan p order by p.n`,
    [videoAssets, assetCount],
  );
  // Two tag categories on the assets: Hook (one tag, 10 % untagged) and Offer (one or two).
  const categories = [
    { key: 'hook', name: 'Hook', tags: HOOK_TAGS },
    { key: 'offer', name: 'Offer', tags: OFFER_TAGS },
  ];
  for (const category of categories) {
    await db.query(
      `insert into tag_categories (id, brand_id, name, type) values (${uuidOf(`'category:${category.key}'`)}, $1, $2, 'CUSTOM')`,
      [brandId, category.name],
    );
    await db.query(
      `insert into tags (id, brand_id, category_id, name)
       select ${uuidOf(`'tag:${category.key}:' || i`)}, $1, ${uuidOf(`'category:${category.key}'`)}, t.name
       from unnest($2::text[]) with ordinality as t(name, i)`,
      [brandId, category.tags],
    );
  }
  const tagOf = (key: string, count: number, u: string) =>
    uuidOf(`'tag:${key}:' || (1 + floor(${u} * ${count}))::int`);
  await db.query(
    `insert into asset_tags (asset_id, tag_id, source)
     select ${uuidOf(`'asset:' || k`)}, ${tagOf('hook', HOOK_TAGS.length, draw(`'asset-tag:' || k`, 1))}, 'USER'
     from generate_series(0, $1::int - 1) k where ${draw(`'asset-tag:' || k`, 2)} >= 0.1
     union all
     select ${uuidOf(`'asset:' || k`)}, ${tagOf('offer', OFFER_TAGS.length, draw(`'asset-tag:' || k`, 3))}, 'USER'
     from generate_series(0, $1::int - 1) k
     union all
     select ${uuidOf(`'asset:' || k`)}, ${tagOf('offer', OFFER_TAGS.length, `((${draw(`'asset-tag:' || k`, 3)} + 0.5) - floor(${draw(`'asset-tag:' || k`, 3)} + 0.5))`)}, 'USER'
     from generate_series(0, $1::int - 1) k where ${draw(`'asset-tag:' || k`, 4)} < 0.2`,
    [assetCount],
  );
  const staticMs = performance.now() - started;

  // ad_insights_daily: its keys dropped while loading and built after (same definitions).
  const { rows: constraints } = await db.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = 'ad_insights_daily'::regclass and contype = 'p'`,
  );
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'ad_insights_daily' and indexname not in (
       select conname from pg_constraint where conrelid = 'ad_insights_daily'::regclass)`,
  );
  for (const c of constraints) await db.query(`alter table ad_insights_daily drop constraint "${c.name}"`);
  for (const i of indexes) await db.query(`drop index "${i.name}"`);

  const insightsStarted = performance.now();
  const e1 = noise(7919, 104_729, 2_654_435_761);
  const e2 = noise(104_723, 7907, 2_246_822_519);
  for (let oldest = days - 1; oldest >= 0; oldest -= DAY_BATCH) {
    const newest = Math.max(0, oldest - DAY_BATCH + 1);
    await db.query(
      `insert into ad_insights_daily (ad_id, date, spend, impressions, reach, clicks, link_clicks, outbound_clicks,
         conversions, conversion_value, other_actions, plays, three_second_views, p25, p50, p75, p95, p100,
         thruplays, avg_watch_time_seconds)
       select x.id, $1::date - x.ago, s.spend, i.impressions, (i.impressions * 0.8)::int,
              c.link_clicks + c.link_clicks / 2, c.link_clicks, (c.link_clicks * 0.7)::int,
              v.conversions, round((v.conversions * x.aov * (0.8 + 0.4 * x.e1))::numeric, 2),
              jsonb_build_object('add_to_cart', v.conversions * 3 + 1, 'landing_page_view', (c.link_clicks * 0.8)::int),
              w.plays, w.views, (w.views * 0.6)::int, (w.views * 0.4)::int, (w.views * 0.25)::int,
              (w.views * 0.15)::int, (w.views * 0.1)::int, (w.views * 0.12)::int,
              case when x.file_type = 'VIDEO' then (x.watch * (0.8 + 0.4 * x.e2))::real else 0 end
       from (select p.*, g.ago, ${e1} as e1, ${e2} as e2
             from generate_series($2::int, $3::int, -1) g(ago) cross join bench_plan p) x
       cross join lateral (select round((x.base_spend * (0.5 + x.e1))::numeric, 2) as spend) s
       cross join lateral (select floor(s.spend * 1000 / x.cpm)::int as impressions) i
       cross join lateral (select floor(i.impressions * x.ctr * (0.7 + 0.6 * x.e2))::int as link_clicks) c
       cross join lateral (select floor(c.link_clicks * x.cvr * (0.6 + 0.8 * x.e2) + x.e1)::int as conversions) v
       cross join lateral (
         select case when x.file_type = 'VIDEO' then (i.impressions * 0.45)::int else 0 end as plays,
                case when x.file_type = 'VIDEO' then (i.impressions * x.thumb)::int else 0 end as views
       ) w`,
      [today, oldest, newest],
    );
    context.progress(
      `analytics: ${kind}: daily rows ${days - newest}/${days} days (${round((performance.now() - insightsStarted) / 1000)} s)`,
    );
  }
  const insightsMs = performance.now() - insightsStarted;
  await db.query(`drop table bench_plan`);
  await db.query(`set session_replication_role = origin`);

  const indexStarted = performance.now();
  for (const c of constraints)
    await db.query(`alter table ad_insights_daily add constraint "${c.name}" ${c.definition}`);
  for (const i of indexes) await db.query(i.definition);
  const indexMs = performance.now() - indexStarted;
  context.progress(`analytics: ${kind}: ad_insights_daily keys built in ${round(indexMs / 1000)} s`);

  const analyzeStarted = performance.now();
  for (const table of [
    'ad_insights_daily',
    'ads',
    'ad_creatives',
    'ad_assets',
    'ad_sets',
    'ad_campaigns',
    'assets',
    'asset_tags',
    'tags',
  ])
    await db.query(`vacuum analyze ${table}`);
  const analyzeMs = performance.now() - analyzeStarted;
  const size = (
    await db.query<{ rows: number; table_mb: number; index_mb: number }>(
      `select (select count(*) from ad_insights_daily)::float8 as rows,
              pg_table_size('ad_insights_daily') / 1048576.0 as table_mb,
              pg_indexes_size('ad_insights_daily') / 1048576.0 as index_mb`,
    )
  ).rows[0]!;
  return {
    scope: { accountId, brandId, hookCategoryId: await hookCategory(db, brandId) },
    figures: {
      ms: performance.now() - started,
      staticMs,
      insightsMs,
      indexMs,
      analyzeMs,
      rows: Number(size.rows),
      assets: assetCount,
      tableMb: round(Number(size.table_mb)),
      indexMb: round(Number(size.index_mb)),
    },
  };
}

async function hookCategory(db: Sql, brandId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select id from tag_categories where brand_id = $1 and name = 'Hook'`,
    [brandId],
  );
  if (!rows[0]) throw new Error('the loaded brand has no Hook tag category');
  return rows[0].id;
}

/** An earlier run's database (--reuse-loaded): its brand and what it holds. */
async function loadedScope(db: Sql, ads: number, days: number): Promise<Scope> {
  const { rows } = await db.query<{ account_id: string; brand_id: string; ads: number; days: number }>(
    `select acc.account_id, acc.brand_id,
            (select count(*) from ads)::int as ads,
            (select count(distinct date) from ad_insights_daily)::int as days
     from ad_accounts acc where acc.external_id = $1`,
    [ACCOUNT_EXTERNAL_ID],
  );
  const row = rows[0];
  if (!row) throw new Error('--reuse-loaded: the database holds no loaded analytics brand');
  if (row.ads !== ads || row.days !== days)
    throw new Error(
      `--reuse-loaded: the database holds ${row.ads} ads × ${row.days} days, not ${ads} × ${days}`,
    );
  return {
    accountId: row.account_id,
    brandId: row.brand_id,
    hookCategoryId: await hookCategory(db, row.brand_id),
  };
}

// ── measuring ────────────────────────────────────────────────────────────

interface Operation {
  key: 'list' | 'groupsTag' | 'groupsName' | 'compare';
  label: string;
  samplesMs: number[];
  p50: number;
  p95: number;
  max: number;
  /** What the answer held (rows, total). */
  answer: string;
  goalMs?: number;
  /** The request's slowest statement and its plan (PostgreSQL misses). */
  explain?: string;
}

class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly prefix: string,
    private readonly token: string,
  ) {}

  static async signIn(server: RunningServer, scope: Scope): Promise<Api> {
    const token = await signIn(server.baseUrl, EMAIL, PASSWORD);
    return new Api(server.baseUrl, `/api/accounts/${scope.accountId}/brands/${scope.brandId}`, token);
  }

  /** One brand-scoped GET; ms covers sending it and reading the whole body. */
  async get<T>(route: string): Promise<{ ms: number; data: T; total: string | null }> {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${this.prefix}${route}`, {
      headers: { authorization: `Bearer ${this.token}` },
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return { ms, data: JSON.parse(text) as T, total: response.headers.get('x-total-count') };
  }
}

const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

interface Request {
  key: Operation['key'];
  label: string;
  route: string;
  goalMs?: number;
  describe(data: unknown, total: string | null): string;
}

function requests(scope: Scope, compareIds: string[]): Request[] {
  return [
    {
      key: 'list',
      label: 'list: 40 by spend, VIDEO + ROAS > 1',
      route: `/performance-analytics?${query({
        analyticsPreset: PRESET,
        sort: 'spend',
        order: 'desc',
        limit: 40,
        offset: 0,
        filters: JSON.stringify(LIST_FILTERS),
      })}`,
      goalMs: GOALS_MS.list,
      describe: (data, total) =>
        `${(data as unknown[]).length} of ${Number(total ?? 0).toLocaleString('en-US')}`,
    },
    {
      key: 'groupsTag',
      label: 'groups: tag category (Hook)',
      route: `/performance-analytics/groups?${query({
        analyticsPreset: PRESET,
        sort: 'spend',
        order: 'desc',
        groupBy: `tagCategory:${scope.hookCategoryId}`,
      })}`,
      goalMs: GOALS_MS.groups,
      describe: (data) => `${(data as unknown[]).length} groups`,
    },
    {
      key: 'groupsName',
      label: 'groups: 3 dynamic name groups',
      route: `/performance-analytics/groups?${query({
        analyticsPreset: PRESET,
        sort: 'spend',
        order: 'desc',
        groupBy: 'dynamicAdNameGroups',
        dynamicAdNameGroups: JSON.stringify(NAME_GROUPS),
      })}`,
      goalMs: GOALS_MS.groups,
      describe: (data) => `${(data as unknown[]).length} groups`,
    },
    {
      key: 'compare',
      label: 'comparison-result: 6 ads',
      route: `/performance-analytics/comparison-result?${query({
        analyticsPreset: PRESET,
        adIds: compareIds.join(','),
      })}`,
      describe: (data) => `${Object.keys(data as object).length} ads`,
    },
  ];
}

async function measure(
  context: BenchContext,
  kind: DatabaseKind,
  api: Api,
  scope: Scope,
  samples: number,
  warmup: number,
): Promise<{ operations: Operation[]; routes: Record<string, string> }> {
  // The six ads compared are the list page's first six, as a person would pick them.
  const first = await api.get<{ id: string }[]>(requests(scope, [])[0]!.route);
  const compareIds = first.data.slice(0, 6).map((ad) => ad.id);
  if (compareIds.length < 6) throw new Error(`the list answered ${compareIds.length} ads; 6 are needed`);
  const operations: Operation[] = [];
  const routes: Record<string, string> = {};
  for (const request of requests(scope, compareIds)) {
    routes[request.key] = request.route;
    let answer = '';
    for (let i = 0; i < warmup; i++) await api.get(request.route);
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const { ms, data, total } = await api.get(request.route);
      times.push(ms);
      if (i === 0) answer = request.describe(data, total);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const op: Operation = {
      key: request.key,
      label: request.label,
      samplesMs: times.map((ms) => round(ms, 2)),
      p50: round(percentile(sorted, 50), 1),
      p95: round(percentile(sorted, 95), 1),
      max: round(sorted[sorted.length - 1]!, 1),
      answer,
      ...(request.goalMs === undefined ? {} : { goalMs: request.goalMs }),
    };
    operations.push(op);
    context.progress(`analytics: ${kind} ${op.label}: p50 ${op.p50} ms, p95 ${op.p95} ms (${answer})`);
  }
  return { operations, routes };
}

/**
 * PostgreSQL misses: a second server on the same database through the statement proxy runs
 * each missed request once (after one unrecorded call); every statement it ran is explained and
 * the one with the longest execution time kept.
 */
async function explainMisses(
  context: BenchContext,
  databaseUrl: string,
  dataDir: string,
  scope: Scope,
  operations: Operation[],
  routes: Record<string, string>,
): Promise<void> {
  const missed = operations.filter((op) => op.goalMs !== undefined && op.p95 > op.goalMs);
  if (missed.length === 0) return;
  const upstream = new URL(databaseUrl);
  const counter = await startStatementCounter(upstream.hostname, Number(upstream.port || 5432));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await startHookline({ dataDir, databaseUrl: counter.url(databaseUrl) });
    try {
      const api = await Api.signIn(server, scope);
      for (const op of missed) {
        const route = routes[op.key]!;
        await api.get(route);
        counter.reset();
        await api.get(route);
        const statements = counter
          .take()
          .filter((s) => !/pgboss/i.test(s.sql) && /^\s*(select|with)\b/i.test(s.sql));
        let slowest: { ms: number; text: string } | undefined;
        for (const statement of statements) {
          const { rows } = await client.query<Record<string, string>>(
            `explain (analyze, buffers) ${statement.sql}`,
            statement.params,
          );
          const lines = rows.map((r) => Object.values(r)[0] ?? '');
          const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
          if (!slowest || ms > slowest.ms)
            slowest = { ms, text: `${statement.sql.replace(/\s+/g, ' ').trim()}\n${lines.join('\n')}` };
        }
        if (slowest) {
          op.explain = `${statements.length} statements; the slowest (${round(slowest.ms)} ms):\n${slowest.text}`;
          context.progress(`analytics: explained ${op.key}: slowest statement ${round(slowest.ms)} ms`);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await client.end();
    await counter.close();
  }
}

// ── the two databases ────────────────────────────────────────────────────

/**
 * Refreshes the brand's rollups as the import's ANALYTICS_ROLLUP job does after it writes
 * (the load writes delivery with SQL, so no job was queued); answers its ms. Run before the
 * server starts: PGlite serves one process.
 */
async function refreshRollups(
  context: BenchContext,
  target: { dataDir: string } | { databaseUrl: string },
  brandId: string,
): Promise<number> {
  const { openDatabase } = await import('../apps/server/dist/platform/db/client.js');
  const { AnalyticsRollups } = await import(
    '../apps/server/dist/modules/ad-performance/analytics/rollups.js'
  );
  const { migrateDatabase } = await import('../apps/server/dist/platform/db/migrate.js');
  const handle = await openDatabase(target);
  try {
    // A reused database (--reuse-loaded) is brought to the schema of the code measured.
    await migrateDatabase(handle);
    const accounts = async (id: string) =>
      (
        await handle.execute<{ id: string; timezone: string; deleted: boolean }>(
          'select id, timezone, deleted from ad_accounts where brand_id = $1',
          [id],
        )
      ).rows;
    const silent = { info: () => {}, warn: () => {} } as never;
    const started = performance.now();
    await new AnalyticsRollups(handle.db, null as never, accounts, silent).refresh(brandId);
    const ms = performance.now() - started;
    context.progress(`analytics: rollups refreshed in ${round(ms / 1000, 1)} s`);
    return ms;
  } finally {
    await handle.close();
  }
}

interface Result {
  database: DatabaseKind;
  target: string;
  ads: number;
  days: number;
  load: LoadFigures | null;
  /** The brand's rollup refresh (every preset's sums and scores). */
  rollupMs: number;
  operations: Operation[];
  loadAverage: { before: number[]; after: number[] };
}

function pgSql(client: pg.Client): Sql {
  return {
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query(text, params as unknown[])) as unknown as { rows: Row[] },
    close: () => client.end(),
  };
}

async function measureServer(
  context: BenchContext,
  kind: DatabaseKind,
  dataDir: string,
  databaseUrl: string | undefined,
  scope: Scope,
  samples: number,
  warmup: number,
) {
  const server = await startHookline({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const api = await Api.signIn(server, scope);
    const before = os.loadavg();
    const measured = await measure(context, kind, api, scope, samples, warmup);
    return { ...measured, loadAverage: { before, after: os.loadavg() } };
  } finally {
    await server.stop();
  }
}

async function runPglite(
  context: BenchContext,
  options: { ads: number; days: number; samples: number; warmup: number },
): Promise<Result> {
  const { openDatabase } = await import('../apps/server/dist/platform/db/client.js');
  const dir = await makeTempDir('analytics');
  try {
    context.progress('analytics: PGlite: create-user (migrates the fresh DATA_DIR)');
    const user = await createBenchUser(dir.path, { email: EMAIL, password: PASSWORD });
    // Only once the command has exited: one process per DATA_DIR.
    const handle = await openDatabase({ dataDir: dir.path });
    const db: Sql = { query: (text, params) => handle.execute(text, params), close: () => handle.close() };
    let loaded: Awaited<ReturnType<typeof load>>;
    try {
      loaded = await load(context, db, 'pglite', user, options.ads, options.days);
    } finally {
      await db.close();
    }
    context.progress(`analytics: PGlite: loaded in ${round(loaded.figures.ms / 1000)} s`);
    const rollupMs = await refreshRollups(context, { dataDir: dir.path }, loaded.scope.brandId);
    const { operations, loadAverage } = await measureServer(
      context,
      'pglite',
      dir.path,
      undefined,
      loaded.scope,
      options.samples,
      options.warmup,
    );
    return {
      database: 'pglite',
      target: 'embedded PGlite (a temporary DATA_DIR/db)',
      ads: options.ads,
      days: options.days,
      load: loaded.figures,
      rollupMs,
      operations,
      loadAverage,
    };
  } finally {
    await dir.remove();
  }
}

/** host:port/database only: credentials never reach stdout or the results. */
function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/** --keep-loaded / --reuse-loaded: a database named for the scale, beside the admin URL's. */
async function namedDatabase(adminUrl: string, name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!fresh && rows.length === 0)
      throw new Error(`--reuse-loaded: no database ${name}; load it with --keep-loaded`);
    if (fresh) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runPostgres(
  context: BenchContext,
  options: { ads: number; days: number; samples: number; warmup: number; keep?: boolean; reuse?: boolean },
): Promise<Result> {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const named = `hookline_bench_analytics_${options.ads}x${options.days}`;
  let databaseUrl: string;
  let drop = async () => {};
  if (options.keep || options.reuse) {
    databaseUrl = await namedDatabase(adminUrl, named, !options.reuse);
  } else {
    const scratch = await createScratchDatabase(adminUrl, 'analytics');
    databaseUrl = scratch.url;
    drop = async () => {
      await scratch.drop();
      context.progress(`analytics: dropped database ${scratch.name}`);
    };
  }
  const target = describeDatabaseUrl(databaseUrl);
  const dir = await makeTempDir('analytics-pg');
  try {
    let scope: Scope;
    let figures: LoadFigures | null = null;
    const client = new pg.Client({ connectionString: databaseUrl });
    if (options.reuse) {
      await client.connect();
      const db = pgSql(client);
      try {
        scope = await loadedScope(db, options.ads, options.days);
      } finally {
        await db.close();
      }
      context.progress(`analytics: PostgreSQL: reusing ${target}`);
    } else {
      context.progress(`analytics: PostgreSQL: database ${target}, create-user (migrates)`);
      const user = await createBenchUser(dir.path, { email: EMAIL, password: PASSWORD }, databaseUrl);
      await client.connect();
      const db = pgSql(client);
      try {
        const loaded = await load(context, db, 'postgres', user, options.ads, options.days);
        scope = loaded.scope;
        figures = loaded.figures;
      } finally {
        await db.close();
      }
      context.progress(`analytics: PostgreSQL: loaded in ${round(figures.ms / 1000)} s`);
    }
    const rollupMs = await refreshRollups(context, { databaseUrl }, scope.brandId);
    const { operations, routes, loadAverage } = await measureServer(
      context,
      'postgres',
      dir.path,
      databaseUrl,
      scope,
      options.samples,
      options.warmup,
    );
    await explainMisses(context, databaseUrl, dir.path, scope, operations, routes);
    return {
      database: 'postgres',
      target,
      ads: options.ads,
      days: options.days,
      load: figures,
      rollupMs,
      operations,
      loadAverage,
    };
  } finally {
    await dir.remove();
    await drop();
  }
}

export async function runAnalyticsBench(
  context: BenchContext,
  options: {
    kind: DatabaseKind;
    ads: number;
    days: number;
    samples: number;
    warmup: number;
    keep?: boolean;
    reuse?: boolean;
  },
): Promise<Result> {
  if ((options.keep || options.reuse) && options.kind !== 'postgres')
    throw new Error('--keep-loaded and --reuse-loaded are for --db postgres');
  return options.kind === 'postgres' ? runPostgres(context, options) : runPglite(context, options);
}

// ── report ───────────────────────────────────────────────────────────────

const DATABASE_NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
const scale = (ads: number, days: number) => `${ads.toLocaleString('en-US')} ads × ${days} days`;

function report(result: Result): BenchReport {
  const atTarget =
    result.database === 'postgres' && result.ads >= TARGET_ADS.postgres && result.days >= TARGET_DAYS;
  const rows: Cell[][] = result.operations.map((op) => [
    op.label,
    op.samplesMs.length,
    op.p50,
    op.p95,
    op.max,
    op.answer,
    op.goalMs === undefined
      ? ''
      : atTarget
        ? `p95 ≤ ${op.goalMs} ms`
        : `(≤ ${op.goalMs} on PostgreSQL at ${scale(TARGET_ADS.postgres, TARGET_DAYS)})`,
    op.goalMs === undefined || !atTarget ? '' : op.p95 <= op.goalMs ? 'met' : 'MISSED',
  ]);
  const table: Table = {
    columns: ['request', 'samples', 'p50 ms', 'p95 ms', 'max ms', 'answer', 'goal', 'status'],
    rows,
  };
  const name = DATABASE_NAME[result.database];
  const l = result.load;
  const notes = [
    `${name} (${result.target}): ${scale(result.ads, result.days)}, a daily row for every ad on every day; load average ` +
      `${result.loadAverage.before.map((v) => round(v, 2)).join('/')} before, ${result.loadAverage.after.map((v) => round(v, 2)).join('/')} after ` +
      `(${os.cpus().length} CPUs shared with other work: timings are noisy)`,
    l
      ? `load ${round(l.ms / 1000, 1)} s: ads, creatives, ${l.assets} assets and tags ${round(l.staticMs / 1000, 1)} s; ` +
        `${l.rows.toLocaleString('en-US')} daily rows ${round(l.insightsMs / 1000, 1)} s (INSERT … SELECT, ${DAY_BATCH} days a statement, FK triggers off, keys dropped); ` +
        `keys built ${round(l.indexMs / 1000, 1)} s; VACUUM ANALYZE ${round(l.analyzeMs / 1000, 1)} s; ad_insights_daily ${l.tableMb} MB + ${l.indexMb} MB of indexes`
      : 'load: reused a database an earlier run loaded (--reuse-loaded); its figures are in that run',
    `rollups (every preset's sums and creative scores per ad, as the sync, import and demo refresh them) built in ${round(result.rollupMs / 1000, 1)} s before the server started`,
    `over HTTP, signed in, sequential: ${PRESET}; list = 40 by spend desc with file type VIDEO and ROAS > 1 (the total is x-total-count); ` +
      'groups by the Hook category (8 tags + Untagged) and by 3 name groups (UGC; Testimonial; Founder and 9x16; + Other); comparison-result of the list’s first 6 ads',
  ];
  if (result.database === 'pglite')
    notes.push('PGlite misses are not explained here (the statement proxy is PostgreSQL wire protocol)');
  for (const op of result.operations)
    if (op.explain) notes.push(`${name} ${op.label}: EXPLAIN (ANALYZE, BUFFERS), ${op.explain}`);
  const byKey = (key: Operation['key']) => result.operations.find((op) => op.key === key);
  const groupsP95 = Math.max(byKey('groupsTag')?.p95 ?? 0, byKey('groupsName')?.p95 ?? 0);
  const missed = atTarget
    ? result.operations.filter((op) => op.goalMs !== undefined && op.p95 > op.goalMs).map((op) => op.key)
    : [];
  const summary =
    `${name} ${scale(result.ads, result.days)}: list p95 ${byKey('list')?.p95} ms, group-by p95 ${groupsP95} ms, ` +
    `compare p95 ${byKey('compare')?.p95} ms` +
    (atTarget ? (missed.length ? `; goals MISSED: ${missed.join(', ')}` : '; goals met') : '') +
    (l ? `; load ${round(l.ms / 1000)} s` : '') +
    `; rollups ${round(result.rollupMs / 1000, 1)} s`;
  return {
    table,
    tables: [{ title: `${name}, ${scale(result.ads, result.days)}`, table }],
    summary,
    notes,
    data: result,
  };
}

export const analytics: Bench = {
  name: 'analytics',
  description:
    'creative analytics at scale over HTTP: list, group-by, compare (BENCH_ANALYTICS_DB, BENCH_ANALYTICS_ADS, BENCH_ANALYTICS_DAYS)',
  async run(context) {
    const kind = (process.env.BENCH_ANALYTICS_DB ?? 'pglite') as DatabaseKind;
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error('BENCH_ANALYTICS_DB is pglite or postgres');
    const result = await runAnalyticsBench(context, {
      kind,
      ads: envInt('BENCH_ANALYTICS_ADS', TARGET_ADS[kind]),
      days: envInt('BENCH_ANALYTICS_DAYS', TARGET_DAYS),
      samples: envInt('BENCH_ANALYTICS_SAMPLES', 50),
      warmup: envInt('BENCH_ANALYTICS_WARMUP', 5),
    });
    return report(result);
  },
};

// ── direct run: npx tsx bench/analytics.ts --db pglite|postgres [--ads N] [--days D] ──

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? undefined : args[at + 1];
}

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number): number {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} is a whole number ≥ ${min}`);
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const kind = (argument(args, 'db') ?? 'pglite') as DatabaseKind;
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db is pglite or postgres');
  const context: BenchContext = { progress: (message) => process.stderr.write(`… ${message}\n`) };
  const options = {
    kind,
    ads: wholeNumber(argument(args, 'ads'), TARGET_ADS[kind], 'ads', 100),
    days: wholeNumber(argument(args, 'days'), TARGET_DAYS, 'days', 61),
    samples: wholeNumber(argument(args, 'samples'), 50, 'samples', 1),
    warmup: wholeNumber(argument(args, 'warmup'), 5, 'warmup', 0),
    ...(args.includes('--keep-loaded') ? { keep: true } : {}),
    ...(args.includes('--reuse-loaded') ? { reuse: true } : {}),
  };
  context.progress('building packages/contract and apps/server (tsc -b)');
  await buildServer();
  const started = Date.now();
  const r = report(await runAnalyticsBench(context, options));
  const lines = [`\n## analytics: ${analytics.description}\n`];
  for (const { title, table } of r.tables ?? []) lines.push(`### ${title}\n`, formatTable(table), '');
  for (const note of r.notes ?? []) lines.push(`note: ${note}`);
  lines.push(`summary: ${r.summary}`, `(whole run ${round((Date.now() - started) / 1000)} s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench/analytics: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
