/**
 * Creative analytics' metrics (issue 17): ratios of sums over an ad's daily rows, never
 * averages of daily ratios, so a day of 10 impressions weighs what it delivered. Watch time and
 * audience retention are weighted by plays. A ratio with nothing under it is null ('N/A').
 */

/** Sums over an ad's (or a group's) daily rows in a window. */
export interface DeliverySums {
  spend: number;
  impressions: number;
  clicks: number;
  linkClicks: number;
  outboundClicks: number;
  conversions: number;
  conversionValue: number;
  plays: number;
  threeSecondViews: number;
  /** Σ avg_watch_time_seconds × plays (watch time weighted by plays). */
  watchSecondsTimesPlays: number;
  /** Σ of each action type's count ('{token}' fields). */
  actions: Record<string, number>;
}

/** Sums of no delivery at all (a fresh object each time: callers add into it). */
export function emptySums(): DeliverySums {
  return {
    spend: 0,
    impressions: 0,
    clicks: 0,
    linkClicks: 0,
    outboundClicks: 0,
    conversions: 0,
    conversionValue: 0,
    plays: 0,
    threeSecondViews: 0,
    watchSecondsTimesPlays: 0,
    actions: {},
  };
}

/** Sums of several ads' sums (a set of ads counted as one, as a group is). */
export function addSums(all: Iterable<DeliverySums>): DeliverySums {
  const total = emptySums();
  for (const sums of all) {
    for (const key of Object.keys(total) as (keyof DeliverySums)[])
      if (key !== 'actions') total[key] += sums[key];
    for (const [token, count] of Object.entries(sums.actions))
      total.actions[token] = (total.actions[token] ?? 0) + count;
  }
  return total;
}

export interface PresetMetrics {
  spend: number;
  impressions: number;
  clicks: number;
  views: number;
  conversions: number;
  conversionValue: number;
  roas: number | null;
  cpa: number | null;
  cpc: number | null;
  cpm: number | null;
  /** Link clicks ÷ impressions, in percent. */
  ctr: number | null;
  outboundClicksCtrPercentage: number | null;
  /** Conversions ÷ link clicks, in percent. */
  conversionPercentage: number | null;
  /** 3-second views ÷ impressions, in percent. */
  thumbstopPercentage: number | null;
  /** Plays ÷ impressions, in percent. */
  thumbnailPercentage: number | null;
  avgWatchTimeSeconds: number | null;
  /** Average watch time as a share of the video's length, in percent. */
  avgWatchTimePercentage: number | null;
  actions: Record<string, number>;
}

const ratio = (part: number, whole: number, times = 1): number | null =>
  whole > 0 ? (part / whole) * times : null;

/** The preset fields of one window's sums; `lengthSeconds` is the ad video's length, if any. */
export function presetMetrics(sums: DeliverySums, lengthSeconds?: number | null): PresetMetrics {
  const avgWatchTimeSeconds = ratio(sums.watchSecondsTimesPlays, sums.plays);
  return {
    spend: sums.spend,
    impressions: sums.impressions,
    clicks: sums.clicks,
    views: sums.threeSecondViews,
    conversions: sums.conversions,
    conversionValue: sums.conversionValue,
    roas: ratio(sums.conversionValue, sums.spend),
    cpa: ratio(sums.spend, sums.conversions),
    cpc: ratio(sums.spend, sums.linkClicks),
    cpm: ratio(sums.spend, sums.impressions, 1000),
    ctr: ratio(sums.linkClicks, sums.impressions, 100),
    outboundClicksCtrPercentage: ratio(sums.outboundClicks, sums.impressions, 100),
    conversionPercentage: ratio(sums.conversions, sums.linkClicks, 100),
    thumbstopPercentage: ratio(sums.threeSecondViews, sums.impressions, 100),
    thumbnailPercentage: ratio(sums.plays, sums.impressions, 100),
    avgWatchTimeSeconds,
    avgWatchTimePercentage:
      avgWatchTimeSeconds !== null && lengthSeconds ? (avgWatchTimeSeconds / lengthSeconds) * 100 : null,
    actions: sums.actions,
  };
}

/** Audience retention over days, each day's curve weighted by its plays (days without one left out). */
export function weightedRetention(days: { plays: number; retention: number[] | null }[]): number[] {
  const curve: number[] = [];
  const weight: number[] = [];
  for (const day of days) {
    if (!day.retention || day.plays <= 0) continue;
    day.retention.forEach((value, i) => {
      curve[i] = (curve[i] ?? 0) + value * day.plays;
      weight[i] = (weight[i] ?? 0) + day.plays;
    });
  }
  return curve.map((sum, i) => sum / (weight[i] as number));
}
