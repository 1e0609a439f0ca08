import {
  type AnalyticsFigures,
  type AnalyticsPreset,
  type AssetPerformanceAd,
  formatMoney,
  formatPercent,
  formatRatio,
  formatSpend,
  interpolate,
} from '@hookline/contract';
import { Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { assetPerformanceTexts as t } from '@/config/texts/asset-performance';
import type { AssetItem, BrandScope } from '../api/keys';
import { useAssetPerformance } from '../api/performance';

export interface PerformancePanelProps {
  scope: BrandScope;
  asset: AssetItem;
}

type TabPreset = keyof typeof t.presets;
const presets = Object.keys(t.presets) as TabPreset[];

/** The tiles: what each shows, how, and whether less is better (CPA). */
const tiles: {
  key: keyof typeof t.tiles;
  value: (f: AnalyticsFigures) => number | null;
  format: (v: number | null) => string;
  lowerIsBetter?: true;
}[] = [
  { key: 'spend', value: (f) => f.spend, format: formatSpend },
  { key: 'roas', value: (f) => f.roas, format: formatRatio },
  { key: 'cpa', value: (f) => f.cpa, format: formatMoney, lowerIsBetter: true },
  { key: 'ctr', value: (f) => f.ctr, format: formatPercent },
  { key: 'thumbstop', value: (f) => f.thumbstopPercentage, format: formatPercent },
];

/** 'ADSET_PAUSED' → 'Adset paused'. */
const statusLabel = (status: string | null) =>
  status ? status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ') : '';

/**
 * The player's performance tab (issue 17 "Beyond the seeds"): for a brand file, the totals of
 * the ads using it over a preset (spend, ROAS, CPA, CTR, thumbstop rate, each with its change
 * against the period before) and those ads, highest spend first, with how the file was found
 * in each (Meta's video id, or a look-alike creative).
 */
export function PerformancePanel({ scope, asset }: PerformancePanelProps) {
  const [preset, setPreset] = useState<TabPreset>('LAST_MONTH');
  const performance = useAssetPerformance(scope, asset.id, preset as AnalyticsPreset);
  const select = (
    <NativeSelect
      label={t.preset}
      size="xs"
      value={preset}
      onChange={(event) => setPreset(event.currentTarget.value as TabPreset)}
      data={presets.map((value) => ({ value, label: t.presets[value] }))}
    />
  );
  if (performance.isError)
    return (
      <Stack gap="sm">
        {select}
        <LoadFailedAlert title={t.loadFailed} onRetry={() => void performance.refetch()} />
      </Stack>
    );
  const data = performance.data;
  if (!data)
    return (
      <Stack gap="sm" data-testid="performance-loading">
        {select}
        <SimpleGrid cols={2} spacing="xs">
          {tiles.map((tile) => (
            <Skeleton key={tile.key} height={52} radius="sm" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  if (data.ads.length === 0)
    return (
      <Stack gap="sm">
        {select}
        <EmptyState
          testId="performance-empty"
          icon={<IconChartBar size={24} />}
          title={t.empty}
          text={t.emptyText}
        />
      </Stack>
    );
  return (
    <Stack gap="sm" data-testid="performance-panel">
      {select}
      <SimpleGrid cols={2} spacing="xs" aria-label={t.totals} role="group">
        {tiles.map((tile) => (
          <Tile
            key={tile.key}
            label={t.tiles[tile.key]}
            current={tile.value(data.totals)}
            previous={data.previous ? tile.value(data.previous) : null}
            format={tile.format}
            lowerIsBetter={tile.lowerIsBetter ?? false}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600} mt="xs">
        {t.ads}
      </Text>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.ads}>
        {data.ads.map((ad) => (
          <AdRow key={ad.id} ad={ad} />
        ))}
      </Stack>
    </Stack>
  );
}

function Tile({
  label,
  current,
  previous,
  format,
  lowerIsBetter,
}: {
  label: string;
  current: number | null;
  previous: number | null;
  format: (value: number | null) => string;
  lowerIsBetter: boolean;
}) {
  const change =
    current !== null && previous !== null && previous > 0 ? (current - previous) / previous : null;
  const up = change !== null && change > 0;
  const better = change !== null && change !== 0 && up !== lowerIsBetter;
  const changeText = change === null ? '' : `${Math.round(Math.abs(change) * 100)}%`;
  return (
    <Paper withBorder radius="sm" p={8} data-testid="performance-tile">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text fw={600}>{format(current)}</Text>
        {change !== null && change !== 0 && (
          <Text
            size="xs"
            c={better ? 'teal.8' : 'red.8'}
            aria-label={interpolate(up ? t.deltaUp : t.deltaDown, { change: changeText })}
            title={interpolate(up ? t.deltaUp : t.deltaDown, { change: changeText })}
            style={{ display: 'inline-flex', alignItems: 'center' }}
          >
            {up ? <IconArrowUpRight size={12} /> : <IconArrowDownRight size={12} />}
            {changeText}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

function AdRow({ ad }: { ad: AssetPerformanceAd }) {
  const method = t.methods[ad.method];
  return (
    <li data-testid="performance-ad">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate title={ad.name}>
          {ad.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {statusLabel(ad.effectiveStatus)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t.columns.spend} {formatSpend(ad.spend)} · {t.columns.roas} {formatRatio(ad.roas)} ·{' '}
        <span title={ad.distance === null ? undefined : interpolate(t.distance, { bits: ad.distance })}>
          {method}
        </span>
      </Text>
    </li>
  );
}
