import {
  type AnalyticsFilterItem,
  type AnalyticsFilterKind,
  analyticsAdFields,
  analyticsCreativeFields,
  analyticsMetadataFields,
  analyticsMetadataOperators,
  analyticsMetricOperators,
  analyticsMetrics,
  analyticsScores,
  analyticsTextOperators,
  interpolate,
  namingFieldTitles,
} from '@hookline/contract';
import { analyticsTexts } from '@/config/texts/analytics';

/** A naming field key's title ('hookType' → 'Hook type', 'custom:Market' → 'Market'). */
function namingTitle(key: string): string {
  if (key.startsWith('custom:')) return key.slice('custom:'.length);
  return namingFieldTitles[key as keyof typeof namingFieldTitles] ?? key;
}

const t = analyticsTexts.filters;

/** The creative-info kinds (001 §3 "Creative info"): the list's creative fields. */
export const creativeKinds: readonly AnalyticsFilterKind[] = analyticsCreativeFields;
/** The kinds that take their values as children (an ad matches any of them). */
export const choiceKinds: readonly AnalyticsFilterKind[] = ['fileType', 'tags', ...analyticsCreativeFields];

const isChoiceKind = (kind: AnalyticsFilterKind) => (choiceKinds as readonly string[]).includes(kind);
const has = (list: readonly string[], value: unknown) => typeof value === 'string' && list.includes(value);
const numeric = (value: unknown) =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

/** A new filter of a kind, with the defaults a person would pick first. */
export function newFilter(kind: AnalyticsFilterKind): AnalyticsFilterItem {
  switch (kind) {
    case 'naming':
      return { id: kind, operator: 'CONTAINS', params: { field: '', value: '' } };
    case 'adField':
      return { id: kind, operator: 'CONTAINS', params: { field: 'adName', value: '' } };
    case 'metric':
      return { id: kind, params: { metric: 'roas', operator: 'BIGGER', value: '' } };
    case 'score':
      return { id: kind, params: { metric: 'hook', operator: 'BIGGER', value: '' } };
    case 'metadata':
      return { id: kind, params: { field: 'length', operator: 'lte', value: '' } };
    default:
      return { id: kind, children: [] };
  }
}

/** Whether the server can apply the filter as it stands (an incomplete one reads 'Invalid filter'). */
export function filterComplete(item: AnalyticsFilterItem): boolean {
  if (isChoiceKind(item.id)) return (item.children?.length ?? 0) > 0;
  const params = item.params ?? {};
  switch (item.id) {
    case 'naming':
      return (
        typeof params.field === 'string' &&
        params.field !== '' &&
        has(analyticsTextOperators, item.operator) &&
        String(params.value ?? '').trim() !== ''
      );
    case 'adField':
      return (
        has(analyticsAdFields, params.field) &&
        has(analyticsTextOperators, item.operator) &&
        String(params.value ?? '').trim() !== ''
      );
    case 'metric':
      return (
        has(analyticsMetrics, params.metric) &&
        has(analyticsMetricOperators, params.operator) &&
        numeric(params.value)
      );
    case 'score':
      return (
        has(analyticsScores, params.metric) &&
        has(analyticsMetricOperators, params.operator) &&
        numeric(params.value)
      );
    case 'metadata':
      return (
        has(analyticsMetadataFields, params.field) &&
        has(analyticsMetadataOperators, params.operator) &&
        numeric(params.value)
      );
    default:
      return false;
  }
}

/** What submit sends: empty and incomplete filters dropped (001 §2), numbers as numbers. */
export function filtersToApply(items: AnalyticsFilterItem[]): AnalyticsFilterItem[] {
  return items.filter(filterComplete).map((item) => {
    if (item.id === 'metric' || item.id === 'score' || item.id === 'metadata')
      return { ...item, params: { ...item.params, value: Number(item.params?.value) } };
    if (item.id === 'adField')
      return { ...item, params: { ...item.params, value: String(item.params?.value).trim() } };
    return item;
  });
}

/** The line a filter shows as a chip: 'ROAS above 1', 'Tags: 5 selected' (a count above 3 values). */
export function filterLabel(item: AnalyticsFilterItem): string {
  if (!filterComplete(item)) return t.invalid;
  const kind = t.kinds[item.id];
  if (isChoiceKind(item.id)) {
    const children = item.children ?? [];
    if (children.length > 3) return interpolate(t.selectedCount, { label: kind, count: children.length });
    const names = children.map((child) =>
      item.id === 'fileType'
        ? (t.fileTypes[child.id as keyof typeof t.fileTypes] ?? child.id)
        : (child.name ?? child.id),
    );
    return `${kind}: ${names.join(', ')}`;
  }
  const params = item.params ?? {};
  switch (item.id) {
    case 'adField':
      return `${t.adFields[params.field as keyof typeof t.adFields]} ${t.textOperators[item.operator as keyof typeof t.textOperators]} “${params.value}”`;
    case 'naming':
      return `${namingTitle(String(params.field))} ${t.textOperators[item.operator as keyof typeof t.textOperators]} “${params.value}”`;
    case 'metric':
      return `${t.metrics[params.metric as keyof typeof t.metrics]} ${t.metricOperators[params.operator as keyof typeof t.metricOperators]} ${params.value}`;
    case 'score':
      return `${t.scores[params.metric as keyof typeof t.scores]} ${t.metricOperators[params.operator as keyof typeof t.metricOperators]} ${params.value}`;
    case 'metadata':
      return `${t.metadataFields[params.field as keyof typeof t.metadataFields]} ${t.metadataOperators[params.operator as keyof typeof t.metadataOperators]} ${params.value}`;
    default:
      return kind;
  }
}
