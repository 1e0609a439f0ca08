import type { AnalyticsAd, AnalyticsComparison } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsWorld,
  adNames,
  daysAgo,
  filtersQuery,
  listAs,
  seedAnalytics,
} from '../../../test/analytics-world.js';
import type { TestUser } from '../../../test/factories.js';
import { brandCall } from '../../../test/integrations-world.js';

describe('creative analytics: the list, one ad and compare', () => {
  let t: AnalyticsWorld['t'];
  let member: TestUser;
  let ids: Map<string, string>;
  let strangerAdId: string;
  beforeAll(async () => {
    ({ t, member, ids, strangerAdId } = await seedAnalytics());
  });
  afterAll(async () => {
    await t?.close();
  });
  const list = (u: TestUser, query = '') => listAs(t, u, query);
  const names = adNames;
  const filters = filtersQuery;

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
});
