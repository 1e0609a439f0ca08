import type { AnalyticsPreset, AssetAdLinkMethod } from '@hookline/contract';

/** The player's performance tab (issue 17 "Beyond the seeds"): loaded with the tab. */
export const assetPerformanceTexts = {
  preset: 'Date range',
  /** The presets the tab offers (creative analytics offers every one, and custom ranges). */
  presets: {
    LAST_MONTH: 'Last month',
    BEGINNING_OF_THE_MONTH: 'This month',
    SEVEN_DAYS: 'Last 7 days',
    THIRTY_DAYS: 'Last 30 days',
    ALL_TIME: 'All time',
  } satisfies Partial<Record<AnalyticsPreset, string>>,
  totals: 'Totals of the ads using this file',
  tiles: {
    spend: 'Spend',
    roas: 'ROAS',
    cpa: 'CPA',
    ctr: 'CTR',
    thumbstop: 'Thumbstop rate',
  },
  deltaUp: 'Up {change} vs the previous period',
  deltaDown: 'Down {change} vs the previous period',
  ads: 'Ads using this file',
  columns: { name: 'Ad', status: 'Status', spend: 'Spend', roas: 'ROAS', method: 'Found by' },
  methods: {
    META_ID: 'Meta video id',
    FINGERPRINT: 'Look-alike',
  } satisfies Record<AssetAdLinkMethod, string>,
  distance: '{bits} of 64 bits differ',
  empty: 'No ad uses this file yet',
  emptyText:
    'Ads are found by the Meta video id of a file published from the library, or when an ad’s creative looks like this file. Ad data comes from the Meta sync.',
  loadFailed: 'The ad performance could not be loaded',
} as const;
