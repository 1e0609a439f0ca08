import type { AnalyticsAd, AnalyticsComparison, AnalyticsGroupRow, Job } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiles, createUser, type TestUser } from '../../../test/factories.js';
import { brandCall } from '../../../test/integrations-world.js';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app.js';
import { fetchUrl } from '../../../test/uploads.js';
import { type AdAccountData, type AdRecord, type DailyInsightRecord, emptyInsight } from '../records.js';
import { todayIn } from './windows.js';

/**
 * GET performance-analytics and GET performance-analytics/{id} (issue 17) on hand-made ads
 * whose figures are worked out by hand below.
 */

const DAY_MS = 86_400_000;
/** The day `n` days before today (UTC: the test accounts' timezone). */
const daysAgo = (n: number) =>
  new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

const ad = (externalId: string, name: string, extra: Partial<AdRecord> = {}): AdRecord => ({
  externalId,
  adSetExternalId: 'set_1',
  campaignExternalId: 'cmp_1',
  name,
  status: 'ACTIVE',
  effectiveStatus: 'ACTIVE',
  previewUrl: null,
  permalink: null,
  fileType: 'VIDEO',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: null,
  creative: {
    externalId: null,
    actorId: null,
    actorName: 'Demo Brand',
    postId: null,
    title: `${name} headline`,
    body: `${name} message: 50% off`,
    ctaType: 'SHOP_NOW',
    landingPage: 'https://shop.example.test',
    thumbnailUrl: null,
    videoId: null,
    imageHash: null,
  },
  ...extra,
});

const day = (
  adExternalId: string,
  date: string,
  values: Partial<DailyInsightRecord>,
): DailyInsightRecord => ({
  ...emptyInsight(adExternalId, date),
  ...values,
});

function account(
  externalId: string,
  name: string,
  ads: AdRecord[],
  insights: DailyInsightRecord[],
): AdAccountData {
  return {
    account: {
      externalId,
      name,
      currency: 'USD',
      timezone: 'UTC',
      accountStatus: 1,
      disableReason: null,
      source: 'IMPORT',
      purchaseActionType: 'purchase',
    },
    campaigns: [
      {
        externalId: 'cmp_1',
        name: 'Spring campaign',
        status: 'ACTIVE',
        effectiveStatus: 'ACTIVE',
        objective: null,
      },
    ],
    adSets: [
      {
        externalId: 'set_1',
        campaignExternalId: 'cmp_1',
        name: 'Broad 18-35',
        status: 'ACTIVE',
        effectiveStatus: 'ACTIVE',
      },
    ],
    ads,
    insights,
  };
}

