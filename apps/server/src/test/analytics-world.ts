import type { AnalyticsAd } from '@hookline/contract';
import { todayIn } from '../modules/ad-performance/analytics/windows.js';
import {
  type AdAccountData,
  type AdRecord,
  type DailyInsightRecord,
  emptyInsight,
} from '../modules/ad-performance/records.js';
import { createUser, type TestUser } from './factories.js';
import { brandCall } from './integrations-world.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** The analytics tests' hand-made ads, whose figures the tests work out by hand. */

export const DAY_MS = 86_400_000;
/** The day `n` days before today (UTC: the test accounts' timezone). */
export const daysAgo = (n: number) =>
  new Date(Date.parse(`${todayIn('UTC')}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

export const ad = (externalId: string, name: string, extra: Partial<AdRecord> = {}): AdRecord => ({
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

export const day = (
  adExternalId: string,
  date: string,
  values: Partial<DailyInsightRecord>,
): DailyInsightRecord => ({
  ...emptyInsight(adExternalId, date),
  ...values,
});

export function account(
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

export interface AnalyticsWorld {
  t: TestApp;
  /** A member of their account's brand (reads analytics, may not change the account). */
  member: TestUser;
  stranger: TestUser;
  /** The member's ads by external id. */
  ids: Map<string, string>;
  /** Another account's ad with the same words (a canary). */
  strangerAdId: string;
}

/** An app with the member's four ads (three delivered in the last 30 days) and a stranger's canary. */
export async function seedAnalytics(options: TestAppOptions = {}): Promise<AnalyticsWorld> {
  const t = await createTestApp(options);
  const member = await createUser(t, { role: 'member' });
  const stranger = await createUser(t);
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
  const ids = written.adIds;
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
  const strangerAdId = other.adIds.get('ad_hero') as string;
  return { t, member, stranger, ids, strangerAdId };
}

export const adNames = (ads: AnalyticsAd[]) => ads.map((a) => a.name);
export const filtersQuery = (items: object[]) => `filters=${encodeURIComponent(JSON.stringify(items))}`;
export const listAs = (t: TestApp, u: TestUser, query = '') =>
  brandCall<AnalyticsAd[]>(t, u, 'GET', `/performance-analytics${query ? `?${query}` : ''}`);
