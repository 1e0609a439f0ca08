import { z } from 'zod';
import {
  adFileTypes,
  analyticsPresetAliases,
  analyticsPresets,
  DEFAULT_ANALYTICS_PRESET,
} from './ad-constants.js';
import { creativeClipTypes } from './analysis-constants.js';
import { assetTypes } from './library-constants.js';
import { PAGE_SIZE } from './limits.js';
import { analyticsMessages } from './messages/analytics.js';
import { NAMING_CONVENTION_LIMITS, namingNamedKinds } from './naming-convention-constants.js';
import { idListQuery, jsonArrayQuery, repeatedQuery } from './query.js';

/**
 * Creative analytics (issue 17; 001 §2 "Creative Analytics page", §3 "Analytics ad",
 * "Filters", "Metrics offered", §7 performance-analytics).
 */

/** 001 §3 "Metrics offered": what the list sorts and filters by and compare charts. */
export const analyticsMetrics = [
  'avgWatchTime',
  'cpa',
  'cpc',
  'cpm',
  'ctr',
  'clicks',
  'conversionRate',
  'impressions',
  'roas',
  'conversions',
  'spend',
  'thumbstopRate',
  'views',
] as const;
export type AnalyticsMetric = (typeof analyticsMetrics)[number];

/** Metrics where less is better: a missing value sorts as the worst either way (CPA, CPC, CPM). */
export const lowerIsBetterMetrics: readonly AnalyticsMetric[] = ['cpa', 'cpc', 'cpm'];

/**
 * Creative scores, 0–100 (issue 17): hook (thumbstop), hold (watch time as a share of the
 * video, else thruplays ÷ 3-second views), click (link CTR) and convert (ROAS, else
 * conversions per spend), each the percent rank among the brand's ads in the same window
 * with at least $10 spend and 1,000 impressions; null (N/A) below that.
 */
export const analyticsScores = ['hook', 'hold', 'click', 'convert'] as const;
export type AnalyticsScore = (typeof analyticsScores)[number];
export const ANALYTICS_SCORE_ELIGIBILITY = { minSpend: 10, minImpressions: 1000 } as const;
/** A score's badge: ≥ 70 green, 40–69 yellow, below red. */
export const ANALYTICS_SCORE_BANDS = { good: 70, fair: 40 } as const;

export const analyticsScoreSortFields = ['hookScore', 'holdScore', 'clickScore', 'convertScore'] as const;
export type AnalyticsScoreSortField = (typeof analyticsScoreSortFields)[number];

export const analyticsSortFields = [
  ...analyticsMetrics,
  ...analyticsScoreSortFields,
  'name',
  'createdAt',
] as const;
export type AnalyticsSortField = (typeof analyticsSortFields)[number];

export const ANALYTICS_LIMITS = {
  pageSize: 40,
  maxPageSize: 100,
  keyword: 200,
  filters: 50,
  filterValues: 100,
  filterText: 300,
} as const;

/** Text operators of the ad fields filter, and the metric filter's comparisons (001 §3). */
export const analyticsTextOperators = ['CONTAINS', 'NOT_CONTAINS', 'EQUALS'] as const;
export const analyticsMetricOperators = ['SMALLER', 'BIGGER', 'EQUAL'] as const;
/** The ad fields the ad fields filter reads. */
export const analyticsAdFields = ['adName', 'adSetName', 'campaignName', 'adAccountName', 'status'] as const;
export type AnalyticsAdField = (typeof analyticsAdFields)[number];

/** Media metadata filters (001 §3): the ad's asset's length (s), width or height (px). */
export const analyticsMetadataFields = ['length', 'width', 'height'] as const;
export const analyticsMetadataOperators = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;

/**
 * The filter kinds this server applies (a filter item's id). The creative-info kinds
 * (actorName, creativeTitle (headlines), creativeMessage, ctaType, landingPage, postId) take
 * their values as children: an ad matches any of them.
 */
export const analyticsFilterKinds = [
  'fileType',
  'tags',
  'adField',
  'metric',
  'score',
  'metadata',
  'actorName',
  'creativeTitle',
  'creativeMessage',
  'ctaType',
  'landingPage',
  'postId',
  'naming',
] as const;
export type AnalyticsFilterKind = (typeof analyticsFilterKinds)[number];

const choiceSchema = z.object({
  id: z.string().min(1).max(ANALYTICS_LIMITS.filterText),
  name: z.string().max(ANALYTICS_LIMITS.filterText).optional(),
});