describe('creative analytics: the list and one ad', () => {
  let t: TestApp;
  let member: TestUser;
  let stranger: TestUser;
  let ids: Map<string, string>;
  let strangerAdId: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A member of their account's brand (reads analytics, may not change the account).
    member = await createUser(t, { role: 'member' });
    stranger = await createUser(t);
    const store = t.context.services.adPerformance;
    const written = await store.write(
      { accountId: member.accountId, brandId: member.brandId },
      account(
        'act_1',
        'Main account',
        [
          // Hero: two days whose daily ROAS average (4 and 1: 2.5) differs from the ratio of sums (5).
          ad('ad_hero', 'Hero UGC 9x16'),
          // Static: a picture ad with clicks and no conversions (no CPA).
          ad('ad_static', 'Static 50% offer', { fileType: 'STATIC', effectiveStatus: 'PAUSED' }),
          // Cheap: small spend, many conversions.
          ad('ad_cheap', 'Cheap testimonial'),
          // Old: delivered only 40 days ago, outside the 30 days.
          ad('ad_old', 'Old hook test'),
        ],
        [
          day('ad_hero', daysAgo(2), {
            spend: 10,
            impressions: 1000,
            linkClicks: 20,
            outboundClicks: 10,
            clicks: 30,
            conversions: 2,
            conversionValue: 40,
            plays: 100,
            threeSecondViews: 300,
            avgWatchTimeSeconds: 6,
            retention: [100, 50, 10],
            otherActions: { add_to_cart: 4 },
          }),
          day('ad_hero', daysAgo(1), {
            spend: 90,
            impressions: 9000,
            linkClicks: 180,
            outboundClicks: 90,
            clicks: 200,
            conversions: 8,
            conversionValue: 460,
            plays: 300,
            threeSecondViews: 2700,
            avgWatchTimeSeconds: 10,
            retention: [100, 70, 30],
            otherActions: { add_to_cart: 6 },
          }),
          // The window before (31–60 days ago): previous figures.
          day('ad_hero', daysAgo(35), { spend: 50, impressions: 5000, conversions: 1, conversionValue: 50 }),
          day('ad_static', daysAgo(3), { spend: 40, impressions: 4000, linkClicks: 40, clicks: 50 }),
          day('ad_cheap', daysAgo(4), {
            spend: 5,
            impressions: 500,
            linkClicks: 25,
            conversions: 5,
            conversionValue: 30,
          }),
          day('ad_old', daysAgo(40), { spend: 70, impressions: 7000, conversions: 7, conversionValue: 70 }),
        ],
      ),
    );
    ids = written.adIds;
    // Another account's brand has an ad with the same words: it never shows.
    const other = await store.write(
      { accountId: stranger.accountId, brandId: stranger.brandId },
      account(
        'act_2',
        'Stranger account',
        [ad('ad_hero', 'Hero UGC 9x16 canary')],
        [day('ad_hero', daysAgo(1), { spend: 999, impressions: 99_999 })],
      ),
    );
    strangerAdId = other.adIds.get('ad_hero') as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (u: TestUser, query = '') =>
    brandCall<AnalyticsAd[]>(t, u, 'GET', `/performance-analytics${query ? `?${query}` : ''}`);
  const names = (ads: AnalyticsAd[]) => ads.map((a) => a.name);
  const filters = (items: object[]) => `filters=${encodeURIComponent(JSON.stringify(items))}`;

  it('lists the ads that delivered in the last 30 days by spend, with ratios of sums and the window before', async () => {
    const { status, body, raw } = await list(member);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Hero UGC 9x16', 'Static 50% offer', 'Cheap testimonial']);
    expect(raw).not.toContain('canary');
    const hero = body[0] as AnalyticsAd;
    const figures = hero.analyticsPresets.THIRTY_DAYS!;
    expect(figures.window).toEqual({ from: daysAgo(30), to: daysAgo(1) });
    expect(figures).toMatchObject({
      spend: 100,
      impressions: 10_000,
      clicks: 230,
      views: 3000,
      conversions: 10,
      conversionValue: 500,
      roas: 5, // 500 ÷ 100, not the average of 4 and 5.11
      cpa: 10, // 100 ÷ 10
      cpc: 0.5, // 100 ÷ 200 link clicks
      cpm: 10, // 100 × 1000 ÷ 10,000
      ctr: 2, // 200 ÷ 10,000, %
      outboundClicksCtrPercentage: 1,
      conversionPercentage: 5, // 10 ÷ 200, %
      thumbstopPercentage: 30, // 3,000 ÷ 10,000, %
      thumbnailPercentage: 4, // 400 plays ÷ 10,000, %
      avgWatchTimeSeconds: 9, // (6 × 100 + 10 × 300) ÷ 400, weighted by plays
      actions: { add_to_cart: 10 },
    });
    // Retention weighted by plays: (100 × 100 + 300 × 100) ÷ 400, (50 × 100 + 70 × 300) ÷ 400, …
    expect(figures.audienceRetention).toEqual({ labels: ['0%', '50%', '100%'], values: [100, 65, 25] });
    expect(figures.previous).toMatchObject({ spend: 50, conversions: 1, roas: 1 });
    expect(hero.chartData.map((p) => [p.date, p.spend, p.roas])).toEqual([
      [daysAgo(2), 10, 4],
      [daysAgo(1), 90, 5.1111],
    ]);
    expect(hero).toMatchObject({
      adAccountName: 'Main account',
      campaignName: 'Spring campaign',
      adGroupName: 'Broad 18-35',
      effectiveStatus: 'ACTIVE',
      analyticsUpdatedAsOfDate: daysAgo(1),
      creativeTitle: 'Hero UGC 9x16 headline',
      ctaType: 'SHOP_NOW',
    });
    // No conversions: no CPA, and no ROAS on nothing spent would be null too.
    expect(body[1]?.analyticsPresets.THIRTY_DAYS).toMatchObject({
      cpa: null,
      roas: 0,
      conversionPercentage: 0,
    });
  });

  it('scores ads with at least $10 spend and 1,000 impressions by percent rank; the rest are N/A', async () => {
    const { body } = await list(member);
    const scores = Object.fromEntries(body.map((ad) => [ad.name, ad.analyticsPresets.THIRTY_DAYS?.scores]));
    // Two eligible ads: the better one ranks 100, the other 0. No video length is known, so
    // hold is thruplays ÷ 3-second views: the hero's 0 of 3,000, none for the static picture.
    expect(scores).toEqual({
      'Hero UGC 9x16': { hook: 100, hold: 0, click: 100, convert: 100 },
      'Static 50% offer': { hook: 0, hold: null, click: 0, convert: 0 },
      'Cheap testimonial': { hook: null, hold: null, click: null, convert: null },
    });
    expect(names((await list(member, 'sort=hookScore')).body)).toEqual([
      'Hero UGC 9x16',
      'Static 50% offer',
      'Cheap testimonial',
    ]);
    expect(names((await list(member, 'sort=hookScore&order=asc')).body)).toEqual([
      'Cheap testimonial',
      'Static 50% offer',
      'Hero UGC 9x16',
    ]);
    const hooked = await list(
      member,
      filters([{ id: 'score', params: { metric: 'hook', operator: 'BIGGER', value: 50 } }]),
    );
    expect(names(hooked.body)).toEqual(['Hero UGC 9x16']);
    const bad = await list(
      member,
      filters([{ id: 'score', params: { metric: 'vibe', operator: 'BIGGER', value: 1 } }]),
    );
    expect(bad.status).toBe(400);
  });

  it('pages with the total, and counts all time with no window before', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${member.accountId}/brands/${member.brandId}/performance-analytics?limit=2`,
      headers: member.headers,
    });
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json()).toHaveLength(2);
    const second = await list(member, 'limit=2&offset=2');
    expect(names(second.body)).toEqual(['Cheap testimonial']);
    const all = await list(member, 'analyticsPreset=ALL_TIME');
    expect(names(all.body)).toEqual([
      'Hero UGC 9x16',
      'Old hook test',
      'Static 50% offer',
      'Cheap testimonial',
    ]);
    expect(all.body[0]?.analyticsPresets.ALL_TIME).toMatchObject({
      spend: 150,
      window: null,
      previous: null,
    });
    const alias = await list(member, `analyticsPreset=${encodeURIComponent('all time')}`);
    expect(names(alias.body)).toEqual(names(all.body));
  });

  it('sorts by any metric; a missing CPA is the worst either way', async () => {
    expect(names((await list(member, 'sort=cpa&order=asc')).body)).toEqual([
      'Cheap testimonial', // 1
      'Hero UGC 9x16', // 10
      'Static 50% offer', // none
    ]);
    expect(names((await list(member, 'sort=cpa&order=desc')).body)).toEqual([
      'Static 50% offer',
      'Hero UGC 9x16',
      'Cheap testimonial',
    ]);
    expect(names((await list(member, 'sort=roas')).body)).toEqual([
      'Cheap testimonial', // 6
      'Hero UGC 9x16', // 5
      'Static 50% offer', // 0
    ]);
    expect(names((await list(member, 'sort=name&order=asc')).body)).toEqual([
      'Cheap testimonial',
      'Hero UGC 9x16',
      'Static 50% offer',
    ]);
  });

  it('finds by keyword in ad, ad set and campaign names, headline and message; % is data', async () => {
    expect(names((await list(member, 'keyword=hero')).body)).toEqual(['Hero UGC 9x16']);
    expect(names((await list(member, 'keyword=testimonial%20headline')).body)).toEqual(['Cheap testimonial']);
    expect((await list(member, 'keyword=broad')).body).toHaveLength(3);
    expect(names((await list(member, `keyword=${encodeURIComponent('50%')}`)).body)).toEqual([
      'Hero UGC 9x16',
      'Static 50% offer',
      'Cheap testimonial',
    ]);
    expect(names((await list(member, `keyword=${encodeURIComponent('50%_')}`)).body)).toEqual([]);
  });

  it('filters by file type, ad fields and metrics', async () => {
    const byType = await list(
      member,
      filters([{ id: 'fileType', name: 'File type', children: [{ id: 'STATIC' }] }]),
    );
    expect(names(byType.body)).toEqual(['Static 50% offer']);
    const roasAboveOne = await list(
      member,
      filters([{ id: 'metric', name: 'ROAS', params: { metric: 'roas', operator: 'BIGGER', value: 1 } }]),
    );
    expect(names(roasAboveOne.body)).toEqual(['Hero UGC 9x16', 'Cheap testimonial']);
    const ctrExactly = await list(
      member,
      filters([{ id: 'metric', name: 'CTR', params: { metric: 'ctr', operator: 'EQUAL', value: '2' } }]),
    );
    expect(names(ctrExactly.body)).toEqual(['Hero UGC 9x16']);
    const notPaused = await list(
      member,
      filters([
        {
          id: 'adField',
          name: 'Status',
          operator: 'NOT_CONTAINS',
          params: { field: 'status', value: 'paused' },
        },
        {
          id: 'adField',
          name: 'Campaign',
          operator: 'EQUALS',
          params: { field: 'campaignName', value: 'spring campaign' },
        },
      ]),
    );
    expect(names(notPaused.body)).toEqual(['Hero UGC 9x16', 'Cheap testimonial']);
    // An empty value is no filter.
    const empty = await list(
      member,
      filters([{ id: 'adField', operator: 'CONTAINS', params: { field: 'adName', value: ' ' } }]),
    );
    expect(empty.body).toHaveLength(3);
  });

  it.each([
    [
      'a metric filter without its number',
      filters([{ id: 'metric', params: { metric: 'roas', operator: 'BIGGER' } }]),
      'querystring.filters.0',
    ],
    [
      'an unknown metric',
      filters([{ id: 'metric', params: { metric: 'likes', operator: 'BIGGER', value: 1 } }]),
      'querystring.filters.0',
    ],
    [
      'a non-numeric value',
      filters([{ id: 'metric', params: { metric: 'roas', operator: 'BIGGER', value: 'lots' } }]),
      'querystring.filters.0',
    ],
    ['malformed filters', 'filters=%5B%7B', 'querystring.filters'],
    ['an unknown filter kind', filters([{ id: 'mood' }]), 'querystring.filters.0.id'],
    [
      'an unknown file type',
      filters([{ id: 'fileType', children: [{ id: 'GIF' }] }]),
      'querystring.filters.0',
    ],
    [
      'an unknown text operator',
      filters([{ id: 'adField', operator: 'LIKE', params: { field: 'adName', value: 'x' } }]),
      'querystring.filters.0',
    ],
    ['CUSTOM without dates', 'analyticsPreset=CUSTOM', 'querystring.from'],
    ['CUSTOM without its end', `analyticsPreset=CUSTOM&from=${daysAgo(5)}`, 'querystring.to'],
    ['from after to', `analyticsPreset=CUSTOM&from=${daysAgo(1)}&to=${daysAgo(5)}`, 'querystring.from'],
    ['a limit over 100', 'limit=101', 'querystring.limit'],
    ['an unknown sort', 'sort=likes', 'querystring.sort'],
    ['an unknown preset', 'analyticsPreset=FOREVER', 'querystring.analyticsPreset'],
    ['a keyword over 200 characters', `keyword=${'a'.repeat(201)}`, 'querystring.keyword'],
  ])('answers 400 naming the field for %s', async (_, query, path) => {
    const { status, body } = await list(member, query);
    expect(status).toBe(400);
    expect((body as unknown as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(path);
  });

  it("says 'Custom date needs both dates', and counts a custom range's days", async () => {
    const { body } = await list(member, 'analyticsPreset=CUSTOM&to=2026-01-01');
    expect(JSON.stringify(body)).toContain('Custom date needs both dates');
    const range = await list(member, `analyticsPreset=CUSTOM&from=${daysAgo(2)}&to=${daysAgo(2)}`);
    expect(names(range.body)).toEqual(['Hero UGC 9x16']);
    expect(range.body[0]?.analyticsPresets.CUSTOM).toMatchObject({
      spend: 10,
      roas: 4,
      window: { from: daysAgo(2), to: daysAgo(2) },
      // The day before, of equal length: nothing delivered.
      previous: { spend: 0, roas: null },
    });
  });

  it('answers one ad with its figures, even outside the window; another brand’s ad is 404', async () => {
    const one = await brandCall<AnalyticsAd>(t, member, 'GET', `/performance-analytics/${ids.get('ad_old')}`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('Old hook test');
    expect(one.body.analyticsPresets.THIRTY_DAYS).toMatchObject({
      spend: 0,
      previous: { spend: 70, conversions: 7 },
    });
    const hero = await brandCall<AnalyticsAd>(
      t,
      member,
      'GET',
      `/performance-analytics/${ids.get('ad_hero')}?analyticsPreset=SEVEN_DAYS`,
    );
    expect(hero.body.analyticsPresets.SEVEN_DAYS).toMatchObject({ spend: 100, roas: 5 });
    const foreign = await brandCall(t, member, 'GET', `/performance-analytics/${strangerAdId}`);
    expect(foreign.status).toBe(404);
    const unknown = await brandCall(
      t,
      member,
      'GET',
      '/performance-analytics/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
  });

  it('compares up to 6 ads: chart data and totals keyed by ad id; a 7th or another brand’s ad is refused', async () => {
    const hero = ids.get('ad_hero') as string;
    const cheap = ids.get('ad_cheap') as string;
    const old = ids.get('ad_old') as string;
    const { status, body } = await brandCall<AnalyticsComparison>(
      t,
      member,
      'GET',
      `/performance-analytics/comparison-result?adIds=${hero},${cheap}&adIds=${old}&analyticsPreset=THIRTY_DAYS`,
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([hero, cheap, old].sort());
    expect(body[hero]).toMatchObject({
      name: 'Hero UGC 9x16',
      totals: { spend: 100, roas: 5 },
      previous: { spend: 50 },
    });
    expect(body[hero]?.chartData).toHaveLength(2);
    // Compared ads are answered whether or not they delivered in the window.
    expect(body[old]).toMatchObject({ totals: { spend: 0, roas: null }, chartData: [] });
    const seven = Array.from({ length: 7 }, () => crypto.randomUUID()).join(',');
    const tooMany = await brandCall<{ fields: { path: string; message: string }[] }>(
      t,
      member,
      'GET',
      `/performance-analytics/comparison-result?adIds=${seven}`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0]).toMatchObject({
      path: 'querystring.adIds',
      message: 'Compare at most 6 ads',
    });
    const none = await brandCall(t, member, 'GET', '/performance-analytics/comparison-result');
    expect(none.status).toBe(400);
    const foreign = await brandCall(
      t,
      member,
      'GET',
      `/performance-analytics/comparison-result?adIds=${hero},${strangerAdId}`,
    );
    expect(foreign.status).toBe(404);
  });

  describe('groups', () => {
    const groups = (query: string) =>
      brandCall<AnalyticsGroupRow[]>(t, member, 'GET', `/performance-analytics/groups?${query}`);
    const rowsOf = (rows: AnalyticsGroupRow[]) => rows.map((r) => [r.name, r.count, r.totalSpend]);
    let hooks: { id: string };
    let tagIds: Record<string, string>;

    beforeAll(async () => {
      // A tag category 'Hooks' with tags on the assets of two ads (the hero carries both).
      const call = async <T>(path: string, payload: object) =>
        (await brandCall<T>(t, member, 'POST', path, payload)).body;
      hooks = await call<{ id: string }>('/tag-categories', { name: 'Hooks' });
      const question = await call<{ id: string }>('/tags', { name: 'Question', categoryId: hooks.id });
      const problem = await call<{ id: string }>('/tags', { name: 'Problem', categoryId: hooks.id });
      await call('/tags', { name: 'Unused', categoryId: hooks.id });
      tagIds = { question: question.id, problem: problem.id };
      const [heroFile, cheapFile] = await createFiles(t, member, { names: ['hero.mp4', 'cheap.mp4'] });
      const db = t.context.database;
      for (const [ad, file] of [
        ['ad_hero', heroFile],
        ['ad_cheap', cheapFile],
      ] as const)
        await db.execute('insert into ad_assets (ad_id, asset_id) values ($1, $2)', [ids.get(ad), file]);
      for (const [file, tag] of [
        [heroFile, question.id],
        [heroFile, problem.id],
        [cheapFile, problem.id],
      ])
        await db.execute('insert into asset_tags (asset_id, tag_id) values ($1, $2)', [file, tag]);
      // What processing and the AI analysis would have found: the hero's length and a CTA clip,
      // and what the cheap one's video says.
      await db.execute(
        `update assets set length = 30, metadata = '{"width": 1080, "height": 1920}' where id = $1`,
        [heroFile],
      );
      await db.execute(
        `insert into asset_clips (asset_id, position, type, quote, start_ms, end_ms) values ($1, 0, 'CTA', 'Shop now', 0, 2000)`,
        [heroFile],
      );
      await db.execute(`insert into asset_analyses (asset_id, transcript) values ($1, $2)`, [
        cheapFile,
        JSON.stringify({
          source: 'AI',
          language: 'en',
          timed: true,
          entries: [{ startMs: 0, endMs: 900, text: 'Use code SPRING20' }],
        }),
      ]);
    });

    it('filters by creative values, media metadata and clip types, and finds what a video says', async () => {
      const cta = await list(member, filters([{ id: 'ctaType', children: [{ id: 'SHOP_NOW' }] }]));
      expect(cta.body).toHaveLength(3);
      const headline = await list(
        member,
        filters([{ id: 'creativeTitle', children: [{ id: 'hero ugc 9x16 headline' }] }]),
      );
      expect(names(headline.body)).toEqual(['Hero UGC 9x16']);
      const tall = await list(
        member,
        filters([{ id: 'metadata', params: { field: 'height', operator: 'gte', value: 1920 } }]),
      );
      expect(names(tall.body)).toEqual(['Hero UGC 9x16']);
      const short = await list(
        member,
        filters([{ id: 'metadata', params: { field: 'length', operator: 'lt', value: 30 } }]),
      );
      expect(short.body).toEqual([]);
      const clips = await list(member, 'assetVideoIntelligenceCategories=CTA');
      expect(names(clips.body)).toEqual(['Hero UGC 9x16']);
      expect((await list(member, 'assetVideoIntelligenceCategories=Before')).body).toEqual([]);
      expect(names((await list(member, 'keyword=spring20')).body)).toEqual(['Cheap testimonial']);
      // The transcript's own keys are not words it says.
      expect((await list(member, 'keyword=startMs')).body).toEqual([]);
      const bad = await list(
        member,
        filters([{ id: 'metadata', params: { field: 'depth', operator: 'gt', value: 1 } }]),
      );
      expect(bad.status).toBe(400);
      const badType = await list(member, 'assetVideoIntelligenceCategories=Jokes');
      expect(badType.status).toBe(400);
    });

    it('groups by a creative value, weighting each group by its delivery', async () => {
      const byCta = await groups('groupBy=ctaType');
      expect(byCta.status).toBe(200);
      expect(byCta.body).toHaveLength(1);
      // (500 + 0 + 30) ÷ (100 + 40 + 5) and 145 ÷ 15: ratios of the group's sums.
      expect(byCta.body[0]).toMatchObject({
        name: 'SHOP_NOW',
        groupId: 'SHOP_NOW',
        groupingField: 'ctaType',
        count: 3,
        totalSpend: 145,
        totalResults: 15,
        roas: 3.6552,
        cpa: 9.6667,
        category: null,
      });
      const byTitle = await groups('groupBy=creativeTitle&sort=roas&order=desc');
      expect(rowsOf(byTitle.body)).toEqual([
        ['Cheap testimonial headline', 1, 5],
        ['Hero UGC 9x16 headline', 1, 100],
        ['Static 50% offer headline', 1, 40],
      ]);
      // A group's id lists its ads.
      const cheap = byTitle.body[0] as AnalyticsGroupRow;
      expect(names((await list(member, `parentId=${cheap.id}`)).body)).toEqual(['Cheap testimonial']);
    });

    it("groups by a tag category's tags, with 'Untagged'; an ad with two tags is in both", async () => {
      const { status, body } = await groups(`groupBy=tagCategory:${hooks.id}`);
      expect(status).toBe(200);
      expect(rowsOf(body)).toEqual([
        ['Problem', 2, 105],
        ['Question', 1, 100],
        ['Untagged', 1, 40],
      ]);
      expect(body[0]).toMatchObject({ category: 'Hooks', groupId: tagIds.problem });
      const untagged = body[2] as AnalyticsGroupRow;
      expect(untagged.groupId).toBeNull();
      expect(names((await list(member, `parentId=${untagged.id}`)).body)).toEqual(['Static 50% offer']);
      expect(names((await list(member, `parentId=${body[0]?.id}`)).body)).toEqual([
        'Hero UGC 9x16',
        'Cheap testimonial',
      ]);
      // The tags filter: ads whose assets carry any of the tags.
      const tagged = await list(member, filters([{ id: 'tags', children: [{ id: tagIds.question }] }]));
      expect(names(tagged.body)).toEqual(['Hero UGC 9x16']);
    });

    it("groups by dynamic name groups, overlapping, with 'Other' for ads in none", async () => {
      const dynamic = [
        { label: 'UGC', conditions: [{ operator: 'CONTAINS', value: 'ugc' }] },
        { label: 'Offers', conditions: [{ operator: 'CONTAINS', value: '50%' }] },
        {
          label: 'Not cheap, with an a',
          conditions: [
            { operator: 'NOT_CONTAINS', value: 'cheap' },
            { operator: 'CONTAINS', value: 'a' },
          ],
        },
      ];
      const { status, body } = await groups(
        `groupBy=dynamicAdNameGroups&dynamicAdNameGroups=${encodeURIComponent(JSON.stringify(dynamic))}`,
      );
      expect(status).toBe(200);
      expect(rowsOf(body)).toEqual([
        ['UGC', 1, 100],
        // The static ad is in both (overlapping groups); equal spend sorts by name.
        ['Not cheap, with an a', 1, 40],
        ['Offers', 1, 40],
        ['Other', 1, 5],
      ]);
      expect(names((await list(member, `parentId=${body[3]?.id}`)).body)).toEqual(['Cheap testimonial']);
      expect(names((await list(member, `parentId=${body[0]?.id}`)).body)).toEqual(['Hero UGC 9x16']);
    });

    it.each([
      ['no groupBy', '', 'querystring.groupBy'],
      ['an unknown groupBy', 'groupBy=mood', 'querystring.groupBy'],
      ['another brand’s tag category', `groupBy=tagCategory:${crypto.randomUUID()}`, 'querystring.groupBy'],
      ['dynamic groups without any', 'groupBy=dynamicAdNameGroups', 'querystring.dynamicAdNameGroups'],
      [
        'a dynamic condition without value',
        `groupBy=dynamicAdNameGroups&dynamicAdNameGroups=${encodeURIComponent(
          JSON.stringify([{ label: 'A', conditions: [{ operator: 'CONTAINS', value: ' ' }] }]),
        )}`,
        'querystring.dynamicAdNameGroups.0.conditions.0.value',
      ],
    ])('answers 400 naming the field for %s', async (_, query, path) => {
      const { status, body } = await groups(query);
      expect(status).toBe(400);
      expect((body as unknown as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(path);
    });

    it('answers 400 for a parentId that is no group', async () => {
      const { status, body } = await list(member, 'parentId=not-a-group');
      expect(status).toBe(400);
      expect((body as unknown as { fields: { path: string }[] }).fields[0]?.path).toBe(
        'querystring.parentId',
      );
    });
  });

  describe('the CSV export', () => {
    /** The job once it is no longer waiting to run. */
    const settled = (job: Job) =>
      eventually(async () => {
        const current: Job = (
          await t.app.inject({ method: 'GET', url: job.actions.self.href, headers: member.headers })
        ).json();
        return current.status === 'CREATED' ? undefined : current;
      }, 60_000);
    const startExport = (customParams: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: member.headers,
        payload: { brandId: member.brandId, type: 'EXPORT_ANALYTICS_CSV', customParams },
      });

    it('writes every matching ad in the list’s order with every column, and answers its link', async () => {
      const created = await startExport({
        brandId: member.brandId,
        sortOptions: { sort: 'spend', order: 'asc' },
        query: { analyticsPreset: 'THIRTY_DAYS', filters: [] },
      });
      expect(created.statusCode).toBe(201);
      const job = await settled(created.json<Job>());
      expect(job.status).toBe('FINISHED');
      const result = job.result as { url: string; fileName: string; count: number };
      expect(result.fileName).toMatch(/^analytics-brand-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(result.count).toBe(3);
      const file = await fetchUrl(t, result.url);
      expect(file.status).toBe(200);
      expect(String(file.headers['content-disposition'])).toContain(result.fileName);
      const lines = file.body
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Ad ID,Ad name,Status,File type,Ad account,Campaign,Ad set,Created,Spend,/);
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
        'Cheap testimonial',
        'Static 50% offer',
        'Hero UGC 9x16',
      ]);
      const hero = lines[3]?.split(',') ?? [];
      const header = lines[0]?.split(',') ?? [];
      expect(hero[header.indexOf('Spend')]).toBe('100');
      expect(hero[header.indexOf('ROAS')]).toBe('5');
      // Another brand's canary never appears.
      expect(file.body.toString('utf8')).not.toContain('canary');
    });

    it("refuses CUSTOM without dates when asked ('Custom date needs both dates')", async () => {
      const refused = await startExport({ brandId: member.brandId, query: { analyticsPreset: 'CUSTOM' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fields: { path: string; message: string }[] }>().fields).toContainEqual({
        path: 'body.customParams.query.from',
        message: 'Custom date needs both dates',
      });
    });

    it('fails, writing nothing, when its parameters name another brand', async () => {
      const created = await startExport({ brandId: stranger.brandId, query: {} });
      expect(created.statusCode).toBe(201);
      const job = await settled(created.json<Job>());
      expect(job).toMatchObject({ status: 'FAILED', error: 'The export names another brand' });
    });
  });
});
