import '@mantine/charts/styles.css';
import type { AnalyticsAd, AnalyticsPreset } from '@hookline/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { analyticsTexts as t } from '@/config/texts/analytics';
import { figuresOf } from './analytics-table';
import { metricColumns } from './metrics';

const SHOWN = 10;
/** An axis label's length: ten names of 12 characters fit side by side at 1440 px. */
const LABEL_CHARS = 12;

const shortName = (name: string) => (name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name);

/**
 * The bar chart above the list (001 §2, analyticsBarChart): the sorted metric of the first 10
 * rows, in the list's order. Its own chunk: the charting library loads after the table.
 */
export default function AnalyticsBarChart({
  ads,
  preset,
  metricId,
}: {
  ads: AnalyticsAd[];
  preset: AnalyticsPreset;
  metricId: string;
}) {
  const metric = metricColumns.find((column) => column.id === metricId) ?? metricColumns[0];
  if (!metric) return null;
  const data = ads.slice(0, SHOWN).map((ad) => {
    const figures = figuresOf(ad, preset);
    return {
      // The whole name in the tooltip; the axis shortens it.
      name: ad.name,
      value: figures ? metric.value(figures) : null,
    };
  });
  return (
    <Paper withBorder radius="md" p="sm" mx="md" mt="sm" data-testid="analytics-bar-chart">
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {t.columns[metric.id]}
      </Text>
      <BarChart
        h={160}
        data={data}
        dataKey="name"
        series={[{ name: 'value', label: t.columns[metric.id], color: 'blue.6' }]}
        valueFormatter={(value) => metric.format(value)}
        tickLine="none"
        gridAxis="y"
        // Labels that would still overlap (a narrow window) are left out rather than drawn over each other.
        xAxisProps={{ interval: 'preserveStartEnd', tick: { fontSize: 11 }, tickFormatter: shortName }}
      />
    </Paper>
  );
}