/**
 * One filter item (001 §3: id, name, operator, children, parentId, params). `id` is the
 * kind: 'fileType' (children: file types), 'tags' (children: tag ids; any of them),
 * 'adField' (params.field, operator CONTAINS | NOT_CONTAINS | EQUALS, params.value) or
 * 'metric' (params.metric, params.operator SMALLER | BIGGER | EQUAL, params.value, a number) or
 * 'naming' (params.field a naming field: format, hookType, creator, aspect, version or
 * custom:{label}; operator CONTAINS | NOT_CONTAINS | EQUALS; params.value): the ad's value
 * under the brand's naming convention, as the ad-field filter reads a name.
 */
export const analyticsFilterItemSchema = z.object({
  id: z.enum(analyticsFilterKinds),
  name: z.string().max(ANALYTICS_LIMITS.filterText).optional(),
  operator: z.string().max(40).optional(),
  children: z.array(choiceSchema).max(ANALYTICS_LIMITS.filterValues).optional(),
  parentId: z.string().max(100).optional(),
  params: z
    .object({
      field: z.string().max(60).optional(),
      metric: z.string().max(40).optional(),
      operator: z.string().max(40).optional(),
      value: z.union([z.string().max(ANALYTICS_LIMITS.filterText), z.number()]).optional(),
    })
    .optional(),
});
export type AnalyticsFilterItem = z.infer<typeof analyticsFilterItemSchema>;

/** The `filters` parameter: a JSON array of filter items. */
const filtersQuerySchema = jsonArrayQuery(
  z.array(analyticsFilterItemSchema).max(ANALYTICS_LIMITS.filters),
  'filters must be a JSON array of filter items',
);

const presetNames = [
  ...analyticsPresets,
  ...(Object.keys(analyticsPresetAliases) as (keyof typeof analyticsPresetAliases)[]),
] as const;
const daySchema = z.iso.date();

/** GET performance-analytics. */
export const analyticsListQuerySchema = z.object({
  analyticsPreset: z.enum(presetNames).default(DEFAULT_ANALYTICS_PRESET),
  /** CUSTOM's first and last day (YYYY-MM-DD, both included). */
  from: daySchema.optional(),
  to: daySchema.optional(),
  keyword: z.string().trim().max(ANALYTICS_LIMITS.keyword).optional(),
  filters: filtersQuerySchema,
  sort: z.enum(analyticsSortFields).default('spend'),
  order: z.enum(['asc', 'desc']).default('desc'),
  platforms: repeatedQuery(z.enum(['FACEBOOK']), 1),
  /** Creative-clip types (000 §3): ads whose assets have a clip of any of them. */
  assetVideoIntelligenceCategories: repeatedQuery(z.enum(creativeClipTypes), creativeClipTypes.length),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(ANALYTICS_LIMITS.maxPageSize).default(ANALYTICS_LIMITS.pageSize),
  /** A group row's id (GET performance-analytics/groups): only that group's ads. */
  parentId: z.string().max(20_000).optional(),
});
export type AnalyticsListQuery = z.infer<typeof analyticsListQuerySchema>;

/** GET performance-analytics/{id}. */
export const analyticsItemQuerySchema = analyticsListQuerySchema.pick({
  analyticsPreset: true,
  from: true,
  to: true,
});

/** Compare takes 1 to 6 ads (001 §2 "Compare Ads page"). */
export const ANALYTICS_COMPARE_MAX = 6;

/** GET performance-analytics/comparison-result: adIds repeated or comma-separated. */
export const analyticsCompareQuerySchema = analyticsItemQuerySchema.extend({
  adIds: idListQuery({
    min: 1,
    max: ANALYTICS_COMPARE_MAX,
    tooFew: analyticsMessages.tooFew,
    tooMany: analyticsMessages.tooMany,
  }),
});
export type AnalyticsCompareQuery = z.infer<typeof analyticsCompareQuerySchema>;

