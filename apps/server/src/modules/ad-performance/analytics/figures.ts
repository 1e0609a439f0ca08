import type { AnalyticsChartPoint, AnalyticsFigures } from '@hookline/contract';
import type { AnalyticsAdRow, DailyRow } from './list-repository.js';
import { type DeliverySums, presetMetrics, weightedRetention } from './metrics.js';

/** An ad's figures as the answers show them. */

export const round = (value: number | null, digits = 4) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function figuresOf(sums: DeliverySums, lengthSeconds: number | null): AnalyticsFigures {
  const m = presetMetrics(sums, lengthSeconds);
  return {
    spend: round(m.spend, 2) as number,
    impressions: m.impressions,
    clicks: m.clicks,
    views: m.views,
    conversions: m.conversions,
    conversionValue: round(m.conversionValue, 2) as number,
    roas: round(m.roas),
    cpa: round(m.cpa),
    cpc: round(m.cpc),
    cpm: round(m.cpm),
    ctr: round(m.ctr),
    outboundClicksCtrPercentage: round(m.outboundClicksCtrPercentage),
    conversionPercentage: round(m.conversionPercentage),
    thumbstopPercentage: round(m.thumbstopPercentage),
    thumbnailPercentage: round(m.thumbnailPercentage),
    avgWatchTimeSeconds: round(m.avgWatchTimeSeconds),
    avgWatchTimePercentage: round(m.avgWatchTimePercentage),
    actions: m.actions,
  };
}

export function chartPoint(day: DailyRow): AnalyticsChartPoint {
  const m = presetMetrics(day.sums);
  return {
    date: day.date,
    spend: round(m.spend, 2) as number,
    impressions: m.impressions,
    clicks: m.clicks,
    conversions: m.conversions,
    roas: round(m.roas),
    cpa: round(m.cpa),
    ctr: round(m.ctr),
    thumbstopRate: round(m.thumbstopPercentage),
  };
}

/** Retention points as labels: the share of the video each point stands at ('0%' … '100%'). */
export function retentionOf(days: DailyRow[]): { labels: string[]; values: number[] } {
  const values = weightedRetention(days.map((d) => ({ plays: d.sums.plays, retention: d.retention }))).map(
    (v) => Math.round(v * 10) / 10,
  );
  const last = Math.max(values.length - 1, 1);
  return { labels: values.map((_, i) => `${Math.round((i / last) * 100)}%`), values };
}

/** The ad in Ads Manager, by its account and id. */
export const adsManagerUrl = (row: AnalyticsAdRow) =>
  row.adAccountExternalId.startsWith('act_') || /^\d+$/.test(row.adAccountExternalId)
    ? `https://adsmanager.facebook.com/adsmanager/manage/ads?act=${row.adAccountExternalId.replace(/^act_/, '')}&selected_ad_ids=${row.externalId}`
    : null;
