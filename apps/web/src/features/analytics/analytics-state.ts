import {
  ANALYTICS_LIMITS,
  type AnalyticsFilterItem,
  type AnalyticsGroupBy,
  type AnalyticsPreset,
  type AnalyticsSortField,
  analyticsFilterItemSchema,
  analyticsGroupBySchema,
  analyticsPresets,
  analyticsSortFields,
  analyticsTextOperators,
  DEFAULT_ANALYTICS_PRESET,
  type DynamicAdNameGroup,
} from '@hookline/contract';
import { z } from 'zod';

/** One sorted column, as TanStack Table keeps it (001 §2 state field `sorting`). */
export interface SortingItem {
  id: AnalyticsSortField;
  desc: boolean;
}

/**
 * The list's grouping (001 §2 state `groupBy {id, label, conditions}`): `id` is the server's
 * groupBy (a creative-info field, `tagCategory:{id}` or `dynamicAdNameGroups`); dynamic name
 * groups carry their groups in `conditions`.
 */
export interface GroupByState {
  id: AnalyticsGroupBy;
  label: string;
  conditions?: DynamicAdNameGroup[] | undefined;
}

/** The page's state in `?state=` (001 §2): keyword, sorting, the date preset, group-by and filters. */
export interface AnalyticsState {
  keyword: string;
  sorting: SortingItem[];
  preset: AnalyticsPreset;
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: GroupByState | undefined;
  /** 001 §2 `dynamicFilters`: filter items as the server takes them. */
  filters: AnalyticsFilterItem[];
}

/** The page's query parameter holding its JSON state (kept here, off the first load's paths). */
export const STATE_PARAM = 'state';

export const DEFAULT_SORTING: SortingItem[] = [{ id: 'spend', desc: true }];

/** Local storage keys (001 §2): the table's column widths and sorting. */
export const COLUMN_WIDTHS_KEY = 'column-widths';
export const SORTING_KEY = 'sorting';

const day = z.iso.date();
const sortingSchema = z
  .array(z.object({ id: z.enum(analyticsSortFields), desc: z.boolean() }))
  .min(1)
  .max(1);

// Looser than the server's schema (a condition may be typed but not yet given a value), so a
// half-made grouping still round-trips through the address.
const groupBySchema = z.object({
  id: analyticsGroupBySchema,
  label: z.string().max(200),
  conditions: z
    .array(
      z.object({
        label: z.string().max(100),
        conditions: z
          .array(z.object({ operator: z.enum(analyticsTextOperators), value: z.string().max(300) }))
          .max(10),
      }),
    )
    .max(20)
    .optional(),
});

/** Each field on its own: a bad one is dropped, the others kept. */
const stateSchema = z.object({
  groupBy: groupBySchema.optional().catch(undefined),
  dynamicFilters: z
    .array(analyticsFilterItemSchema)
    .max(ANALYTICS_LIMITS.filters)
    .optional()
    .catch(undefined),
  keyword: z.string().max(ANALYTICS_LIMITS.keyword).optional().catch(undefined),
  sorting: sortingSchema.optional().catch(undefined),
  preset: z.enum(analyticsPresets).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

/** The sorting last chosen on this device, else spend descending. */
export function storedSorting(): SortingItem[] {
  try {
    const raw = window.localStorage.getItem(SORTING_KEY);
    if (raw) {
      const parsed = sortingSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    }
  } catch {
    // Unreadable storage: the default.
  }
  return DEFAULT_SORTING;
}

export function storeSorting(sorting: SortingItem[]): void {
  try {
    window.localStorage.setItem(SORTING_KEY, JSON.stringify(sorting));
  } catch {
    // Storage full or blocked: the address still has it.
  }
}

/** Reads `?state=`; a value that is not JSON, or fields that do not fit, are ignored. */
export function parseState(raw: string | null): AnalyticsState {
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  const parsed = stateSchema.safeParse(
    value && typeof value === 'object' && !Array.isArray(value) ? value : {},
  );
  const data = parsed.success ? parsed.data : {};
  // 001 §2: a list opened with filters but no date range covers all time.
  const preset = data.preset ?? (data.dynamicFilters?.length ? 'ALL_TIME' : DEFAULT_ANALYTICS_PRESET);
  return {
    keyword: data.keyword?.trim() ?? '',
    sorting: data.sorting ?? storedSorting(),
    preset,
    from: preset === 'CUSTOM' ? data.from : undefined,
    to: preset === 'CUSTOM' ? data.to : undefined,
    groupBy:
      data.groupBy?.id === 'dynamicAdNameGroups' && !data.groupBy.conditions?.length
        ? undefined
        : data.groupBy,
    filters: data.dynamicFilters ?? [],
  };
}

/** The `state` value for a state: the sorting, and the rest where it differs from the defaults. */
export function serializeState(state: AnalyticsState): string {
  const out: Record<string, unknown> = {};
  if (state.keyword) out.keyword = state.keyword;
  out.sorting = state.sorting;
  // With filters the preset is always written: without one they would mean all time.
  if (state.preset !== DEFAULT_ANALYTICS_PRESET || state.filters.length > 0) out.preset = state.preset;
  if (state.preset === 'CUSTOM') {
    if (state.from) out.from = state.from;
    if (state.to) out.to = state.to;
  }
  if (state.groupBy) out.groupBy = state.groupBy;
  if (state.filters.length > 0) out.dynamicFilters = state.filters;
  return JSON.stringify(out);
}

/** A CUSTOM range is complete when both days are there and the first is not after the last. */
export function rangeComplete(state: AnalyticsState): boolean {
  if (state.preset !== 'CUSTOM') return true;
  return Boolean(state.from && state.to && state.from <= state.to);
}
