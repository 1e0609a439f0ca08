import '@mantine/charts/styles.css';
import { type AnalyticsAd, type AnalyticsPreset, analyticsPresets, formatSpend } from '@hookline/contract';
import { AreaChart, LineChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { analyticsTexts } from '@/config/texts/analytics';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useFeatureFlag } from '@/lib/feature-flags';
import { MetricCell } from './analytics-table';
import { HookAnalysis } from './hook-analysis';
import { metricColumns, scoreColor } from './metrics';

const t = analyticsTexts.player;
const DAY_MS = 86_400_000;
/** An ad whose first delivery day is this recent still has figures coming in (001 §2). */
const COLLECTING_DAYS = 3;

/** The presets the tab offers: every one but CUSTOM (the list's range picker has that). */
const presetOptions = analyticsPresets
  .filter((preset) => preset !== 'CUSTOM')
  .map((preset) => ({ value: preset, label: analyticsTexts.presets[preset] }));

/**
 * The analytics player's analytic tab (001 §2 "Player"): the preset (30 days unless chosen),
 * metric tiles with their change against the window before, the creative scores, spend per
 * day and the audience retention curve (0–100 %, steps of 25). A window without delivery says
 * so; an ad that started delivering in the last 3 days says its figures are still coming in.
 */
export function AdAnalyticPanel({
  ad,
  preset,
  onPreset,
  video,
}: {
  ad: AnalyticsAd;
  preset: AnalyticsPreset;
  onPreset: (preset: AnalyticsPreset) => void;
  /** The shown video (its hook analysis, with the hookAnalysis flag). */
  video?: { scope: BrandScope; assetId: string } | undefined;
}) {
  const hooks = useFeatureFlag('hookAnalysis');
  const figures = ad.analyticsPresets[preset];
  const delivered = Boolean(figures && (figures.impressions > 0 || figures.spend > 0));
  const firstDay = ad.chartData.find((point) => point.impressions > 0 || point.spend > 0)?.date;
  const collecting =
    delivered &&
    firstDay !== undefined &&
    Date.now() - Date.parse(`${firstDay}T00:00:00Z`) < COLLECTING_DAYS * DAY_MS;
  const retention = (figures?.audienceRetention.labels ?? []).map((label, i) => ({
    point: label,
    retention: figures?.audienceRetention.values[i] ?? 0,
  }));

  return (
    <Stack gap="md" data-testid="analytic-panel">
      <Select
        label={t.preset}
        data={presetOptions}
        value={preset}
        onChange={(value) => value && onPreset(value as AnalyticsPreset)}
        allowDeselect={false}
        size="xs"
        comboboxProps={{ withinPortal: true }}
        data-testid="analytic-preset"
      />
      {!figures || !delivered ? (
        <Text size="sm" c="dimmed" data-testid="analytic-no-data">
          {t.noData}
        </Text>
      ) : (
        <>
          {collecting && (
            <Alert color="blue" variant="light" p="xs" data-testid="analytic-collecting">
              <Text size="xs">{t.collecting}</Text>
            </Alert>
          )}
          <SimpleGrid cols={2} spacing="xs" data-testid="analytic-tiles">
            {metricColumns.map((metric) => (
              <div key={metric.id} data-testid="analytic-tile">
                <Text size="xs" c="dimmed">
                  {analyticsTexts.columns[metric.id]}
                </Text>
                <MetricCell metric={metric} figures={figures} previous={figures.previous} />
              </div>
            ))}
          </SimpleGrid>
          <div>
            <Text size="xs" fw={600} mb={4}>
              {t.scoresTitle}
            </Text>
            <Group gap={6} data-testid="analytic-scores">
              {(['hook', 'hold', 'click', 'convert'] as const).map((score) => {
                const value = figures.scores[score];
                return (
                  <Badge key={score} variant="dot" color={scoreColor(value)} tt="none">
                    {t.scores[score]} {value === null ? t.scoreNa : value}
                  </Badge>
                );
              })}
            </Group>
          </div>
          {hooks && video && (
            <HookAnalysis
              scope={video.scope}
              assetId={video.assetId}
              thumbstop={figures.thumbstopPercentage}
              score={figures.scores.hook}
            />
          )}
          <div data-testid="analytic-chart">
            <Text size="xs" fw={600} mb={4}>
              {t.daily}
            </Text>
            <LineChart
              h={160}
              data={ad.chartData}
              dataKey="date"
              series={[{ name: 'spend', label: analyticsTexts.columns.spend, color: 'indigo.6' }]}
              curveType="monotone"
              withDots={ad.chartData.length < 40}
              valueFormatter={formatSpend}
            />
          </div>
          <div data-testid="retention">
            <Text size="xs" fw={600} mb={4}>
              {t.retention}
            </Text>
            {retention.length > 0 ? (
              <div data-testid="retention-chart">
                <AreaChart
                  h={160}
                  data={retention}
                  dataKey="point"
                  series={[{ name: 'retention', label: t.retention, color: 'teal.6' }]}
                  yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
                  unit="%"
                  curveType="monotone"
                />
              </div>
            ) : (
              <Text size="sm" c="dimmed" data-testid="retention-none">
                {t.noRetention}
              </Text>
            )}
          </div>
        </>
      )}
      {ad.adPageUrl && (
        <Anchor href={ad.adPageUrl} target="_blank" rel="noreferrer" size="sm">
          {t.adsManager}
        </Anchor>
      )}
    </Stack>
  );
}
