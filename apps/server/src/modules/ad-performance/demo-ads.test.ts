import { describe, expect, it } from 'vitest';
import {
  DEMO_PAGES,
  type DemoAdAccount,
  type DemoMedia,
  demoMediaKey,
  generateDemoAdAccount,
} from './demo-ads.js';
import { adEffectiveStatuses, type DailyInsightRecord } from './records.js';

const TODAY = '2026-03-10';
const DURATIONS: Record<string, number> = { v0: 15, v1: 30, v2: 45, v3: 8, v4: 22 };
const MEDIA: DemoMedia[] = [
  ...Object.entries(DURATIONS).map(([key, durationSeconds]) => ({
    key,
    kind: 'VIDEO' as const,
    durationSeconds,
  })),
  { key: 'v5', kind: 'VIDEO' }, // no duration: 30 s
  ...['i0', 'i1', 'i2', 'i3', 'i4'].map((key) => ({ key, kind: 'IMAGE' as const })),
];
const durationOf = (key: string) => DURATIONS[key] ?? 30;

const accounts = new Map<number, DemoAdAccount>();
const generate = (seed: number) => {
  let account = accounts.get(seed);
  if (!account) {
    account = generateDemoAdAccount({ seed, today: TODAY, media: MEDIA });
    accounts.set(seed, account);
  }
  return account;
};
const SEEDS = [1, 2, 7];

const NAME =
  /^(UGC|Studio|Static|Carousel)_(Hook-(Pain|Demo|Question|Testimonial|Unboxing)|Offer-[A-Za-z0-9]+)_(Sarah|Mike|Priya|Leo|Team|Brand)_(9x16|4x5|1x1|16x9)_v[1-9]\d*$/;
const STOPPED = ['PAUSED', 'ARCHIVED', 'DELETED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED', 'DISAPPROVED'];
const NEVER_DELIVERED = ['IN_PROCESS', 'PENDING_REVIEW', 'PREAPPROVED', 'PENDING_BILLING_INFO'];

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function rowsByAd(account: DemoAdAccount) {
  const map = new Map<string, DailyInsightRecord[]>();
  for (const row of account.insights) {
    const rows = map.get(row.adExternalId) ?? [];
    rows.push(row);
    map.set(row.adExternalId, rows);
  }
  return map;
}

function sum(rows: DailyInsightRecord[], pick: (row: DailyInsightRecord) => number) {
  return rows.reduce((total, row) => total + pick(row), 0);
}

