import {
  type AnalyticsAd,
  type AnalyticsFigures,
  analyticsApi,
  fillPath,
  integrationsApi,
  namingConventionApi,
} from '@hookline/contract';
import { jsonResponse } from '@/test/fetch-stub';
import { acme } from '@/test/identity';

/** The creative analytics pages' hand-made ads and answers (issue 17). */

/** A brand-scoped route's path for the acme brand, from the contract's definition. */
const brandRoute = (route: { path: string }) =>
  fillPath(route.path, { accountId: acme.accountId, brandId: acme.id });

export const LIST_PATH = brandRoute(analyticsApi.list);
export const GROUPS_PATH = brandRoute(analyticsApi.groups);
export const COMPARE_PATH = brandRoute(analyticsApi.compare);
export const NAMING_PATH = brandRoute(namingConventionApi.get);
export const CREATIVE_OPTIONS_PATH = brandRoute(analyticsApi.creativeOptions);
export const INTEGRATIONS_PATH = brandRoute(integrationsApi.list);
/** One ad's route (the analytics player). */
export const adPath = (id: string) =>
  fillPath(analyticsApi.get.path, { accountId: acme.accountId, brandId: acme.id, id });

export function figures(overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures {
  return {
    spend: 1234.56,
    impressions: 100_000,
    clicks: 1_500,
    views: 25_000,
    conversions: 42,
    conversionValue: 3000,
    roas: 2.4321,
    cpa: 29.394,
    cpc: 0.82,
    cpm: 12.35,
    ctr: 1.534,
    outboundClicksCtrPercentage: 1.4,
    conversionPercentage: 2.8,
    thumbstopPercentage: 25.04,
    thumbnailPercentage: 30,
    avgWatchTimeSeconds: 6.27,
    avgWatchTimePercentage: 41,
    actions: {},
    ...overrides,
  };
}

let sequence = 0;
export function makeAd(
  overrides: Partial<AnalyticsAd> = {},
  current: Partial<AnalyticsFigures> = {},
  previous: Partial<AnalyticsFigures> | null = null,
  preset = 'THIRTY_DAYS',
): AnalyticsAd {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: `Ad ${sequence}`,
    effectiveStatus: 'ACTIVE',
    fileType: 'VIDEO',
    previewUrl: null,
    permalink: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    posterUrl: '/media/poster.jpg',
    adPageUrl: null,
    assets: [],
    adAccountName: 'Demo account',
    campaignName: 'Spring sale',
    adGroupName: 'Broad US',
    analyticsUpdatedAsOfDate: '2026-11-30',
    chartData: [],
    analyticsPresets: {
      [preset]: {
        ...figures(current),
        window: { from: '2026-11-01', to: '2026-11-30' },
        previous: previous ? figures(previous) : null,
        audienceRetention: { labels: [], values: [] },
        scores: { hook: null, hold: null, click: null, convert: null },
        processedAt: null,
      },
    },
    actorName: null,
    postId: null,
    creativeMessage: null,
    creativeTitle: null,
    landingPage: null,
    ctaType: null,
    ...overrides,
  };
}

export const list = <T>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });
