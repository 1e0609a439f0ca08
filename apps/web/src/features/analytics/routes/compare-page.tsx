import '@mantine/charts/styles.css';
import {
  ANALYTICS_COMPARE_MAX,
  type AnalyticsComparison,
  type AnalyticsPreset,
  analyticsPresets,
  interpolate,
} from '@hookline/contract';
import { BarChart, LineChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowsDiff, IconX } from '@tabler/icons-react';
import { Component, type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import frame from '@/components/page-frame.module.css';
import { PageHeading } from '@/components/page-heading';
import { paths, queryParams } from '@/config/paths';
import { analyticsTexts } from '@/config/texts/analytics';
import { analyticsNavTexts } from '@/config/texts/analytics-labels';
import type { BrandScope } from '@/entities/asset/api/keys';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { useFeatureFlag } from '@/lib/feature-flags';
import { buildLink } from '@/lib/link-builder';
import { useAnalyticsComparison, useAnalyticsList } from '../api/analytics';
import {
  COMPARE_CHART_LIMITS,
  type CompareMetric,
  compareMetricFormat,
  compareMetrics,
  parseAdIds,
  parseComparePreset,
  pointValue,
  SERIES_COLORS,
  totalValue,
} from '../compare-metrics';
import classes from '../components/analytics.module.css';
import { metricDelta } from '../components/metrics';

const t = analyticsTexts;
const v = analyticsTexts.compareView;
const metricLabel = (metric: CompareMetric) => t.filters.metrics[metric];
const metricOptions = compareMetrics.map((value) => ({ value, label: metricLabel(value) }));
const presetOptions = analyticsPresets
  .filter((value) => value !== 'CUSTOM')
  .map((value) => ({ value, label: t.presets[value] }));

/** The CSS colour of a series colour ('blue.6' → var(--mantine-color-blue-6)). */
const cssColor = (index: number) =>
  `var(--mantine-color-${(SERIES_COLORS[index] ?? 'gray.6').replace('.', '-')})`;

/** A same-origin path to go back to (`from`), else /analytics. */
function backHref(from: string | null, search: string): string {
  if (from?.startsWith('/') && !from.startsWith('//')) return from;
  return buildLink(paths.analytics.getHref(), {}, search);
}

/**
 * /analytics/compare?from&preset&adIds=a,b (001 §2 "Compare Ads page"): up to 6 ads in six
 * fixed colours, a line chart of at most 2 metrics over the days or bar charts of at most 6
 * metrics' totals, ads added and removed in place, and a totals table with each ad's change
 * against the window before and against the first ad.
 */
export function ComparePage() {
  const brand = useActiveBrand();
  return <CompareView key={brand.id} brand={brand} />;
}

function CompareView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const adIds = parseAdIds(search.get('adIds'));
  const preset = parseComparePreset(search.get('preset'));
  const from = search.get(queryParams.from);
  const [chart, setChart] = useState<'line' | 'bar'>('line');
  const [metrics, setMetrics] = useState<CompareMetric[]>(['spend', 'roas']);
  const shown = metrics.slice(0, COMPARE_CHART_LIMITS[chart]);
  const canAdd = useFeatureFlag('compareAdsAddItem');

  const query = useAnalyticsComparison(scope, { adIds, preset }, adIds.length > 0);
  const go = (next: { adIds?: string[]; preset?: AnalyticsPreset }) =>
    navigate(
      buildLink(
        paths.analyticsCompare.getHref(),
        {
          [queryParams.from]: from,
          preset: next.preset ?? preset,
          adIds: (next.adIds ?? adIds).join(','),
        },
        location.search,
      ),
      { replace: true },
    );
  // The server keys the answer by ad id; the page keeps the order the ads were picked in.
  const ads = adIds.flatMap((id, index) => {
    const ad = query.data?.[id];
    return ad ? [{ id, index, ...ad }] : [];
  });

  let body: ReactNode;
  if (adIds.length === 0) {
    body = <EmptyState testId="compare-none" icon={<IconArrowsDiff size={28} />} title={v.none} />;
  } else if (query.isError) {
    body = (
      <LoadFailedAlert
        title={v.loadFailed}
        onRetry={() => void query.refetch()}
        m="lg"
        data-testid="compare-error"
      />
    );
  } else if (!query.data) {
    body = (
      <Text c="dimmed" size="sm" p="lg">
        …
      </Text>
    );
  } else {
    body = (
      <Stack gap="md" p="md">
        <Group gap="xs" data-testid="compare-legend">
          {ads.map((ad) => (
            <Badge
              key={ad.id}
              // Neutral text beside the series' colour dot: coloured light badges fail contrast.
              variant="default"
              tt="none"
              size="lg"
              fw={500}
              leftSection={<span className={classes.swatch} style={{ background: cssColor(ad.index) }} />}
              rightSection={
                adIds.length > 1 ? (
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="gray"
                    aria-label={interpolate(v.removeAd, { name: ad.name })}
                    onClick={() => go({ adIds: adIds.filter((id) => id !== ad.id) })}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                ) : null
              }
              data-testid="compare-ad"
            >
              {ad.name}
            </Badge>
          ))}
          {canAdd && adIds.length < ANALYTICS_COMPARE_MAX && (
            <AddAd
              scope={scope}
              preset={preset}
              exclude={adIds}
              onAdd={(id) => go({ adIds: [...adIds, id] })}
            />
          )}
        </Group>
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label={v.chartType}
            value={chart}
            onChange={(value) => setChart(value as 'line' | 'bar')}
            data={[
              { value: 'line', label: v.line },
              { value: 'bar', label: v.bar },
            ]}
            size="sm"
            data-testid="compare-chart-type"
          />
          <MultiSelect
            style={{ flex: 1, maxWidth: 560 }}
            aria-label={v.metrics}
            data={metricOptions}
            value={shown}
            maxValues={COMPARE_CHART_LIMITS[chart]}
            onChange={(values) => values.length > 0 && setMetrics(values as CompareMetric[])}
            description={chart === 'line' ? v.lineLimit : v.barLimit}
            size="sm"
            data-testid="compare-metrics"
          />
        </Group>
        <Paper withBorder radius="md" p="md">
          <ChartBoundary key={`${chart}-${shown.join()}-${adIds.join()}-${preset}`}>
            {chart === 'line' ? (
              <CompareLines ads={ads} metrics={shown} />
            ) : (
              <CompareBars ads={ads} metrics={shown} />
            )}
          </ChartBoundary>
        </Paper>
        <CompareTotals ads={ads} />
      </Stack>
    );
  }

  return (
    <div className={frame.page} data-testid="compare-page">
      <header className={frame.header}>
        <Group gap="sm" align="center">
          <Tooltip label={v.back}>
            <ActionIcon
              component={Link}
              to={backHref(from, location.search)}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={v.back}
              data-testid="compare-back"
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <PageHeading title={analyticsNavTexts.compareTitle} />
        </Group>
        <Select
          className={classes.preset}
          aria-label={t.preset}
          data={presetOptions}
          value={preset}
          onChange={(value) => value && go({ preset: value as AnalyticsPreset })}
          allowDeselect={false}
          size="sm"
          data-testid="compare-preset"
        />
      </header>
      <div className={classes.scroller}>{body}</div>
    </div>
  );
}

