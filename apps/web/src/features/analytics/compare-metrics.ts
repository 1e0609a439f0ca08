import {
  ANALYTICS_COMPARE_MAX,
  type AnalyticsChartPoint,
  type AnalyticsFigures,
  type AnalyticsPreset,
  analyticsPresets,
  DEFAULT_ANALYTICS_PRESET,
  formatCount,
  formatMoney,
  formatPercent,
  formatRatio,
  formatSpend,
} from '@hookline/contract';

/** The compare page's charted metrics: the daily chart points' fields, and their totals. */
export const compareMetrics = [
  'spend',
  'roas',
  'conversions',
  'cpa',
  'ctr',
  'thumbstopRate',
  'impressions',
  'clicks',
] as const;
export type CompareMetric = (typeof compareMetrics)[number];

/** 001 §2: a line chart shows at most 2 metrics, a bar chart at most 6. */
export const COMPARE_CHART_LIMITS = { line: 2, bar: 6 } as const;

/** Six fixed series colours, one per compared ad, in the order the ads were picked. */
export const SERIES_COLORS = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'yellow.7'] as const;

export const compareMetricFormat: Record<CompareMetric, (value: number | null) => string> = {
  spend: formatSpend,
  roas: formatRatio,
  conversions: formatCount,
  cpa: formatMoney,
  ctr: formatPercent,
  thumbstopRate: formatPercent,
  impressions: formatCount,
  clicks: formatCount,
};

export const pointValue = (point: AnalyticsChartPoint, metric: CompareMetric): number | null => point[metric];

export const totalValue = (figures: AnalyticsFigures, metric: CompareMetric): number | null => {
  switch (metric) {
    case 'thumbstopRate':
      return figures.thumbstopPercentage;
    default:
      return figures[metric];
  }
};

/** `?adIds=a,b`: at most 6 distinct ids, in order. */
export function parseAdIds(raw: string | null): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return [...new Set(ids)].slice(0, ANALYTICS_COMPARE_MAX);
}

/** `?preset=`: THIRTY_DAYS when missing or not a preset the compare page offers. */
export function parseComparePreset(raw: string | null): AnalyticsPreset {
  const preset = analyticsPresets.find((value) => value === raw);
  return preset === undefined || preset === 'CUSTOM' ? DEFAULT_ANALYTICS_PRESET : preset;
}
