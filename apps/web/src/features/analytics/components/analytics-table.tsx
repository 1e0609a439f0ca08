import {
  type AnalyticsAd,
  type AnalyticsFigures,
  type AnalyticsPreset,
  analyticsScores,
  interpolate,
  PREFETCH_WINDOW,
  SKELETON_COUNT,
} from '@hookline/contract';
import { Badge, Checkbox, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhoto } from '@tabler/icons-react';
import {
  type ColumnDef,
  type ColumnSizingState,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type RefObject, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { analyticsTexts as t } from '@/config/texts/analytics';
import { COLUMN_WIDTHS_KEY, type SortingItem } from '../analytics-state';
import classes from './analytics.module.css';
import {
  type MetricColumn,
  metricColumns,
  metricDelta,
  scoreColor,
  statusColor,
  statusLabel,
} from './metrics';

const ROW_PX = 64;
/** The sticky header row above the rows, inside the same scroller. */
const HEAD_PX = 40;
/** Rows rendered beyond the viewport (001 §2 table). */
const OVERSCAN_ROWS = 20;
const SELECT_PX = 40;
export const NAME_PX = 400;
const NAME_MIN_PX = 260;
export const METRIC_PX = 132;
const METRIC_MIN_PX = 96;
const SCORE_PX = 112;

/** The creative scores' columns after the metrics (issue 17 "Beyond the seeds"), sorted on the server by their score field. */
const scoreColumns = analyticsScores.map((score) => ({ score, id: `${score}Score` as const }));

function storedWidths(): ColumnSizingState {
  try {
    const raw = window.localStorage.getItem(COLUMN_WIDTHS_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(([, width]) => typeof width === 'number' && Number.isFinite(width)),
    ) as ColumnSizingState;
  } catch {
    return {};
  }
}

/** An ad's figures for the asked preset (the server keys them by the preset). */
export function figuresOf(ad: AnalyticsAd, preset: AnalyticsPreset) {
  return ad.analyticsPresets[preset] ?? Object.values(ad.analyticsPresets)[0] ?? null;
}

export function Poster({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed)
    return (
      <div className={classes.poster} role="img" aria-label={t.noPoster} data-testid="poster-placeholder">
        <IconPhoto size={18} stroke={1.5} />
      </div>
    );
  return <img className={classes.poster} src={url} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

export const NameCell = memo(function NameCell({ ad }: { ad: AnalyticsAd }) {
  const status = ad.effectiveStatus;
  const location = useLocation();
  return (
    <div className={classes.nameCell}>
      <Poster url={ad.posterUrl} />
      <div className={classes.nameText}>
        <div className={classes.nameLine}>
          <Text
            component={Link}
            // The analytics player over the list; the list's state stays in the address.
            to={`${paths.analytics.getHref()}/${ad.id}${location.search}`}
            size="sm"
            fw={500}
            truncate="end"
            title={ad.name}
            className={classes.nameLink}
            data-testid="ad-name"
          >
            {ad.name}
          </Text>
          <Badge
            size="sm"
            // A coloured dot beside dark text: the light variant's pale text fails contrast at this size.
            variant="dot"
            color={statusColor(status)}
            tt="none"
            fw={500}
            className={classes.status}
            data-testid="ad-status"
            data-color={statusColor(status)}
          >
            {status ? statusLabel(status) : t.status.unknown}
          </Badge>
        </div>
        <Text
          size="xs"
          c="dimmed"
          truncate="end"
          className={classes.parents}
          title={`${ad.campaignName} › ${ad.adGroupName}`}
        >
          {ad.campaignName} › {ad.adGroupName}
        </Text>
      </div>
    </div>
  );
});

export function MetricCell({
  metric,
  figures,
  previous,
}: {
  metric: MetricColumn;
  figures: AnalyticsFigures | null;
  previous: AnalyticsFigures | null;
}) {
  const value = figures ? metric.value(figures) : null;
  const delta = metricDelta(metric.id, value, previous ? metric.value(previous) : null);
  const change = delta
    ? `${Math.abs(delta.change) >= 1000 ? '>999' : Math.abs(delta.change).toFixed(1)}%`
    : '';
  return (
    <div className={classes.metric}>
      <span data-testid={`cell-${metric.id}`}>{metric.format(value)}</span>
      {delta && (
        <span
          className={classes.delta}
          data-better={delta.better}
          data-testid={`delta-${metric.id}`}
          role="img"
          aria-label={interpolate(delta.change > 0 ? t.deltaUp : t.deltaDown, { change })}
          title={interpolate(delta.change > 0 ? t.deltaUp : t.deltaDown, { change })}
        >
          {delta.change > 0 ? (
            <IconArrowUp size={12} stroke={2.5} />
          ) : (
            <IconArrowDown size={12} stroke={2.5} />
          )}
          {change}
        </span>
      )}
    </div>
  );
}

/** A creative score, 0–100, as a coloured dot badge; N/A below the spend and impressions floor. */
function ScoreCell({ value, testId }: { value: number | null; testId: string }) {
  return (
    <div className={classes.metric}>
      <Badge variant="dot" color={scoreColor(value)} tt="none" data-testid={testId}>
        {value === null ? t.player.scoreNa : value}
      </Badge>
    </div>
  );
}

export function SortMark({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (!sorted) return null;
  return sorted === 'desc' ? <IconArrowDown size={13} /> : <IconArrowUp size={13} />;
}

function HeaderCell({ header }: { header: Header<AnalyticsAd, unknown> }) {
  const column = header.column;
  const label = typeof column.columnDef.header === 'string' ? column.columnDef.header : '';
  const sorted = column.getIsSorted();
  const numeric = column.id !== 'select' && column.id !== 'name';
  return (
    <th
      className={classes.th}
      data-numeric={numeric}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      style={{ width: header.getSize() }}
    >
      {column.getCanSort() ? (
        <UnstyledButton
          className={classes.sortButton}
          onClick={column.getToggleSortingHandler()}
          aria-label={interpolate(t.sortBy, { column: label })}
          data-testid={`sort-${column.id}`}
        >
          <span className={classes.thLabel}>{label}</span>
          <SortMark sorted={sorted} />
        </UnstyledButton>
      ) : (
        flexRender(column.columnDef.header, header.getContext())
      )}
      {column.getCanResize() && (
        <div
          className={classes.resizer}
          data-resizing={column.getIsResizing()}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          aria-hidden
          data-testid={`resize-${column.id}`}
        />
      )}
    </th>
  );
}

/**
 * The ads as a table (001 §2): select, name (poster, status, campaign › ad set) and the metric
 * columns with their change against the window before. Rows are virtualised (overscan 20) and
 * the next page loads before the end; header clicks sort on the server; widths are resizable
 * and kept on this device.
 */
export function AnalyticsTable({
  ads,
  preset,
  loading,
  scrollRef,
  sorting,
  onSortingChange,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  rowSelection,
  onRowSelectionChange,
}: {
  ads: AnalyticsAd[];
  preset: AnalyticsPreset;
  loading: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  sorting: SortingItem[];
  onSortingChange: (sorting: SortingItem[]) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (updater: Updater<RowSelectionState>) => void;
}) {
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>(storedWidths);
  const columns = useMemo<ColumnDef<AnalyticsAd>[]>(
    () => [
      {
        id: 'select',
        size: SELECT_PX,
        minSize: SELECT_PX,
        maxSize: SELECT_PX,
        enableSorting: false,
        enableResizing: false,
        header: ({ table }) => (
          <Checkbox
            size="xs"
            aria-label={t.selectAll}
            checked={table.getIsAllRowsSelected()}
            indeterminate={table.getIsSomeRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
            data-testid="select-all"
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            size="xs"
            aria-label={interpolate(t.selectAd, { name: row.original.name })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      {
        id: 'name',
        // An accessor makes a column sortable; the server does the sorting.
        accessorFn: (ad) => ad.name,
        header: t.columns.name,
        size: NAME_PX,
        minSize: NAME_MIN_PX,
        sortDescFirst: false,
        cell: ({ row }) => <NameCell ad={row.original} />,
      },
      ...metricColumns.map(
        (metric): ColumnDef<AnalyticsAd> => ({
          id: metric.id,
          accessorFn: (ad) => {
            const figures = figuresOf(ad, preset);
            return figures ? metric.value(figures) : null;
          },
          header: t.columns[metric.id],
          size: METRIC_PX,
          minSize: METRIC_MIN_PX,
          sortDescFirst: true,
          cell: ({ row }) => {
            const figures = figuresOf(row.original, preset);
            return <MetricCell metric={metric} figures={figures} previous={figures?.previous ?? null} />;
          },
        }),
      ),
      ...scoreColumns.map(
        ({ score, id }): ColumnDef<AnalyticsAd> => ({
          id,
          accessorFn: (ad) => figuresOf(ad, preset)?.scores[score] ?? null,
          header: t.columns[id],
          size: SCORE_PX,
          minSize: METRIC_MIN_PX,
          sortDescFirst: true,
          cell: ({ row }) => (
            <ScoreCell value={figuresOf(row.original, preset)?.scores[score] ?? null} testId={`cell-${id}`} />
          ),
        }),
      ),
    ],
    [preset],
  );

  const table = useReactTable({
    data: ads,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (ad) => ad.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: true,
    columnResizeMode: 'onChange',
    state: { sorting: sorting as SortingState, columnSizing, rowSelection },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting as SortingState) : updater;
      if (next.length > 0) onSortingChange(next as SortingItem[]);
    },
    onColumnSizingChange: setColumnSizing,
    onRowSelectionChange,
  });
  const resizing = table.getState().columnSizingInfo.isResizingColumn;
  useEffect(() => {
    if (resizing) return;
    try {
      window.localStorage.setItem(COLUMN_WIDTHS_KEY, JSON.stringify(columnSizing));
    } catch {
      // Storage blocked: widths last this visit only.
    }
  }, [columnSizing, resizing]);

  const rows = table.getRowModel().rows;
  const skeletons = loading ? SKELETON_COUNT : isFetchingNextPage ? 3 : 0;
  const count = (loading ? 0 : rows.length) + skeletons;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: HEAD_PX,
    initialRect: { width: 1200, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  // The last row in view (not the overscan): the next page loads 10 rows before the end.
  const last = virtualizer.range?.endIndex ?? -1;
  useEffect(() => {
    if (!loading && hasNextPage && !isFetchingNextPage && last >= rows.length - PREFETCH_WINDOW)
      fetchNextPage();
  }, [loading, hasNextPage, isFetchingNextPage, last, rows.length, fetchNextPage]);

  const width = table.getTotalSize();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const leaf = table.getVisibleLeafColumns();

  return (
    <table
      aria-rowcount={loading ? -1 : rows.length + 1}
      aria-busy={loading || isFetchingNextPage}
      className={classes.table}
      style={{ width, minWidth: '100%' }}
      data-testid="analytics-table"
    >
      <thead className={classes.head}>
        <tr className={classes.headRow}>
          {headers.map((header) => (
            <HeaderCell key={header.id} header={header} />
          ))}
        </tr>
      </thead>
      <tbody className={classes.bodyRows} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = loading ? undefined : rows[item.index];
          return (
            <tr
              key={row?.id ?? `skeleton-${item.index}`}
              aria-rowindex={item.index + 2}
              aria-selected={row ? row.getIsSelected() : undefined}
              className={classes.row}
              data-testid={row ? 'analytics-row' : 'analytics-row-skeleton'}
              style={{ height: ROW_PX, transform: `translateY(${item.start - HEAD_PX}px)` }}
            >
              {row
                ? row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={classes.td}
                      data-numeric={cell.column.id !== 'select' && cell.column.id !== 'name'}
                      style={{ width: cell.column.getSize() }}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))
                : leaf.map((column) => (
                    <td
                      key={column.id}
                      className={classes.td}
                      data-numeric={column.id !== 'select' && column.id !== 'name'}
                      style={{ width: column.getSize() }}
                    >
                      {column.id === 'select' ? null : column.id === 'name' ? (
                        <div className={classes.nameCell}>
                          <Skeleton width={48} height={48} radius="sm" />
                          <div style={{ flex: 1 }}>
                            <Skeleton height={12} width="70%" />
                            <Skeleton height={10} width="45%" mt={8} />
                          </div>
                        </div>
                      ) : (
                        <Skeleton height={12} width="60%" ml="auto" />
                      )}
                    </td>
                  ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
