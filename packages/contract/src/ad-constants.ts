/** Ad performance values (001 §3 analytics ad, effective statuses, ad file types). No schemas. */

/** Where an ad account's data comes from. */
export const adSources = ['META', 'IMPORT', 'DEMO'] as const;
export type AdSource = (typeof adSources)[number];

/** 001 §3 "Ad file types". */
export const adFileTypes = ['VIDEO', 'POST', 'COLLECTION', 'STATIC'] as const;
export type AdFileType = (typeof adFileTypes)[number];

/** Meta's ad `effective_status` values; the sync asks for all of them. */
export const adEffectiveStatuses = [
  'ACTIVE',
  'PAUSED',
  'ADSET_PAUSED',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'DELETED',
  'DISAPPROVED',
  'IN_PROCESS',
  'PENDING_REVIEW',
  'PENDING_BILLING_INFO',
  'PREAPPROVED',
  'WITH_ISSUES',
] as const;
export type AdEffectiveStatus = (typeof adEffectiveStatuses)[number];

/** 001 §3 "Date presets" of creative analytics; THIRTY_DAYS when none or an unknown one is given. */
export const analyticsPresets = [
  'ONE_DAY',
  'SEVEN_DAYS',
  'FOURTEEN_DAYS',
  'THIRTY_DAYS',
  'BEGINNING_OF_THE_MONTH',
  'LAST_MONTH',
  'ALL_TIME',
  'CUSTOM',
] as const;
export type AnalyticsPreset = (typeof analyticsPresets)[number];
export const DEFAULT_ANALYTICS_PRESET: AnalyticsPreset = 'THIRTY_DAYS';

/** The presets' other names (the chat agent's and links'); 'last 3 months' is a CUSTOM range. */
export const analyticsPresetAliases = {
  'all time': 'ALL_TIME',
  'current month': 'BEGINNING_OF_THE_MONTH',
  'previous month': 'LAST_MONTH',
  'last 3 months': 'LAST_3_MONTHS',
} as const;
export type AnalyticsPresetAlias = keyof typeof analyticsPresetAliases;
