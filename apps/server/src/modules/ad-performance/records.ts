/**
 * The platform-neutral shape of ad performance data, as the Meta sync, the Ads Manager
 * export import and the demo generator hand it to the store (AdPerformanceStore upserts).
 * Ids are the platform's own (`act_…`, Meta's numeric ids) or, for imports without ids,
 * stable ids made from names, so writing the same data twice changes nothing.
 */

import type { AdFileType, AdSource } from '@hookline/contract';

export {
  type AdFileType,
  type AdSource,
  adEffectiveStatuses,
  adFileTypes,
  adSources,
} from '@hookline/contract';

export interface AdAccountRecord {
  /** `act_<account_id>`. */
  externalId: string;
  name: string;
  /** ISO 4217, e.g. USD. */
  currency: string;
  /** IANA name, e.g. America/Los_Angeles: the account's days follow it. */
  timezone: string;
  /** Meta's raw `account_status` and `disable_reason` (null when unknown, e.g. imports). */
  accountStatus: number | null;
  disableReason: number | null;
  source: AdSource;
  /** The one action type conversions are read from (omni_purchase, purchase or the pixel's). */
  purchaseActionType: string | null;
}

export interface CampaignRecord {
  externalId: string;
  name: string;
  status: string | null;
  effectiveStatus: string | null;
  objective: string | null;
}

export interface AdSetRecord {
  externalId: string;
  campaignExternalId: string;
  name: string;
  status: string | null;
  effectiveStatus: string | null;
}

export interface CreativeRecord {
  /** The creative's id (null for imports). */
  externalId: string | null;
  /** The Page or Instagram account the ad runs as. */
  actorId: string | null;
  actorName: string | null;
  postId: string | null;
  title: string | null;
  body: string | null;
  ctaType: string | null;
  landingPage: string | null;
  thumbnailUrl: string | null;
  /** Meta's video id or image hash: one library asset per media per brand. */
  videoId: string | null;
  imageHash: string | null;
}

export interface AdRecord {
  externalId: string;
  adSetExternalId: string;
  campaignExternalId: string;
  name: string;
  status: string | null;
  effectiveStatus: string | null;
  previewUrl: string | null;
  permalink: string | null;
  fileType: AdFileType;
  createdAt: Date | null;
  updatedAt: Date | null;
  creative: CreativeRecord | null;
}

/** One ad's delivery on one day (the account's timezone). Counts are whole numbers. */
export interface DailyInsightRecord {
  adExternalId: string;
  /** YYYY-MM-DD. */
  date: string;
  /** In the account's currency. */
  spend: number;
  impressions: number;
  reach: number;
  /** All clicks (`clicks`). */
  clicks: number;
  /** `inline_link_clicks`. */
  linkClicks: number;
  outboundClicks: number;
  /** Of the account's purchase action type only (never a sum of types). */
  conversions: number;
  conversionValue: number;
  /** Every other action type's count, e.g. { add_to_cart: 3, landing_page_view: 40 }. */
  otherActions: Record<string, number>;
  /** `video_play_actions`. */
  plays: number;
  /** 3-second plays: `actions[video_view]`. */
  threeSecondViews: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
  p100: number;
  thruplays: number;
  /** `video_avg_time_watched_actions`, seconds. */
  avgWatchTimeSeconds: number;
  /** `video_play_curve_actions`: the share of viewers (0–100) still watching at each point. */
  retention: number[] | null;
}

/** A day of an ad with nothing delivered yet: what a source fills in. */
export function emptyInsight(adExternalId: string, date: string): DailyInsightRecord {
  return {
    adExternalId,
    date,
    spend: 0,
    impressions: 0,
    reach: 0,
    clicks: 0,
    linkClicks: 0,
    outboundClicks: 0,
    conversions: 0,
    conversionValue: 0,
    otherActions: {},
    plays: 0,
    threeSecondViews: 0,
    p25: 0,
    p50: 0,
    p75: 0,
    p95: 0,
    p100: 0,
    thruplays: 0,
    avgWatchTimeSeconds: 0,
    retention: null,
  };
}

/** Everything one source knows about one ad account, written by the store in one go. */
export interface AdAccountData {
  account: AdAccountRecord;
  campaigns: CampaignRecord[];
  adSets: AdSetRecord[];
  ads: AdRecord[];
  insights: DailyInsightRecord[];
}