/** One window's figures of an ad (001 §3 preset fields); a ratio with nothing under it is null. */
export const analyticsFiguresSchema = z.object({
  spend: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  views: z.number(),
  conversions: z.number(),
  conversionValue: z.number(),
  roas: z.number().nullable(),
  cpa: z.number().nullable(),
  cpc: z.number().nullable(),
  cpm: z.number().nullable(),
  /** Link clicks ÷ impressions, %. */
  ctr: z.number().nullable(),
  outboundClicksCtrPercentage: z.number().nullable(),
  /** Conversions ÷ link clicks, %. */
  conversionPercentage: z.number().nullable(),
  /** 3-second views ÷ impressions, %. */
  thumbstopPercentage: z.number().nullable(),
  /** Plays ÷ impressions, %. */
  thumbnailPercentage: z.number().nullable(),
  avgWatchTimeSeconds: z.number().nullable(),
  avgWatchTimePercentage: z.number().nullable(),
  /**
   * Each other action type's count ('{token}' in 001 §3), by its token: kept in one map
   * rather than as top-level fields, so a token can never collide with a metric's name.
   */
  actions: z.record(z.string(), z.number()),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsWindowSchema = z.object({ from: z.string(), to: z.string() }).nullable();

/** The asked preset's figures, the window of equal length before it, and retention. */
export const analyticsPresetFiguresSchema = analyticsFiguresSchema.extend({
  /** The days counted (the ad account's timezone); null for all time. */
  window: analyticsWindowSchema,
  /** The same figures for the window just before (none for ALL_TIME). */
  previous: analyticsFiguresSchema.nullable(),
  /** The share of viewers still watching at each point, weighted by plays. */
  audienceRetention: z.object({ labels: z.array(z.string()), values: z.array(z.number()) }),
  /** The creative scores in this window (null: N/A). */
  scores: z.object({
    hook: z.number().nullable(),
    hold: z.number().nullable(),
    click: z.number().nullable(),
    convert: z.number().nullable(),
  }),
  /** When these figures were last written (the sync, the import or the demo). */
  processedAt: z.iso.datetime().nullable(),
});
export type AnalyticsPresetFigures = z.infer<typeof analyticsPresetFiguresSchema>;

export const analyticsChartPointSchema = z.object({
  date: z.string(),
  spend: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  roas: z.number().nullable(),
  cpa: z.number().nullable(),
  ctr: z.number().nullable(),
  thumbstopRate: z.number().nullable(),
});
export type AnalyticsChartPoint = z.infer<typeof analyticsChartPointSchema>;

/** 001 §3 "Analytics ad". */
export const analyticsAdSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  effectiveStatus: z.string().nullable(),
  fileType: z.enum(adFileTypes),
  previewUrl: z.string().nullable(),
  permalink: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
  posterUrl: z.string().nullable(),
  /** The ad in Ads Manager. */
  adPageUrl: z.string().nullable(),
  assets: z.array(z.object({ id: z.uuid(), type: z.enum(assetTypes), posterUrl: z.string().nullable() })),
  adAccountName: z.string(),
  campaignName: z.string(),
  adGroupName: z.string(),
  /** The last day with figures (the ad account's timezone). */
  analyticsUpdatedAsOfDate: z.string().nullable(),
  chartData: z.array(analyticsChartPointSchema),
  /** The asked preset's figures, keyed by the preset (001 §3 "analyticsPresets (per duration)"). */
  analyticsPresets: z.record(z.string(), analyticsPresetFiguresSchema),
  actorName: z.string().nullable(),
  postId: z.string().nullable(),
  creativeMessage: z.string().nullable(),
  creativeTitle: z.string().nullable(),
  landingPage: z.string().nullable(),
  ctaType: z.string().nullable(),
  /**
   * The name's values under the brand's naming convention ({ format: 'UGC', 'custom:Market':
   * 'US' }); null when the name does not fit or there is no convention.
   */
  namingValues: z.record(z.string(), z.string()).nullable().optional(),
});
export type AnalyticsAd = z.infer<typeof analyticsAdSchema>;

/** One compared ad: its daily chart data, its totals and those of the window before. */
export const analyticsComparedAdSchema = z.object({
  name: z.string(),
  chartData: z.array(analyticsChartPointSchema),
  totals: analyticsPresetFiguresSchema.omit({ previous: true }),
  previous: analyticsFiguresSchema.nullable(),
});

/** The comparison, keyed by ad id (001 §7). */
export const analyticsComparisonSchema = z.record(z.string(), analyticsComparedAdSchema);
export type AnalyticsComparison = z.infer<typeof analyticsComparisonSchema>;

/** The creative-info fields the list groups by (001 §3 "Creative info"). */
export const analyticsCreativeFields = [
  'actorName',
  'creativeTitle',
  'creativeMessage',
  'ctaType',
  'landingPage',
  'postId',
] as const;
export type AnalyticsCreativeField = (typeof analyticsCreativeFields)[number];

/**
 * GET performance-analytics/creative-options: the brand's values of a creative-info field (the
 * creative-info filters' options, searched as the user types), most used first.
 */
