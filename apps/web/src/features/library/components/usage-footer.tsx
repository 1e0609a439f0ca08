import { interpolate } from '@hookline/contract';
import { Progress, Text } from '@mantine/core';
import { libraryTexts } from '@/config/texts/library';
import { useActiveBrand } from '@/entities/brand';
import { useAllocation, useUsage } from '@/entities/usage/get-usage';
import classes from './library.module.css';

const t = libraryTexts.library;
const numbers = new Intl.NumberFormat('en-US');

export function usageColor(percent: number): string {
  if (percent >= 100) return 'red';
  if (percent >= 80) return 'orange';
  return 'var(--mantine-primary-color-filled)';
}

/** The sidebar footer: assets used against the plan's allocation ('unlimited' when it has none). */
export function UsageFooter() {
  const brand = useActiveBrand();
  const usage = useUsage(brand.accountId);
  const allocation = useAllocation(brand.accountId);
  if (!usage.data || !allocation.data) return null;
  const used = usage.data.assetsCount;
  const limit = allocation.data.assetsCount;
  const percent = limit ? (used / limit) * 100 : 0;
  const text =
    limit === null
      ? interpolate(t.usageUnlimited, { used: numbers.format(used) })
      : interpolate(t.usage, { used: numbers.format(used), allocation: numbers.format(limit) });
  return (
    <div className={classes.usage} data-testid="usage-footer">
      <Text size="xs" c="dimmed" mb={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Text>
      {limit !== null && (
        <Progress
          value={Math.min(100, percent)}
          size="sm"
          color={usageColor(percent)}
          aria-label={t.usageLabel}
          data-testid="usage-bar"
          data-level={percent >= 100 ? 'full' : percent >= 80 ? 'high' : 'normal'}
        />
      )}
    </div>
  );
}
