import type { AdFileType } from '@hookline/contract';
import type {
  AdRecord,
  AdSetRecord,
  CampaignRecord,
  CreativeRecord,
  DailyInsightRecord,
} from '../ad-performance/records.js';

/**
 * Graph answers → neutral records (reference §3–§4). Values arrive as strings; action
 * lists as [{ action_type, value }].
 */

export const AD_FIELDS = [
  'id',
  'name',
  'status',
  'effective_status',
  'created_time',
  'updated_time',
  'adset_id',
  'campaign_id',
  'preview_shareable_link',
  'creative{id,actor_id,object_story_id,effective_object_story_id,title,body,call_to_action_type,link_url,object_url,thumbnail_url,image_url,image_hash,video_id,object_type,object_story_spec,asset_feed_spec}',
].join(',');

export const INSIGHT_FIELDS = [
  'ad_id',
  'date_start',
  'date_stop',
  'spend',
  'impressions',
  'reach',
  'clicks',
  'inline_link_clicks',
  'outbound_clicks',
  'actions',
  'action_values',
  'video_play_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
  'video_thruplay_watched_actions',
  'video_avg_time_watched_actions',
  'video_play_curve_actions',
].join(',');

type ActionStat = { action_type?: string; value?: string | number };
type CurveStat = { action_type?: string; value?: (string | number)[] };

export interface GraphAd {
  id: string;
  name?: string;
  status?: string;
  effective_status?: string;
  created_time?: string;
  updated_time?: string;
  adset_id?: string;
  campaign_id?: string;
  preview_shareable_link?: string;
  creative?: GraphCreative;
}

interface GraphCreative {
  id?: string;
  actor_id?: string;
  object_story_id?: string;
  effective_object_story_id?: string;
  title?: string;
  body?: string;
  call_to_action_type?: string;
  link_url?: string;
  object_url?: string;
  thumbnail_url?: string;
  image_url?: string;
  image_hash?: string;
  video_id?: string;
  object_type?: string;
  object_story_spec?: {
    page_id?: string;
    instagram_user_id?: string;
    link_data?: {
      name?: string;
      message?: string;
      link?: string;
      picture?: string;
      image_hash?: string;
      call_to_action?: { type?: string; value?: { link?: string } };
      child_attachments?: unknown[];
    };
    video_data?: {
      video_id?: string;
      title?: string;
      message?: string;
      image_url?: string;
      call_to_action?: { type?: string; value?: { link?: string } };
    };
    photo_data?: { image_hash?: string; url?: string; caption?: string };
  };
  asset_feed_spec?: {
    videos?: { video_id?: string; thumbnail_url?: string }[];
    images?: { hash?: string; url?: string }[];
    titles?: { text?: string }[];
    bodies?: { text?: string }[];
    call_to_action_types?: string[];
    link_urls?: { website_url?: string }[];
  };
}

export interface GraphInsightRow {
  ad_id?: string;
  date_start?: string;
  spend?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  inline_link_clicks?: string;
  outbound_clicks?: ActionStat[];
  actions?: ActionStat[];
  action_values?: ActionStat[];
  video_play_actions?: ActionStat[];
  video_p25_watched_actions?: ActionStat[];
  video_p50_watched_actions?: ActionStat[];
  video_p75_watched_actions?: ActionStat[];
  video_p95_watched_actions?: ActionStat[];
  video_p100_watched_actions?: ActionStat[];
  video_thruplay_watched_actions?: ActionStat[];
  video_avg_time_watched_actions?: ActionStat[];
  video_play_curve_actions?: CurveStat[];
}

const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : 0;
};
const int = (value: unknown) => Math.round(num(value));
const sumOf = (stats: ActionStat[] | undefined) => (stats ?? []).reduce((sum, s) => sum + num(s.value), 0);
const actionValue = (stats: ActionStat[] | undefined, type: string) =>
  num((stats ?? []).find((s) => s.action_type === type)?.value);

/** Purchase action types in order of preference (reference §4: one per account, never a sum). */
const PURCHASE_TYPES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

/** The account's purchase action type, from the first rows that show one. */
export function choosePurchaseActionType(rows: GraphInsightRow[]): string | null {
  const seen = new Set(rows.flatMap((row) => (row.actions ?? []).map((a) => a.action_type ?? '')));
  return PURCHASE_TYPES.find((type) => seen.has(type)) ?? null;
}