export const analyticsCreativeOptionsQuerySchema = z.object({
  field: z.enum(analyticsCreativeFields),
  q: z.string().trim().max(ANALYTICS_LIMITS.filterText).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.searchOptions),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AnalyticsCreativeOptionsQuery = z.infer<typeof analyticsCreativeOptionsQuerySchema>;

/** A creative-info value and how many of the brand's ads carry it. */
export const analyticsCreativeOptionSchema = z.object({ value: z.string(), ads: z.number().int() });
export type AnalyticsCreativeOption = z.infer<typeof analyticsCreativeOptionSchema>;

/** A dynamic name group's conditions: an ad is in the group when its name meets them all. */
export const dynamicAdNameGroupSchema = z.object({
  label: z.string().trim().min(1, 'label is required').max(100),
  conditions: z
    .array(
      z.object({
        operator: z.enum(analyticsTextOperators),
        value: z.string().trim().min(1, 'Each condition needs a value').max(ANALYTICS_LIMITS.filterText),
      }),
    )
    .min(1)
    .max(10),
});
export type DynamicAdNameGroup = z.infer<typeof dynamicAdNameGroupSchema>;

const dynamicGroupsQuerySchema = jsonArrayQuery(
  z.array(dynamicAdNameGroupSchema).max(20),
  'dynamicAdNameGroups must be a JSON array of groups',
);

/**
 * `groupBy`: a creative-info field, `tagCategory:{categoryId}` (one group per tag of the
 * category, and 'Untagged'), `dynamicAdNameGroups` (the groups given, and 'Other') or
 * `naming:{field}` (one group per value of a naming-convention field: format, hookType,
 * creator, aspect, version or custom:{label}; 'Other' for ads without one).
 */
export const analyticsGroupBySchema = z.union([
  z.enum(analyticsCreativeFields),
  z.literal('dynamicAdNameGroups'),
  z.templateLiteral(['tagCategory:', z.uuid()]),
  z.templateLiteral(['naming:', z.enum(namingNamedKinds)]),
  z.templateLiteral(['naming:custom:', z.string().min(1).max(NAMING_CONVENTION_LIMITS.labelMax)]),
]);
export type AnalyticsGroupBy = z.infer<typeof analyticsGroupBySchema>;

/** GET performance-analytics/groups. */
export const analyticsGroupsQuerySchema = analyticsListQuerySchema
  .omit({ offset: true, limit: true })
  .extend({ groupBy: analyticsGroupBySchema, dynamicAdNameGroups: dynamicGroupsQuerySchema });
export type AnalyticsGroupsQuery = z.infer<typeof analyticsGroupsQuerySchema>;

/** 001 §3 "Group row": counts, totals and the group's averages weighted by delivery (ratios of its sums). */
export const analyticsGroupRowSchema = z.object({
  /** Stable per grouping: give it as the list's parentId to list the group's ads. */
  id: z.string(),
  /** The creative value, the tag's id or the dynamic group's label; null for 'Other' and 'Untagged'. */
  groupId: z.string().nullable(),
  /** What the row shows: the value, the tag's name, the label, 'Other' or 'Untagged'. */
  name: z.string(),
  groupingField: z.string(),
  additionalData: z.string().nullable(),
  operator: z.string().nullable(),
  count: z.number(),
  /** The tag category's name, when grouped by one. */
  category: z.string().nullable(),
  totalSpend: z.number(),
  totalResults: z.number(),
  avgWatchTime: z.number().nullable(),
  ctr: z.number().nullable(),
  roas: z.number().nullable(),
  cpa: z.number().nullable(),
  cpc: z.number().nullable(),
  cpm: z.number().nullable(),
  conversionRate: z.number().nullable(),
  thumbstopRate: z.number().nullable(),
});
export type AnalyticsGroupRow = z.infer<typeof analyticsGroupRowSchema>;

/** The analytics CSV export's job type (001 §3 "Jobs"), started through POST /jobs. */
export const EXPORT_ANALYTICS_CSV_JOB = 'EXPORT_ANALYTICS_CSV';

/**
 * EXPORT_ANALYTICS_CSV's customParams: the list's query (filters as items, not JSON) and its
 * sort. CUSTOM without both dates is refused when the job is asked for.
 */
export const analyticsExportParamsSchema = z.object({
  brandId: z.uuid(),
  sortOptions: z
    .object({
      sort: z.enum(analyticsSortFields).default('spend'),
      order: z.enum(['asc', 'desc']).default('desc'),
    })
    .default({ sort: 'spend', order: 'desc' }),
  query: z
    .object({
      analyticsPreset: z.enum(presetNames).default(DEFAULT_ANALYTICS_PRESET),
      from: daySchema.optional(),
      to: daySchema.optional(),
      keyword: z.string().trim().max(ANALYTICS_LIMITS.keyword).optional(),
      filters: z.array(analyticsFilterItemSchema).max(ANALYTICS_LIMITS.filters).default([]),
      parentId: z.string().max(20_000).optional(),
    })
    .superRefine((query, ctx) => {
      if (query.analyticsPreset !== 'CUSTOM') return;
      for (const field of ['from', 'to'] as const)
        if (!query[field])
          ctx.addIssue({ code: 'custom', path: [field], message: analyticsMessages.customNeedsDates });
    })
    .default({ analyticsPreset: DEFAULT_ANALYTICS_PRESET, filters: [] }),
});
export type AnalyticsExportParams = z.infer<typeof analyticsExportParamsSchema>;