type ComparedAd = AnalyticsComparison[string] & { id: string; index: number };

function CompareLines({ ads, metrics }: { ads: ComparedAd[]; metrics: CompareMetric[] }) {
  const [first, second] = metrics;
  // One row per day; a key per ad and metric (a0_spend), so the series stay apart.
  const data = useMemo(() => {
    const days = new Map<string, Record<string, number | string | null>>();
    for (const ad of ads)
      for (const point of ad.chartData) {
        const row = days.get(point.date) ?? { date: point.date };
        for (const metric of metrics) row[`a${ad.index}_${metric}`] = pointValue(point, metric);
        days.set(point.date, row);
      }
    return [...days.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  }, [ads, metrics]);
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="compare-no-days">
        {v.noDays}
      </Text>
    );
  const series = ads.flatMap((ad) =>
    metrics.map((metric, m) => ({
      name: `a${ad.index}_${metric}`,
      label: `${ad.name} · ${metricLabel(metric)}`,
      color: SERIES_COLORS[ad.index],
      ...(m === 1 ? { yAxisId: 'right', strokeDasharray: '5 5' } : {}),
    })),
  );
  return (
    <div data-testid="compare-line-chart">
      <LineChart
        h={320}
        data={data}
        dataKey="date"
        series={series}
        curveType="monotone"
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        withRightYAxis={Boolean(second)}
        yAxisLabel={first ? metricLabel(first) : undefined}
        rightYAxisLabel={second ? metricLabel(second) : undefined}
        valueFormatter={(value) => (first ? compareMetricFormat[first](value) : String(value))}
        withDots={data.length < 40}
      />
    </div>
  );
}