export function toInsight(row: GraphInsightRow, purchaseType: string | null): DailyInsightRecord | null {
  if (!row.ad_id || !row.date_start) return null;
  const otherActions: Record<string, number> = {};
  for (const action of row.actions ?? []) {
    const type = action.action_type;
    if (!type || type === purchaseType || type === 'video_view' || PURCHASE_TYPES.includes(type)) continue;
    otherActions[type] = int(action.value);
  }
  const curve = row.video_play_curve_actions?.[0]?.value;
  return {
    adExternalId: row.ad_id,
    date: row.date_start,
    spend: Math.round(num(row.spend) * 100) / 100,
    impressions: int(row.impressions),
    reach: int(row.reach),
    clicks: int(row.clicks),
    linkClicks: int(row.inline_link_clicks),
    outboundClicks: int(sumOf(row.outbound_clicks)),
    conversions: purchaseType ? int(actionValue(row.actions, purchaseType)) : 0,
    conversionValue: purchaseType ? Math.round(actionValue(row.action_values, purchaseType) * 100) / 100 : 0,
    otherActions,
    plays: int(sumOf(row.video_play_actions)),
    threeSecondViews: int(actionValue(row.actions, 'video_view')),
    p25: int(sumOf(row.video_p25_watched_actions)),
    p50: int(sumOf(row.video_p50_watched_actions)),
    p75: int(sumOf(row.video_p75_watched_actions)),
    p95: int(sumOf(row.video_p95_watched_actions)),
    p100: int(sumOf(row.video_p100_watched_actions)),
    thruplays: int(sumOf(row.video_thruplay_watched_actions)),
    avgWatchTimeSeconds: num(row.video_avg_time_watched_actions?.[0]?.value),
    retention: Array.isArray(curve) && curve.length > 0 ? curve.map(num) : null,
  };
}

/** A creative's fields: the top level first, then object_story_spec, then asset_feed_spec (reference §3). */
export function toCreative(creative: GraphCreative | undefined): CreativeRecord | null {
  if (!creative) return null;
  const story = creative.object_story_spec;
  const feed = creative.asset_feed_spec;
  const link = story?.link_data;
  const video = story?.video_data;
  const postId = creative.effective_object_story_id ?? creative.object_story_id ?? null;
  return {
    externalId: creative.id ?? null,
    actorId: creative.actor_id ?? story?.instagram_user_id ?? story?.page_id ?? postId?.split('_')[0] ?? null,
    actorName: null,
    postId,
    title: creative.title ?? link?.name ?? video?.title ?? feed?.titles?.[0]?.text ?? null,
    body: creative.body ?? link?.message ?? video?.message ?? feed?.bodies?.[0]?.text ?? null,
    ctaType:
      creative.call_to_action_type ??
      link?.call_to_action?.type ??
      video?.call_to_action?.type ??
      feed?.call_to_action_types?.[0] ??
      null,
    landingPage:
      creative.link_url ??
      link?.link ??
      link?.call_to_action?.value?.link ??
      video?.call_to_action?.value?.link ??
      feed?.link_urls?.[0]?.website_url ??
      creative.object_url ??
      null,
    thumbnailUrl: creative.thumbnail_url ?? video?.image_url ?? creative.image_url ?? link?.picture ?? null,
    videoId: creative.video_id || video?.video_id || feed?.videos?.[0]?.video_id || null,
    imageHash:
      creative.image_hash ??
      link?.image_hash ??
      story?.photo_data?.image_hash ??
      feed?.images?.[0]?.hash ??
      null,
  };
}

/** An image's URL as the creative gives it (to import the image itself). */
export function imageUrlOf(creative: GraphCreative | undefined): string | null {
  return (
    creative?.image_url ??
    creative?.object_story_spec?.link_data?.picture ??
    creative?.object_story_spec?.photo_data?.url ??
    creative?.asset_feed_spec?.images?.[0]?.url ??
    creative?.thumbnail_url ??
    null
  );
}

function fileTypeOf(ad: GraphAd, creative: CreativeRecord | null): AdFileType {
  if (creative?.videoId) return 'VIDEO';
  if ((ad.creative?.object_story_spec?.link_data?.child_attachments?.length ?? 0) > 0) return 'COLLECTION';
  if (creative?.imageHash || ad.creative?.image_url) return 'STATIC';
  return 'POST';
}

export function toAd(ad: GraphAd): AdRecord | null {
  if (!ad.adset_id || !ad.campaign_id) return null;
  const creative = toCreative(ad.creative);
  return {
    externalId: ad.id,
    adSetExternalId: ad.adset_id,
    campaignExternalId: ad.campaign_id,
    name: ad.name ?? ad.id,
    status: ad.status ?? null,
    effectiveStatus: ad.effective_status ?? null,
    previewUrl: ad.preview_shareable_link ?? null,
    permalink: creative?.postId ? `https://www.facebook.com/${creative.postId}` : null,
    fileType: fileTypeOf(ad, creative),
    createdAt: ad.created_time ? new Date(ad.created_time) : null,
    updatedAt: ad.updated_time ? new Date(ad.updated_time) : null,
    creative,
  };
}

export interface GraphCampaign {
  id: string;
  name?: string;
  status?: string;
  effective_status?: string;
  objective?: string;
}
export interface GraphAdSet {
  id: string;
  name?: string;
  status?: string;
  effective_status?: string;
  campaign_id?: string;
}

export const toCampaign = (c: GraphCampaign): CampaignRecord => ({
  externalId: c.id,
  name: c.name ?? c.id,
  status: c.status ?? null,
  effectiveStatus: c.effective_status ?? null,
  objective: c.objective ?? null,
});

export const toAdSet = (s: GraphAdSet): AdSetRecord | null =>
  s.campaign_id
    ? {
        externalId: s.id,
        campaignExternalId: s.campaign_id,
        name: s.name ?? s.id,
        status: s.status ?? null,
        effectiveStatus: s.effective_status ?? null,
      }
    : null;
