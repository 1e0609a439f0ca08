import {
  type AnalyticsGroupRow,
  type AnalyticsGroupsQuery,
  type AnalyticsMetric,
  analyticsCreativeFields,
  analyticsMessages,
  analyticsMetrics,
  analyticsTextOperators,
  isNamingKey,
  lowerIsBetterMetrics,
} from '@hookline/contract';
import { round } from './figures.js';
import { isUuid } from './filters.js';
import type { AnalyticsCondition, Grouping, GroupSums, NameCondition } from './list-repository.js';
import { type PresetMetrics, presetMetrics } from './metrics.js';

/** Group rows (001 §3 "Group row"): their ids, the ads an id stands for, their order. */

/** A group row's id: what made the group, so the list's parentId can list its ads. */
export type GroupKey = [
  groupingField: string,
  groupId: string | null,
  operator: string,
  additionalData: string | null,
];

export const encodeGroupId = (key: GroupKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeGroupId(id: string): GroupKey | null {
  try {
    const key = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === 4 &&
      typeof key[0] === 'string' &&
      (key[1] === null || typeof key[1] === 'string') &&
      typeof key[2] === 'string' &&
      (key[3] === null || typeof key[3] === 'string')
    )
      return key as GroupKey;
  } catch {
    // Not a group id.
  }
  return null;
}

const isNameConditions = (value: unknown): value is NameCondition[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (c) =>
      typeof c === 'object' &&
      c !== null &&
      (analyticsTextOperators as readonly string[]).includes((c as NameCondition).operator) &&
      typeof (c as NameCondition).value === 'string' &&
      (c as NameCondition).value.trim() !== '',
  );

/** A group row's ads as a condition (the list's parentId), or null when the id is no group's. */
export function groupCondition(id: string): AnalyticsCondition | null {
  const key = decodeGroupId(id);
  if (!key) return null;
  const [field, groupId, , data] = key;
  if ((analyticsCreativeFields as readonly string[]).includes(field))
    return {
      kind: 'creativeField',
      field: field as (typeof analyticsCreativeFields)[number],
      value: groupId,
    };
  if (field.startsWith('naming:') && isNamingKey(field.slice('naming:'.length)))
    return { kind: 'namingValue', key: field.slice('naming:'.length), value: groupId };
  if (field === 'tagCategory' && data && isUuid(data) && (groupId === null || isUuid(groupId)))
    return groupId ? { kind: 'tags', tagIds: [groupId] } : { kind: 'untagged', categoryId: data };
  if (field === 'dynamicAdNameGroups' && data) {
    try {
      const parsed = JSON.parse(data) as unknown;
      if (groupId !== null && isNameConditions(parsed))
        return { kind: 'nameGroups', groups: [parsed], negate: false };
      if (groupId === null && Array.isArray(parsed) && parsed.length > 0 && parsed.every(isNameConditions))
        return { kind: 'nameGroups', groups: parsed, negate: true };
    } catch {
      return null;
    }
  }
  return null;
}

/** A metric of summed figures, in the units the list sorts and filters by. */
export function metricOf(metric: AnalyticsMetric, m: PresetMetrics): number | null {
  switch (metric) {
    case 'conversionRate':
      return m.conversionPercentage;
    case 'thumbstopRate':
      return m.thumbstopPercentage;
    case 'avgWatchTime':
      return m.avgWatchTimeSeconds;
    default:
      return m[metric];
  }
}

/** Groups in the list's order by their own figures; 'Other' and 'Untagged' last. */
export function sortGroups(
  rows: AnalyticsGroupRow[],
  groups: GroupSums[],
  query: AnalyticsGroupsQuery,
): AnalyticsGroupRow[] {
  // Groups have no creation date or scores of their own: those sorts order them by spend.
  const metric = (analyticsMetrics as readonly string[]).includes(query.sort)
    ? (query.sort as AnalyticsMetric)
    : null;
  const value = (index: number): number | string | null => {
    const row = rows[index] as AnalyticsGroupRow;
    if (query.sort === 'name') return row.name.toLowerCase();
    if (!metric) return row.totalSpend;
    return metricOf(metric, presetMetrics((groups[index] as GroupSums).sums));
  };
  const bestFirst =
    metric && lowerIsBetterMetrics.includes(metric) ? query.order === 'asc' : query.order === 'desc';
  const sign = query.order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(index) }))
    .sort((x, y) => {
      const xRest = x.row.groupId === null ? 1 : 0;
      const yRest = y.row.groupId === null ? 1 : 0;
      if (xRest !== yRest) return xRest - yRest;
      if (x.v === null || y.v === null) {
        if (x.v === y.v) return x.row.name.localeCompare(y.row.name);
        // A missing figure is the worst: last when the best come first.
        return (x.v === null ? 1 : -1) * (bestFirst ? 1 : -1);
      }
      if (x.v < y.v) return -sign;
      if (x.v > y.v) return sign;
      return x.row.name.localeCompare(y.row.name);
    })
    .map((entry) => entry.row);
}

/** A group's sums as its row (001 §3 "Group row"), with the id its ads are listed by. */
export function groupRowOf(
  query: AnalyticsGroupsQuery,
  grouping: Grouping,
  group: GroupSums,
  category: string | null,
): AnalyticsGroupRow {
  let key: GroupKey;
  let name: string;
  if (grouping.kind === 'creativeField') {
    key = [grouping.field, group.key, 'EQUALS', null];
    name = group.key ?? analyticsMessages.otherGroup;
  } else if (grouping.kind === 'naming') {
    key = [`naming:${grouping.key}`, group.key, 'EQUALS', null];
    name = group.key ?? analyticsMessages.otherGroup;
  } else if (grouping.kind === 'tagCategory') {
    key = ['tagCategory', group.key, 'ANY', grouping.categoryId];
    name = group.key ? (group.name ?? '') : analyticsMessages.untaggedGroup;
  } else {
    const named = group.key === null ? undefined : query.dynamicAdNameGroups[Number(group.key)];
    key = named
      ? ['dynamicAdNameGroups', named.label, 'ALL', JSON.stringify(named.conditions)]
      : ['dynamicAdNameGroups', null, 'NONE', JSON.stringify(grouping.groups)];
    name = named?.label ?? analyticsMessages.otherGroup;
  }
  const m = presetMetrics(group.sums);
  return {
    id: encodeGroupId(key),
    groupId: key[1],
    name,
    groupingField: key[0],
    operator: key[2],
    additionalData: key[3],
    count: group.count,
    category,
    totalSpend: round(m.spend, 2) as number,
    totalResults: m.conversions,
    avgWatchTime: round(m.avgWatchTimeSeconds),
    ctr: round(m.ctr),
    roas: round(m.roas),
    cpa: round(m.cpa),
    cpc: round(m.cpc),
    cpm: round(m.cpm),
    conversionRate: round(m.conversionPercentage),
    thumbstopRate: round(m.thumbstopPercentage),
  };
}
