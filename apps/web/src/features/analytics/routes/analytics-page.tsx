import {
  type AnalyticsFilterItem,
  type AnalyticsPreset,
  analyticsPresets,
  type DynamicAdNameGroup,
  formatCount,
  interpolate,
} from '@hookline/contract';
import { ActionIcon, Button, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconPlugConnected, IconSearch, IconTableImport } from '@tabler/icons-react';
import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import frame from '@/components/page-frame.module.css';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { analyticsTexts as t } from '@/config/texts/analytics';
import { analyticsNavTexts } from '@/config/texts/analytics-labels';
import type { BrandScope } from '@/entities/asset/api/keys';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { IntegrationIssuesBanner } from '@/entities/integration/components/integration-issues-banner';
import { useFeatureFlag } from '@/lib/feature-flags';
import { buildLink } from '@/lib/link-builder';
import { showErrorToast } from '@/lib/notify';
import { type GroupByState, rangeComplete, type SortingItem, storeSorting } from '../analytics-state';
import { useAnalyticsGroups, useAnalyticsList, useHasAdData } from '../api/analytics';
import classes from '../components/analytics.module.css';
import { AnalyticsGroups } from '../components/analytics-groups';
import { AnalyticsPlayer } from '../components/analytics-player';
import { AnalyticsTable } from '../components/analytics-table';
import { CompareButton } from '../components/compare-button';
import { DynamicGroupsModal } from '../components/dynamic-groups-modal';
import { ExportButton } from '../components/export-button';
import { FilterChips, FiltersPopover } from '../components/filters-popover';
import { GroupByMenu } from '../components/group-by-menu';
import { metricColumns } from '../components/metrics';
import { isoDay, useAnalyticsState } from '../hooks/use-analytics-state';

const KEYWORD_DEBOUNCE_MS = 500;
const CHART_KEY = 'analytics-bar-chart';

// The charting library loads after the table, in its own chunk.
const AnalyticsBarChart = lazy(() => import('../components/analytics-bar-chart'));

function storedChartShown(): boolean {
  try {
    return window.localStorage.getItem(CHART_KEY) !== 'hidden';
  } catch {
    return true;
  }
}

const presetOptions = analyticsPresets.map((value) => ({ value, label: t.presets[value] }));

const isPreset = (value: string | null): value is AnalyticsPreset =>
  analyticsPresets.includes(value as AnalyticsPreset);

/**
 * /analytics (issue 17; 001 §2 "Creative Analytics page"): the brand's ads with their figures
 * for a date preset, searched by keyword and sorted on the server, 40 a page as the table
 * scrolls. Keyword, sorting and preset live in `?state=` so links and back/forward work.
 */
export function AnalyticsPage() {
  const brand = useActiveBrand();
  const { adId, assetId, tab } = useParams();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  return (
    <>
      <AnalyticsView key={brand.id} brand={brand} />
      {adId && (
        <AnalyticsPlayer key={`${brand.id}:${adId}`} scope={scope} adId={adId} assetId={assetId} tab={tab} />
      )}
    </>
  );
}