describe('generateDemoAdAccount', () => {
  it('is deterministic: the same seed and today give the same account, another seed another', () => {
    const again = generateDemoAdAccount({ seed: 1, today: TODAY, media: MEDIA });
    expect(again).toEqual(generate(1));
    expect(generate(2).insights).not.toEqual(generate(1).insights);
    expect(generateDemoAdAccount({ today: TODAY, media: MEDIA })).toEqual(generate(1));
  });

  it('is a DEMO Meta account', () => {
    expect(generate(7).account).toEqual({
      externalId: 'act_demo_7',
      name: 'Demo Brand — Meta Ads',
      currency: 'USD',
      timezone: 'America/New_York',
      accountStatus: 1,
      disableReason: 0,
      source: 'DEMO',
      purchaseActionType: 'omni_purchase',
    });
  });

  it('has 4 campaigns of 3 ad sets and ~60 ads named by convention', () => {
    for (const seed of SEEDS) {
      const { campaigns, adSets, ads } = generate(seed);
      expect(campaigns.map((c) => c.name)).toEqual([
        'Prospecting — UGC',
        'Prospecting — Studio',
        'Retargeting',
        'Always-on Static',
      ]);
      expect(adSets).toHaveLength(12);
      for (const campaign of campaigns)
        expect(adSets.filter((s) => s.campaignExternalId === campaign.externalId)).toHaveLength(3);
      expect(adSets.map((s) => s.name)).toContain('Lookalike 1%');
      expect(ads.length).toBeGreaterThanOrEqual(55);
      expect(ads.length).toBeLessThanOrEqual(65);
      for (const ad of ads) expect(ad.name).toMatch(NAME);
      expect(new Set(ads.map((a) => a.name)).size).toBe(ads.length);
      expect(new Set(ads.map((a) => a.externalId)).size).toBe(ads.length);
      for (const ad of ads) {
        const adSet = adSets.find((s) => s.externalId === ad.adSetExternalId);
        expect(adSet?.campaignExternalId).toBe(ad.campaignExternalId);
      }
    }
  });

  it('uses every effective status, mostly ACTIVE or PAUSED, consistent with campaigns and ad sets', () => {
    for (const seed of SEEDS) {
      const { campaigns, adSets, ads } = generate(seed);
      expect(new Set(ads.map((a) => a.effectiveStatus))).toEqual(new Set(adEffectiveStatuses));
      const common = ads.filter((a) => a.effectiveStatus === 'ACTIVE' || a.effectiveStatus === 'PAUSED');
      expect(common.length).toBeGreaterThan(ads.length / 2);

      const campaignOf = (id: string) => campaigns.find((c) => c.externalId === id)!;
      const adSetOf = (id: string) => adSets.find((s) => s.externalId === id)!;
      for (const adSet of adSets) {
        const campaign = campaignOf(adSet.campaignExternalId);
        if (campaign.status === 'PAUSED') expect(adSet.effectiveStatus).toBe('CAMPAIGN_PAUSED');
        else expect(adSet.effectiveStatus).toBe(adSet.status);
      }
      for (const ad of ads) {
        const campaign = campaignOf(ad.campaignExternalId);
        const adSet = adSetOf(ad.adSetExternalId);
        expect(['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED']).toContain(ad.status);
        switch (ad.effectiveStatus) {
          case 'PAUSED':
          case 'ARCHIVED':
          case 'DELETED':
            expect(ad.status).toBe(ad.effectiveStatus);
            break;
          case 'CAMPAIGN_PAUSED':
            expect(ad.status).toBe('ACTIVE');
            expect(campaign.status).toBe('PAUSED');
            break;
          case 'ADSET_PAUSED':
            expect(ad.status).toBe('ACTIVE');
            expect(campaign.status).toBe('ACTIVE');
            expect(adSet.status).toBe('PAUSED');
            break;
          default:
            expect(ad.status).toBe('ACTIVE');
            expect(campaign.status).toBe('ACTIVE');
            expect(adSet.status).toBe('ACTIVE');
        }
      }
    }
  });

  it('gives every ad a plausible creative on one of the demo pages, carrying its media key', () => {
    const { ads } = generate(1);
    const pageIds = DEMO_PAGES.map((p) => p.id);
    expect(DEMO_PAGES.map((p) => p.name)).toEqual(['Demo Brand', 'Demo Brand Skincare']);
    for (const page of DEMO_PAGES) expect(page.link).toMatch(/^https:\/\/www\.facebook\.com\//);
    const keys = new Set(MEDIA.map((m) => m.key));
    for (const ad of ads) {
      const creative = ad.creative!;
      expect(pageIds).toContain(creative.actorId);
      expect(creative.actorName).toBe(DEMO_PAGES.find((p) => p.id === creative.actorId)!.name);
      expect(creative.postId).toMatch(new RegExp(`^${creative.actorId}_\\d+$`));
      expect(creative.title).toBeTruthy();
      expect(creative.body!.length).toBeGreaterThan(40);
      expect(['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'GET_OFFER']).toContain(creative.ctaType);
      expect(creative.landingPage).toMatch(/^https:\/\/demo-brand\.example\//);
      expect(creative.thumbnailUrl).toBeNull();
      expect(ad.previewUrl).toMatch(/^https:\/\/www\.facebook\.com\//);
      expect(ad.permalink).toMatch(/^https:\/\/www\.facebook\.com\//);
      expect(ad.createdAt!.getTime()).toBeLessThanOrEqual(ad.updatedAt!.getTime());

      const media = demoMediaKey(creative);
      expect(media).not.toBeNull();
      expect(keys).toContain(media!.key);
      const kind = MEDIA.find((m) => m.key === media!.key)!.kind;
      expect(media!.kind).toBe(kind);
      if (kind === 'VIDEO') {
        expect(creative.videoId).toBe(`demo_video_${media!.key}`);
        expect(creative.imageHash).toBeNull();
      } else {
        expect(creative.imageHash).toBe(`demo_image_${media!.key}`);
        expect(creative.videoId).toBeNull();
      }
    }
    expect(new Set(ads.map((a) => a.creative!.ctaType)).size).toBe(4);
    expect(new Set(ads.map((a) => a.creative!.actorId)).size).toBe(2);
  });

  it('sets file types by media, with a few POST and COLLECTION ads, and shares media between ads', () => {
    for (const seed of SEEDS) {
      const { ads } = generate(seed);
      for (const ad of ads) {
        const media = demoMediaKey(ad.creative);
        if (ad.fileType === 'VIDEO') expect(media?.kind).toBe('VIDEO');
        if (ad.fileType === 'STATIC') expect(media?.kind).toBe('IMAGE');
        if (media?.kind === 'VIDEO') expect(['VIDEO', 'POST']).toContain(ad.fileType);
        if (ad.name.startsWith('UGC_') || ad.name.startsWith('Studio_')) expect(media?.kind).toBe('VIDEO');
        if (ad.name.startsWith('Static_')) expect(ad.fileType).toBe('STATIC');
      }
      const count = (type: string) => ads.filter((a) => a.fileType === type).length;
      expect(count('VIDEO')).toBeGreaterThan(15);
      expect(count('STATIC')).toBeGreaterThan(10);
      expect(count('POST')).toBeGreaterThanOrEqual(2);
      expect(count('COLLECTION')).toBeGreaterThanOrEqual(2);
      expect(count('POST') + count('COLLECTION')).toBeLessThan(15);

      const uses = new Map<string, Set<string>>();
      for (const ad of ads) {
        const key = demoMediaKey(ad.creative)!.key;
        uses.set(key, (uses.get(key) ?? new Set()).add(ad.adSetExternalId));
      }
      const byAds = new Map<string, number>();
      for (const ad of ads) {
        const key = demoMediaKey(ad.creative)!.key;
        byAds.set(key, (byAds.get(key) ?? 0) + 1);
      }
      expect(Math.max(...byAds.values())).toBeGreaterThanOrEqual(3);
      // The same media in different ad sets.
      expect(Math.max(...[...uses.values()].map((s) => s.size))).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps the funnel consistent on every row', () => {
    for (const seed of SEEDS) {
      const account = generate(seed);
      const mediaOf = new Map(account.ads.map((a) => [a.externalId, demoMediaKey(a.creative)!]));
      // Collected rather than asserted one by one: thousands of rows.
      const problems: string[] = [];
      for (const row of account.insights) {
        const check = (ok: boolean, what: string) => {
          if (!ok) problems.push(`${row.adExternalId} ${row.date}: ${what}`);
        };
        const media = mediaOf.get(row.adExternalId)!;
        const counts = [
          row.impressions,
          row.reach,
          row.clicks,
          row.linkClicks,
          row.outboundClicks,
          row.conversions,
          row.plays,
          row.threeSecondViews,
          row.p25,
          row.p50,
          row.p75,
          row.p95,
          row.p100,
          row.thruplays,
          ...Object.values(row.otherActions),
        ];
        check(
          counts.every((n) => Number.isInteger(n) && n >= 0),
          'counts are whole numbers',
        );
        check(Math.abs(row.spend * 100 - Math.round(row.spend * 100)) < 1e-6, 'spend in cents');
        check(
          Math.abs(row.conversionValue * 100 - Math.round(row.conversionValue * 100)) < 1e-6,
          'value in cents',
        );
        check(row.spend >= 5 && row.spend <= 600, `spend ${row.spend}`);
        const cpm = (row.spend / row.impressions) * 1000;
        check(cpm >= 8 && cpm <= 25, `CPM ${cpm}`);
        check(row.reach > 0 && row.reach <= row.impressions, 'reach ≤ impressions');
        check(row.clicks >= row.linkClicks, 'clicks ≥ link clicks');
        check(row.linkClicks >= row.outboundClicks, 'link clicks ≥ outbound clicks');
        check(row.linkClicks < row.impressions, 'link clicks < impressions');
        check(row.conversions <= row.linkClicks, 'conversions ≤ link clicks');
        const addToCart = row.otherActions.add_to_cart ?? 0;
        const landingPageViews = row.otherActions.landing_page_view ?? 0;
        check(addToCart >= row.conversions, 'add to cart ≥ conversions');
        check(landingPageViews >= addToCart, 'landing page views ≥ add to cart');
        check(landingPageViews <= row.linkClicks, 'landing page views ≤ link clicks');
        if (row.conversions > 0) {
          const orderValue = row.conversionValue / row.conversions;
          check(orderValue >= 35 && orderValue <= 90, `order value ${orderValue}`);
        } else {
          check(row.conversionValue === 0, 'no value without conversions');
        }

        if (media.kind === 'IMAGE') {
          check(row.retention === null, 'no retention for images');
          check(
            [
              row.plays,
              row.threeSecondViews,
              row.p25,
              row.p100,
              row.thruplays,
              row.avgWatchTimeSeconds,
            ].every((n) => n === 0),
            'no video metrics for images',
          );
          continue;
        }
        const thumbstop = row.threeSecondViews / row.impressions;
        check(thumbstop >= 0.15 && thumbstop <= 0.45, `thumbstop ${thumbstop}`);
        check(row.plays >= row.threeSecondViews && row.plays <= row.impressions, 'plays');
        check(row.p25 <= row.plays, 'p25 ≤ plays');
        const quartiles = [row.p25, row.p50, row.p75, row.p95, row.p100];
        check(
          quartiles.every((n, i) => i === 0 || n < quartiles[i - 1]! || quartiles[i - 1] === 0),
          `falling quartiles ${quartiles}`,
        );
        check(row.p25 > row.p100, 'p25 > p100');
        check(row.thruplays >= row.p75 && row.thruplays <= row.p50, 'thruplays between p75 and p50');
        check(
          row.avgWatchTimeSeconds > 0 && row.avgWatchTimeSeconds < durationOf(media.key),
          `average watch time ${row.avgWatchTimeSeconds}`,
        );
        const retention = row.retention ?? [];
        check(retention.length >= 15 && retention.length <= 20, 'retention points');
        check(retention[0] === 100, 'retention starts at 100');
        check(
          retention.every((n, i) => i === 0 || n <= retention[i - 1]!),
          `retention falls ${retention}`,
        );
        const last = retention.at(-1) ?? 0;
        check(last >= 5 && last <= 30, `retention ends at ${last}`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
    }
  });

  it('adds up to plausible CTR, conversion rate and ROAS, with a few winners and many losers', () => {
    for (const seed of SEEDS) {
      const account = generate(seed);
      const all = account.insights;
      const spend = sum(all, (r) => r.spend);
      const linkCtr = sum(all, (r) => r.linkClicks) / sum(all, (r) => r.impressions);
      const conversionRate = sum(all, (r) => r.conversions) / sum(all, (r) => r.linkClicks);
      const roas = sum(all, (r) => r.conversionValue) / spend;
      expect(linkCtr).toBeGreaterThan(0.005);
      expect(linkCtr).toBeLessThan(0.025);
      expect(conversionRate).toBeGreaterThan(0.01);
      expect(conversionRate).toBeLessThan(0.06);
      expect(roas).toBeGreaterThan(1.2);
      expect(roas).toBeLessThan(4);
      expect(spend / 90).toBeGreaterThan(500);
      expect(spend / 90).toBeLessThan(10_000);

      const perAd = [...rowsByAd(account).values()].map((rows) => ({
        spend: sum(rows, (r) => r.spend),
        roas: sum(rows, (r) => r.conversionValue) / sum(rows, (r) => r.spend),
        impressions: sum(rows, (r) => r.impressions),
        linkCtr: sum(rows, (r) => r.linkClicks) / sum(rows, (r) => r.impressions),
        linkClicks: sum(rows, (r) => r.linkClicks),
        conversionRate: sum(rows, (r) => r.conversions) / sum(rows, (r) => r.linkClicks),
        thumbstop: sum(rows, (r) => r.threeSecondViews) / sum(rows, (r) => r.impressions),
        video: rows[0]!.retention !== null,
      }));
      const winners = perAd.filter((a) => a.spend > 2000 && a.roas >= 3 && a.roas <= 5);
      expect(winners.length).toBeGreaterThanOrEqual(3);
      expect(winners.length).toBeLessThanOrEqual(12);
      expect(perAd.filter((a) => a.roas < 1).length).toBeGreaterThanOrEqual(12);
      for (const ad of perAd) {
        expect(ad.roas).toBeLessThan(5.5);
        if (ad.impressions > 5000) {
          expect(ad.linkCtr).toBeGreaterThanOrEqual(0.0045);
          expect(ad.linkCtr).toBeLessThanOrEqual(0.025);
        }
        if (ad.linkClicks > 800) {
          expect(ad.conversionRate).toBeGreaterThanOrEqual(0.008);
          expect(ad.conversionRate).toBeLessThanOrEqual(0.065);
        }
        if (ad.video) {
          expect(ad.thumbstop).toBeGreaterThanOrEqual(0.15);
          expect(ad.thumbstop).toBeLessThanOrEqual(0.45);
        }
      }
    }
  });

  it('delivers only within the window: stopped ads end before today, pending ads never start, new ads launch late', () => {
    for (const seed of SEEDS) {
      const account = generate(seed);
      const byAd = rowsByAd(account);
      const first = addDays(TODAY, -89);
      for (const row of account.insights) {
        expect(row.date >= first && row.date <= TODAY).toBe(true);
        expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      let launchedLately = 0;
      for (const ad of account.ads) {
        const rows = byAd.get(ad.externalId) ?? [];
        const dates = rows.map((r) => r.date);
        expect(dates).toEqual([...dates].sort());
        expect(new Set(dates).size).toBe(dates.length);
        const status = ad.effectiveStatus!;
        if (STOPPED.includes(status)) {
          expect(rows.length).toBeGreaterThan(0);
          expect(dates.at(-1)! < TODAY).toBe(true);
        }
        if (NEVER_DELIVERED.includes(status)) expect(rows).toHaveLength(0);
        if (status === 'ACTIVE' || status === 'WITH_ISSUES') expect(dates.at(-1)).toBe(TODAY);
        if (status === 'ACTIVE' && dates[0]! > addDays(TODAY, -14)) launchedLately++;
        // Created no later than its first delivery, never after today.
        if (rows.length > 0) expect(ad.createdAt!.toISOString().slice(0, 10) <= dates[0]!).toBe(true);
        expect(ad.createdAt!.toISOString().slice(0, 10) <= TODAY).toBe(true);
      }
      expect(launchedLately).toBeGreaterThanOrEqual(3);
      // Ads start on many different days.
      const starts = new Set([...byAd.values()].map((rows) => rows[0]!.date));
      expect(starts.size).toBeGreaterThan(20);
    }
  });

  it('shows creative fatigue and quieter weekends', () => {
    const account = generate(1);
    const early: DailyInsightRecord[] = [];
    const late: DailyInsightRecord[] = [];
    for (const rows of rowsByAd(account).values()) {
      if (rows.length < 45 || rows[0]!.retention === null) continue;
      early.push(...rows.slice(3, 10));
      late.push(...rows.slice(-7));
    }
    expect(early.length).toBeGreaterThan(30);
    const ctr = (rows: DailyInsightRecord[]) =>
      sum(rows, (r) => r.linkClicks) / sum(rows, (r) => r.impressions);
    const thumbstop = (rows: DailyInsightRecord[]) =>
      sum(rows, (r) => r.threeSecondViews) / sum(rows, (r) => r.impressions);
    const cpm = (rows: DailyInsightRecord[]) =>
      (sum(rows, (r) => r.spend) / sum(rows, (r) => r.impressions)) * 1000;
    expect(ctr(late)).toBeLessThan(ctr(early));
    expect(thumbstop(late)).toBeLessThan(thumbstop(early));
    expect(cpm(late)).toBeGreaterThan(cpm(early));

    const spendByDate = new Map<string, number>();
    for (const row of account.insights)
      spendByDate.set(row.date, (spendByDate.get(row.date) ?? 0) + row.spend);
    const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const last28 = [...spendByDate].filter(([date]) => date > addDays(TODAY, -28));
    expect(average(last28.filter(([d]) => weekend(d)).map(([, s]) => s))).toBeLessThan(
      average(last28.filter(([d]) => !weekend(d)).map(([, s]) => s)),
    );
  });

  it('gives a shorter window exactly the tail of a longer one', () => {
    const short = generateDemoAdAccount({ seed: 1, today: TODAY, days: 30, media: MEDIA });
    const long = generate(1);
    const from = addDays(TODAY, -29);
    expect(short.ads).toEqual(long.ads);
    expect(short.insights).toEqual(long.insights.filter((r) => r.date >= from));
  });

  it('copes with media of one kind only, or none', () => {
    const videosOnly = generateDemoAdAccount({ today: TODAY, media: [{ key: 'clip', kind: 'VIDEO' }] });
    for (const ad of videosOnly.ads)
      expect(demoMediaKey(ad.creative)).toEqual({ kind: 'VIDEO', key: 'clip' });
    expect(videosOnly.ads.some((a) => a.fileType === 'STATIC')).toBe(false);

    const none = generateDemoAdAccount({ today: TODAY, media: [] });
    expect(none.ads).toHaveLength(generate(1).ads.length);
    for (const ad of none.ads) {
      expect(ad.creative!.videoId).toBeNull();
      expect(ad.creative!.imageHash).toBeNull();
    }
    expect(none.insights.length).toBeGreaterThan(1000);
  });

  it('rejects a malformed today or days', () => {
    expect(() => generateDemoAdAccount({ today: '2026-02-30', media: MEDIA })).toThrow(RangeError);
    expect(() => generateDemoAdAccount({ today: '10/03/2026', media: MEDIA })).toThrow(RangeError);
    expect(() => generateDemoAdAccount({ today: TODAY, days: 0, media: MEDIA })).toThrow(RangeError);
  });

  it('generates 60 ads × 90 days in well under 200 ms', () => {
    generateDemoAdAccount({ seed: 3, today: TODAY, media: MEDIA });
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      generateDemoAdAccount({ seed: 10 + i, today: TODAY, media: MEDIA });
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(200);
  });
});
