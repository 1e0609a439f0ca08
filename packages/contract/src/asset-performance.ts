import { z } from 'zod';
import { analyticsFiguresSchema, analyticsItemQuerySchema, analyticsWindowSchema } from './analytics.js';
import {
  ASSET_PERFORMANCE_DEFAULT_PRESET,
  ASSET_PERFORMANCE_SUMMARY_MAX_IDS,
  assetAdLinkMethods,
} from './asset-performance-constants.js';
import { idListQuery } from './query.js';

/** The calls of an asset's ad performance (issue 17 "Beyond the seeds"); their constants are in asset-performance-constants.ts. */

/** GET …/assets/{id}/performance: a preset as creative analytics takes it (CUSTOM with from and to), LAST_MONTH by default. */
export const assetPerformanceQuerySchema = analyticsItemQuerySchema.extend({
  analyticsPreset: analyticsItemQuerySchema.shape.analyticsPreset
    .unwrap()
    .default(ASSET_PERFORMANCE_DEFAULT_PRESET),
});
export type AssetPerformanceQuery = z.infer<typeof assetPerformanceQuerySchema>;

/** One ad using the file: its figures over the preset, and how the file was found in it. */
export const assetPerformanceAdSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  effectiveStatus: z.string().nullable(),
  spend: z.number(),
  roas: z.number().nullable(),
  method: z.enum(assetAdLinkMethods),
  /** FINGERPRINT: the most bits (of 64) any compared picture differs by; null for META_ID. */
  distance: z.number().nullable(),
});
export type AssetPerformanceAd = z.infer<typeof assetPerformanceAdSchema>;

/**
 * The file's ad performance: the figures of the ads using it over the preset, summed as a
 * group of creative analytics is (ratios of the sums), the window before, and the ads
 * (highest spend first). No ads: zero totals and an empty list.
 */
export const assetPerformanceSchema = z.object({
  assetId: z.uuid(),
  analyticsPreset: z.string(),
  /** The days counted (the ad accounts' own timezones, from the earliest to the latest); null for all time. */
  window: analyticsWindowSchema,
  totals: analyticsFiguresSchema,
  /** The same figures for the window just before (none for ALL_TIME). */
  previous: analyticsFiguresSchema.nullable(),
  ads: z.array(assetPerformanceAdSchema),
});
export type AssetPerformance = z.infer<typeof assetPerformanceSchema>;

/** GET …/assets/performance-summary: up to 100 ids, repeated (`ids=a&ids=b`) or comma-separated. */
export const assetPerformanceSummaryQuerySchema = z.object({
  ids: idListQuery({
    min: 1,
    max: ASSET_PERFORMANCE_SUMMARY_MAX_IDS,
    tooFew: 'ids is required',
    tooMany: `At most ${ASSET_PERFORMANCE_SUMMARY_MAX_IDS} ids`,
  }),
});
export type AssetPerformanceSummaryQuery = z.infer<typeof assetPerformanceSummaryQuerySchema>;

/** A card's badge: spend and ROAS over LAST_MONTH of the ads using the file, and how many use it. */
export const assetPerformanceSummarySchema = z.object({
  assetId: z.uuid(),
  spend: z.number(),
  roas: z.number().nullable(),
  ads: z.number(),
});
export type AssetPerformanceSummary = z.infer<typeof assetPerformanceSummarySchema>;