function CompareBars({ ads, metrics }: { ads: ComparedAd[]; metrics: CompareMetric[] }) {
  const series = ads.map((ad) => ({ name: `a${ad.index}`, label: ad.name, color: SERIES_COLORS[ad.index] }));
  return (
    <SimpleGrid
      cols={{ base: 1, md: metrics.length > 1 ? 2 : 1, xl: metrics.length > 2 ? 3 : metrics.length }}
      data-testid="compare-bar-charts"
    >
      {metrics.map((metric) => {
        // Each metric its own chart: money, ratios and counts do not share a scale.
        const row: Record<string, number | string | null> = { metric: metricLabel(metric) };
        for (const ad of ads) row[`a${ad.index}`] = totalValue(ad.totals, metric) ?? 0;
        return (
          <div key={metric} data-testid="compare-bar-chart">
            <Text size="sm" fw={600} mb={4}>
              {metricLabel(metric)}
            </Text>
            <BarChart
              h={220}
              data={[row]}
              dataKey="metric"
              series={series}
              valueFormatter={(value) => compareMetricFormat[metric](value)}
            />
          </div>
        );
      })}
    </SimpleGrid>
  );
}

function CompareTotals({ ads }: { ads: ComparedAd[] }) {
  const base = ads[0];
  return (
    <Paper withBorder radius="md" className={classes.compareTotals}>
      <Table striped highlightOnHover data-testid="compare-totals" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{v.metric}</Table.Th>
            {ads.map((ad) => (
              <Table.Th key={ad.id} ta="right">
                <span className={classes.swatch} style={{ background: cssColor(ad.index), marginRight: 6 }} />
                {ad.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {compareMetrics.map((metric) => (
            <Table.Tr key={metric} data-testid={`compare-row-${metric}`}>
              <Table.Td fw={500}>{metricLabel(metric)}</Table.Td>
              {ads.map((ad) => {
                const value = totalValue(ad.totals, metric);
                const period = metricDelta(
                  metric,
                  value,
                  ad.previous ? totalValue(ad.previous, metric) : null,
                );
                const vsFirst =
                  base && ad.id !== base.id
                    ? metricDelta(metric, value, totalValue(base.totals, metric))
                    : null;
                return (
                  <Table.Td key={ad.id} ta="right">
                    <div>{compareMetricFormat[metric](value)}</div>
                    {period && (
                      <Text
                        span
                        size="xs"
                        className={classes.delta}
                        data-better={period.better}
                        title={interpolate(period.change > 0 ? t.deltaUp : t.deltaDown, {
                          change: `${Math.abs(period.change).toFixed(1)}%`,
                        })}
                      >
                        {period.change > 0 ? '▲' : '▼'} {Math.abs(period.change).toFixed(1)}%
                      </Text>
                    )}
                    {vsFirst && base && (
                      <Text size="xs" c="dimmed" data-testid="compare-vs-first">
                        {interpolate(v.vsFirst, {
                          change: `${vsFirst.change > 0 ? '+' : '−'}${Math.abs(vsFirst.change).toFixed(1)}%`,
                          name: base.name,
                        })}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function AddAd({
  scope,
  preset,
  exclude,
  onAdd,
}: {
  scope: BrandScope;
  preset: AnalyticsPreset;
  exclude: string[];
  onAdd: (id: string) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 500);
  const [open, setOpen] = useState(false);
  const list = useAnalyticsList(
    scope,
    { preset, keyword: debounced, sort: 'spend', order: 'desc', filters: [] },
    open,
  );
  const data = (list.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((ad) => !exclude.includes(ad.id))
    .map((ad) => ({ value: ad.id, label: ad.name }));
  return (
    <Select
      w={260}
      size="xs"
      aria-label={v.addAd}
      placeholder={v.addPlaceholder}
      data={data}
      searchable
      searchValue={keyword}
      onSearchChange={setKeyword}
      onDropdownOpen={() => setOpen(true)}
      filter={({ options }) => options}
      value={null}
      onChange={(id) => {
        if (id) onAdd(id);
        setKeyword('');
      }}
      nothingFoundMessage={list.isPending ? '…' : t.empty}
      data-testid="compare-add"
    />
  );
}

/** A chart that throws while drawing shows an error view with a retry, not a blank page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <LoadFailedAlert
          title={v.chartFailed}
          onRetry={() => this.setState({ failed: false })}
          data-testid="compare-chart-error"
        />
      );
    return this.props.children;
  }
}
