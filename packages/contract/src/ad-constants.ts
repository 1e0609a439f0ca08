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
