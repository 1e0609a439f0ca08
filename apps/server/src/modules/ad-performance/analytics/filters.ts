import {
  type AnalyticsFilterItem,
  adFileTypes,
  analyticsAdFields,
  analyticsMessages,
  analyticsMetadataFields,
  analyticsMetadataOperators,
  analyticsMetricOperators,
  analyticsMetrics,
  analyticsScores,
  analyticsTextOperators,
  isNamingKey,
  namingConventionMessages,
} from '@hookline/contract';
import type { AnalyticsCondition } from './list-repository.js';

/** Filter items (001 §3 "Filters") as the list's conditions. */

export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A filter item as a condition, or the reason it is refused (001 §3 "Filters"). */
export function conditionOf(item: AnalyticsFilterItem): AnalyticsCondition | string | null {
  const values = (item.children ?? []).map((c) => c.id);
  switch (item.id) {
    case 'fileType': {
      if (values.length === 0) return null;
      const unknown = values.find((v) => !(adFileTypes as readonly string[]).includes(v));
      return unknown ? `Unknown file type '${unknown}'` : { kind: 'fileType', values };
    }
    case 'tags':
      if (values.length === 0) return null;
      return values.every(isUuid) ? { kind: 'tags', tagIds: values } : 'Tag ids must be uuids';
    case 'adField': {
      const field = item.params?.field;
      const operator = item.operator ?? item.params?.operator;
      const value = String(item.params?.value ?? '').trim();
      if (!field || !(analyticsAdFields as readonly string[]).includes(field))
        return `Unknown ad field '${field ?? ''}'`;
      if (!operator || !(analyticsTextOperators as readonly string[]).includes(operator))
        return `Unknown operator '${operator ?? ''}'`;
      // An empty value is no filter: the web drops empty filters, a link may still carry one.
      if (!value) return null;
      return {
        kind: 'adField',
        field: field as (typeof analyticsAdFields)[number],
        operator: operator as (typeof analyticsTextOperators)[number],
        value,
      };
    }
    case 'naming': {
      // A naming-convention field's value (format, hookType, …, custom:{label}), read like an ad field.
      const field = item.params?.field;
      const operator = item.operator ?? item.params?.operator;
      const value = String(item.params?.value ?? '').trim();
      if (!field || !isNamingKey(field)) return namingConventionMessages.unknownField;
      if (!operator || !(analyticsTextOperators as readonly string[]).includes(operator))
        return `Unknown operator '${operator ?? ''}'`;
      if (!value) return null;
      return {
        kind: 'naming',
        key: field,
        operator: operator as (typeof analyticsTextOperators)[number],
        value,
      };
    }
    case 'metadata': {
      const { field, operator, value } = item.params ?? {};
      const number = typeof value === 'number' ? value : value?.trim() ? Number(value) : Number.NaN;
      if (
        !field ||
        !(analyticsMetadataFields as readonly string[]).includes(field) ||
        !operator ||
        !(analyticsMetadataOperators as readonly string[]).includes(operator) ||
        !Number.isFinite(number)
      )
        return analyticsMessages.invalidMetadataFilter;
      return {
        kind: 'metadata',
        field: field as (typeof analyticsMetadataFields)[number],
        operator: operator as (typeof analyticsMetadataOperators)[number],
        value: number,
      };
    }
    case 'actorName':
    case 'creativeTitle':
    case 'creativeMessage':
    case 'ctaType':
    case 'landingPage':
    case 'postId':
      return values.length === 0 ? null : { kind: 'creativeValues', field: item.id, values };
    case 'score': {
      const { metric, operator, value } = item.params ?? {};
      const number = typeof value === 'number' ? value : value?.trim() ? Number(value) : Number.NaN;
      if (
        !metric ||
        !(analyticsScores as readonly string[]).includes(metric) ||
        !operator ||
        !(analyticsMetricOperators as readonly string[]).includes(operator) ||
        !Number.isFinite(number)
      )
        return analyticsMessages.invalidScoreFilter;
      return {
        kind: 'score',
        score: metric as (typeof analyticsScores)[number],
        operator: operator as (typeof analyticsMetricOperators)[number],
        value: number,
      };
    }
    case 'metric': {
      const { metric, operator, value } = item.params ?? {};
      if (!metric || !(analyticsMetrics as readonly string[]).includes(metric))
        return analyticsMessages.invalidFilter;
      if (!operator || !(analyticsMetricOperators as readonly string[]).includes(operator))
        return analyticsMessages.invalidFilter;
      const number = typeof value === 'number' ? value : value?.trim() ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) return analyticsMessages.invalidFilter;
      return {
        kind: 'metric',
        metric: metric as (typeof analyticsMetrics)[number],
        operator: operator as (typeof analyticsMetricOperators)[number],
        value: number,
      };
    }
  }
}
