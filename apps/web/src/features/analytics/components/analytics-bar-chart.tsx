import '@mantine/charts/styles.css';
import type { AnalyticsAd, AnalyticsPreset } from '@hookline/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { analyticsTexts as t } from '@/config/texts/analytics';
import { figuresOf } from './analytics-table';
import { metricColumns } from './metrics';

const SHOWN = 10;

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
      name: ad.name.length > 24 ? `${ad.name.slice(0, 23)}…` : ad.name,
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
        xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
      />
    </Paper>
  );
}
