import {
  ANALYTICS_SCORE_BANDS,
  type AnalyticsFigures,
  type AnalyticsMetric,
  formatCount,
  formatMoney,
  formatPercent,
  formatRatio,
  formatSeconds,
  formatSpend,
  lowerIsBetterMetrics,
} from '@hookline/contract';

/** A metric column of the table: its sort field, its figure and its format (001 §2). */
export type ShownMetric = Extract<
  AnalyticsMetric,
  'spend' | 'roas' | 'conversions' | 'cpa' | 'conversionRate' | 'ctr' | 'avgWatchTime' | 'thumbstopRate'
>;

export interface MetricColumn {
  id: ShownMetric;
  value: (figures: AnalyticsFigures) => number | null;
  format: (value: number | null) => string;
}

export const metricColumns: readonly MetricColumn[] = [
  { id: 'spend', value: (f) => f.spend, format: formatSpend },
  { id: 'roas', value: (f) => f.roas, format: formatRatio },
  { id: 'conversions', value: (f) => f.conversions, format: formatCount },
  { id: 'cpa', value: (f) => f.cpa, format: formatMoney },
  { id: 'conversionRate', value: (f) => f.conversionPercentage, format: formatPercent },
  { id: 'ctr', value: (f) => f.ctr, format: formatPercent },
  { id: 'avgWatchTime', value: (f) => f.avgWatchTimeSeconds, format: formatSeconds },
  { id: 'thumbstopRate', value: (f) => f.thumbstopPercentage, format: formatPercent },
];

export interface Delta {
  /** The change in percent of the previous value (signed). */
  change: number;
  better: boolean;
}

/**
 * The change against the window before: none without a previous window, or when either value
 * is missing, or the previous one is 0 (no ratio), or nothing changed. CPA, CPC and CPM are
 * better lower.
 */
export function metricDelta(
  metric: AnalyticsMetric,
  current: number | null,
  previous: number | null,
): Delta | null {
  if (current == null || previous == null || previous === 0) return null;
  const change = ((current - previous) / Math.abs(previous)) * 100;
  if (!Number.isFinite(change) || Math.abs(change) < 0.05) return null;
  const lowerBetter = lowerIsBetterMetrics.includes(metric);
  return { change, better: lowerBetter ? change < 0 : change > 0 };
}

export type StatusColor = 'gray' | 'violet' | 'green' | 'orange';

const STATUS_COLORS: Record<string, StatusColor> = {
  PAUSED: 'violet',
  CAMPAIGN_PAUSED: 'violet',
  ADSET_PAUSED: 'violet',
  ACTIVE: 'green',
  DELETED: 'orange',
  DISAPPROVED: 'orange',
  ARCHIVED: 'orange',
  WITH_ISSUES: 'orange',
};

/** 001 §2: green active, purple paused, orange removed or with issues, grey the rest and unknown. */
export function statusColor(status: string | null): StatusColor {
  return (status && STATUS_COLORS[status]) || 'gray';
}

/** 'CAMPAIGN_PAUSED' → 'Campaign paused'. */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A creative score's badge colour (issue 17): green from 70, yellow from 40, red below, grey N/A. */
export function scoreColor(score: number | null): string {
  if (score === null) return 'gray';
  if (score >= ANALYTICS_SCORE_BANDS.good) return 'green';
  if (score >= ANALYTICS_SCORE_BANDS.fair) return 'yellow';
  return 'red';
}
