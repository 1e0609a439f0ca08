import {
  type AnalyticsAd,
  type AnalyticsGroupRow,
  type AnalyticsPreset,
  formatCount,
  interpolate,
} from '@hookline/contract';
import { Button, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { analyticsTexts as t } from '@/config/texts/analytics';
import type { BrandScope } from '@/entities/asset/api/keys';
import type { SortingItem } from '../analytics-state';
import { type AnalyticsListArgs, useAnalyticsList } from '../api/analytics';
import classes from './analytics.module.css';
import { figuresOf, METRIC_PX, MetricCell, NAME_PX, NameCell, SortMark } from './analytics-table';
import { type MetricColumn, metricColumns, type ShownMetric } from './metrics';

/** A group row's figure for a column (001 §3 "Group row": spend → totalSpend, results → totalResults). */
const groupValue: Record<ShownMetric, (row: AnalyticsGroupRow) => number | null> = {
  spend: (row) => row.totalSpend,
  roas: (row) => row.roas,
  conversions: (row) => row.totalResults,
  cpa: (row) => row.cpa,
  conversionRate: (row) => row.conversionRate,
  ctr: (row) => row.ctr,
  avgWatchTime: (row) => row.avgWatchTime,
  thumbstopRate: (row) => row.thumbstopRate,
};

const width = NAME_PX + metricColumns.length * METRIC_PX;

/**
 * The list grouped (001 §2): one row per group with its count, totals and weighted averages,
 * in the table's columns; a row expands to its ads (the list with the group's id as parentId),
 * 40 at a time. Groups are few (one per value, tag or dynamic group), so they are not
 * virtualised; an expanded group's ads load page by page.
 */
export function AnalyticsGroups({
  scope,
  rows,
  loading,
  args,
  sorting,
  onSortingChange,
}: {
  scope: BrandScope;
  rows: AnalyticsGroupRow[];
  loading: boolean;
  args: AnalyticsListArgs;
  sorting: SortingItem[];
  onSortingChange: (sorting: SortingItem[]) => void;
}) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const sort = sorting[0];
  const toggleSort = (id: SortingItem['id']) =>
    onSortingChange([{ id, desc: sort?.id === id ? !sort.desc : id !== 'name' }]);
  const header = (id: 'name' | ShownMetric, label: string) => (
    <th
      key={id}
      className={classes.th}
      data-numeric={id !== 'name'}
      style={{ width: id === 'name' ? NAME_PX : METRIC_PX }}
      aria-sort={sort?.id === id ? (sort.desc ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => toggleSort(id)}
        aria-label={interpolate(t.sortBy, { column: label })}
        data-testid={`group-sort-${id}`}
      >
        <span className={classes.thLabel}>{label}</span>
        <SortMark sorted={sort?.id === id ? (sort.desc ? 'desc' : 'asc') : false} />
      </UnstyledButton>
    </th>
  );

  return (
    <table className={classes.groupTable} style={{ width, minWidth: '100%' }} data-testid="analytics-groups">
      <thead className={classes.groupHead}>
        <tr className={classes.headRow}>
          {header('name', t.columns.name)}
          {metricColumns.map((metric) => header(metric.id, t.columns[metric.id]))}
        </tr>
      </thead>
      <tbody>
        {loading
          ? Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders.
              <tr key={i} className={classes.groupRow} data-testid="group-skeleton">
                <td className={classes.td} style={{ width: NAME_PX }}>
                  <Skeleton height={12} width="60%" />
                </td>
                {metricColumns.map((metric) => (
                  <td key={metric.id} className={classes.td} data-numeric style={{ width: METRIC_PX }}>
                    <Skeleton height={12} width="60%" ml="auto" />
                  </td>
                ))}
              </tr>
            ))
          : rows.map((row) => {
              const expanded = open.has(row.id);
              const toggle = () =>
                setOpen((current) => {
                  const next = new Set(current);
                  if (next.has(row.id)) next.delete(row.id);
                  else next.add(row.id);
                  return next;
                });
              return (
                <GroupRows
                  key={row.id}
                  scope={scope}
                  row={row}
                  expanded={expanded}
                  onToggle={toggle}
                  args={args}
                />
              );
            })}
      </tbody>
    </table>
  );
}

function GroupRows({
  scope,
  row,
  expanded,
  onToggle,
  args,
}: {
  scope: BrandScope;
  row: AnalyticsGroupRow;
  expanded: boolean;
  onToggle: () => void;
  args: AnalyticsListArgs;
}) {
  const label = interpolate(expanded ? t.collapseGroup : t.expandGroup, { name: row.name });
  return (
    <>
      <tr className={classes.groupRow} data-testid="group-row">
        <td className={classes.td} style={{ width: NAME_PX }}>
          {/* Named by what it shows (the group and its count), so speech matches the screen. */}
          <UnstyledButton
            className={classes.groupName}
            onClick={onToggle}
            aria-expanded={expanded}
            title={label}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <span className={classes.thLabel}>
              <Text span size="sm" fw={600} data-testid="group-name">
                {row.name}
              </Text>
              {row.category && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {row.category}
                </Text>
              )}
            </span>
            <Text span size="xs" c="dimmed" className={classes.groupCount} data-testid="group-count">
              {row.count === 1 ? t.groupAd : interpolate(t.groupAds, { count: formatCount(row.count) })}
            </Text>
          </UnstyledButton>
        </td>
        {metricColumns.map((metric) => (
          <td key={metric.id} className={classes.td} data-numeric style={{ width: METRIC_PX }}>
            <span data-testid={`group-${metric.id}`}>{metric.format(groupValue[metric.id](row))}</span>
          </td>
        ))}
      </tr>
      {expanded && <GroupAds scope={scope} args={{ ...args, parentId: row.id }} />}
    </>
  );
}

function GroupAds({ scope, args }: { scope: BrandScope; args: AnalyticsListArgs }) {
  const query = useAnalyticsList(scope, args, true);
  const ads = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending)
    return (
      <tr className={classes.childRow}>
        <td className={classes.td} style={{ width }}>
          <Skeleton height={12} width={240} ml={28} />
        </td>
      </tr>
    );
  if (ads.length === 0)
    return (
      <tr className={classes.childRow}>
        <td className={classes.td} style={{ width }}>
          <Text size="sm" c="dimmed" ml={28}>
            {query.isError ? t.loadFailed : t.groupEmpty}
          </Text>
        </td>
      </tr>
    );
  return (
    <>
      {ads.map((ad) => (
        <ChildRow key={ad.id} ad={ad} preset={args.preset} />
      ))}
      {query.hasNextPage && (
        <tr className={classes.childRow}>
          <td className={classes.td} style={{ width }}>
            <Button
              variant="subtle"
              size="xs"
              ml={20}
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t.groupMore}
            </Button>
          </td>
        </tr>
      )}
    </>
  );
}

function ChildRow({ ad, preset }: { ad: AnalyticsAd; preset: AnalyticsPreset }) {
  const figures = figuresOf(ad, preset);
  return (
    <tr className={classes.childRow} data-testid="group-ad">
      <td className={classes.td} style={{ width: NAME_PX, paddingLeft: 40 }}>
        <NameCell ad={ad} />
      </td>
      {metricColumns.map((metric: MetricColumn) => (
        <td key={metric.id} className={classes.td} data-numeric style={{ width: METRIC_PX }}>
          <MetricCell metric={metric} figures={figures} previous={figures?.previous ?? null} />
        </td>
      ))}
    </tr>
  );
}