function AnalyticsView({ brand }: { brand: BrandItem }) {
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const location = useLocation();
  const [state, setState] = useAnalyticsState();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  // The keyword field: typed freely, searched 500 ms after typing stops; back/forward set it.
  const [keyword, setKeyword] = useState(state.keyword);
  const [debounced] = useDebouncedValue(keyword.trim(), KEYWORD_DEBOUNCE_MS);
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    setKeyword((current) => (current.trim() === state.keyword ? current : state.keyword));
  }, [state.keyword]);
  // Only a new debounced keyword navigates (not a new location: back would be undone).
  const setStateRef = useRef(setState);
  setStateRef.current = setState;
  useEffect(() => {
    if (debounced !== stateRef.current.keyword)
      setStateRef.current({ ...stateRef.current, keyword: debounced });
  }, [debounced]);

  const sort = state.sorting[0] ?? { id: 'spend', desc: true };
  const complete = rangeComplete(state);
  const args = useMemo(
    () => ({
      preset: state.preset,
      from: state.from,
      to: state.to,
      keyword: state.keyword,
      sort: sort.id,
      order: sort.desc ? ('desc' as const) : ('asc' as const),
      filters: state.filters,
    }),
    [state.preset, state.from, state.to, state.keyword, sort.id, sort.desc, state.filters],
  );
  const groupBy = state.groupBy;
  const query = useAnalyticsList(scope, args, complete && !groupBy);
  const groups = useAnalyticsGroups(
    scope,
    {
      ...args,
      groupBy: groupBy?.id ?? 'actorName',
      dynamicAdNameGroups: groupBy?.id === 'dynamicAdNameGroups' ? groupBy.conditions : undefined,
    },
    complete && Boolean(groupBy),
  );
  const [dynamicOpen, setDynamicOpen] = useState(false);
  const chartEnabled = useFeatureFlag('analyticsBarChart');
  const [chartShown, setChartShown] = useState(storedChartShown);
  const toggleChart = () => {
    setChartShown((shown) => {
      try {
        window.localStorage.setItem(CHART_KEY, shown ? 'hidden' : 'shown');
      } catch {
        // Storage blocked: the choice lasts this visit.
      }
      return !shown;
    });
  };
  const chartMetric = metricColumns.some((column) => column.id === sort.id) ? sort.id : null;
  const ads = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? 0;
  const loaded = complete && !query.isPending;
  const empty = loaded && !query.isError && ads.length === 0;
  // An empty answer without a keyword: does the brand have ad data at all?
  const probe = useHasAdData(scope, empty && state.keyword === '' && state.preset !== 'ALL_TIME');
  const noData =
    empty && state.keyword === '' && (state.preset === 'ALL_TIME' ? total === 0 : probe.data === false);
  const probing = empty && state.keyword === '' && state.preset !== 'ALL_TIME' && probe.isPending;

  // Fetch errors: a toast (001 §2 'error.title'/'error.content') and an inline error with a retry.
  const errorAt = query.isError ? query.errorUpdatedAt : groups.isError ? groups.errorUpdatedAt : 0;
  useEffect(() => {
    if (errorAt) showErrorToast();
  }, [errorAt]);

  // A new query starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's arguments are the trigger.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [args]);

  const onSortingChange = useCallback(
    (sorting: SortingItem[]) => {
      storeSorting(sorting);
      setState({ ...stateRef.current, sorting });
    },
    [setState],
  );
  const onPreset = (value: string | null) => {
    if (!isPreset(value) || value === state.preset) return;
    if (value === 'CUSTOM') {
      const today = new Date();
      const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
      setState({ ...state, preset: value, from: state.from ?? isoDay(start), to: state.to ?? isoDay(today) });
    } else {
      setState({ ...state, preset: value, from: undefined, to: undefined });
    }
  };
  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) =>
      setRowSelection((current) => (typeof updater === 'function' ? updater(current) : updater)),
    [],
  );
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const selected = selectedIds.length;
  const onGroupBy = (value: GroupByState | undefined) => setState({ ...stateRef.current, groupBy: value });
  const onDynamic = (conditions: DynamicAdNameGroup[]) => {
    setDynamicOpen(false);
    setState({
      ...stateRef.current,
      groupBy: { id: 'dynamicAdNameGroups', label: t.dynamic.title, conditions },
    });
  };
  const onFilters = (filters: AnalyticsFilterItem[]) => setState({ ...stateRef.current, filters });
  const metaSettings = buildLink(paths.settingsMetaIntegration.getHref(), {}, location.search);

  let body: ReactNode;
  if (!complete) {
    body = <EmptyState testId="analytics-range" icon={<IconChartBar size={28} />} title={t.pickDates} />;
  } else if (query.isError && ads.length === 0) {
    body = (
      <LoadFailedAlert
        title={t.loadFailed}
        onRetry={() => void query.refetch()}
        m="lg"
        data-testid="analytics-error"
      />
    );
  } else if (noData) {
    body = (
      <EmptyState
        testId="analytics-no-data"
        icon={<IconChartBar size={28} />}
        title={t.noData}
        text={t.noDataText}
        action={
          <Group gap="xs" mt="xs" justify="center">
            <Button
              component={Link}
              to={metaSettings}
              variant="light"
              size="xs"
              leftSection={<IconPlugConnected size={14} />}
            >
              {t.connectMeta}
            </Button>
            <Button
              component={Link}
              to={metaSettings}
              variant="default"
              size="xs"
              leftSection={<IconTableImport size={14} />}
            >
              {t.importExport}
            </Button>
          </Group>
        }
      />
    );
  } else if (groupBy) {
    body =
      groups.isError && !groups.data ? (
        <LoadFailedAlert
          title={t.groupsFailed}
          onRetry={() => void groups.refetch()}
          m="lg"
          data-testid="analytics-error"
        />
      ) : groups.data?.length === 0 ? (
        <EmptyState testId="analytics-empty" icon={<IconSearch size={28} />} title={t.empty} />
      ) : (
        <AnalyticsGroups
          scope={scope}
          rows={groups.data ?? []}
          loading={groups.isPending}
          args={args}
          sorting={state.sorting}
          onSortingChange={onSortingChange}
        />
      );
  } else if (empty && !probing) {
    body = <EmptyState testId="analytics-empty" icon={<IconSearch size={28} />} title={t.empty} />;
  } else {
    body = (
      <>
        <AnalyticsTable
          ads={ads}
          preset={state.preset}
          loading={query.isPending || probing}
          scrollRef={scrollRef}
          sorting={state.sorting}
          onSortingChange={onSortingChange}
          hasNextPage={query.hasNextPage && !query.isError}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          rowSelection={rowSelection}
          onRowSelectionChange={onRowSelectionChange}
        />
        {query.isError && (
          <LoadFailedAlert
            title={t.loadFailed}
            onRetry={() => void query.fetchNextPage()}
            m="md"
            data-testid="analytics-error"
          />
        )}
      </>
    );
  }

  return (
    <div className={frame.page} data-testid="analytics-page">
      <header className={frame.header}>
        <Group gap="md" align="baseline">
          <PageHeading
            title={analyticsNavTexts.title}
            countTestId="analytics-count"
            count={
              !groupBy && loaded && !query.isError
                ? total === 1
                  ? t.ad
                  : interpolate(t.ads, { count: formatCount(total) })
                : null
            }
          />
          {selected > 0 && !groupBy && (
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="analytics-selected">
                {interpolate(t.selected, { count: selected })}
              </Text>
              <CompareButton selectedIds={selectedIds} preset={state.preset} />
            </Group>
          )}
        </Group>
        <div className={classes.controls}>
          <TextInput
            className={classes.keyword}
            aria-label={t.keyword}
            placeholder={t.keywordPlaceholder}
            leftSection={<IconSearch size={14} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            size="sm"
            maxLength={200}
            data-testid="analytics-keyword"
          />
          <Select
            className={classes.preset}
            aria-label={t.preset}
            data={presetOptions}
            value={state.preset}
            onChange={onPreset}
            allowDeselect={false}
            size="sm"
            comboboxProps={{ withinPortal: true }}
            data-testid="analytics-preset"
          />
          {state.preset === 'CUSTOM' && (
            <>
              <TextInput
                className={classes.date}
                type="date"
                aria-label={t.from}
                value={state.from ?? ''}
                max={state.to}
                onChange={(event) =>
                  setState({ ...state, from: event.currentTarget.value || undefined }, true)
                }
                size="sm"
                data-testid="analytics-from"
              />
              <TextInput
                className={classes.date}
                type="date"
                aria-label={t.to}
                value={state.to ?? ''}
                min={state.from}
                onChange={(event) => setState({ ...state, to: event.currentTarget.value || undefined }, true)}
                size="sm"
                data-testid="analytics-to"
              />
            </>
          )}
          <GroupByMenu
            scope={scope}
            value={groupBy}
            onChange={onGroupBy}
            onDynamic={() => setDynamicOpen(true)}
          />
          <FiltersPopover scope={scope} value={state.filters} onChange={onFilters} />
          {chartEnabled && !groupBy && (
            <Tooltip label={chartShown ? t.hideChart : t.showChart}>
              <ActionIcon
                variant={chartShown ? 'light' : 'default'}
                size={36}
                aria-label={chartShown ? t.hideChart : t.showChart}
                aria-pressed={chartShown}
                onClick={toggleChart}
                data-testid="analytics-chart-toggle"
              >
                <IconChartBar size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <ExportButton scope={scope} args={args} complete={complete} />
        </div>
        <FilterChips value={state.filters} onChange={onFilters} />
      </header>
      <IntegrationIssuesBanner scope={scope} />
      <DynamicGroupsModal
        opened={dynamicOpen}
        initial={groupBy?.id === 'dynamicAdNameGroups' ? groupBy.conditions : undefined}
        onClose={() => setDynamicOpen(false)}
        onApply={onDynamic}
      />
      {chartEnabled && chartShown && !groupBy && chartMetric && ads.length > 0 && (
        <Suspense fallback={null}>
          <AnalyticsBarChart ads={ads} preset={state.preset} metricId={chartMetric} />
        </Suspense>
      )}
      <div className={classes.scroller} ref={scrollRef}>
        {body}
      </div>
    </div>
  );
}
