import { z } from 'zod';
import {
  analyticsAdSchema,
  analyticsCompareQuerySchema,
  analyticsComparisonSchema,
  analyticsCreativeOptionSchema,
  analyticsCreativeOptionsQuerySchema,
  analyticsGroupRowSchema,
  analyticsGroupsQuerySchema,
  analyticsItemQuerySchema,
  analyticsListQuerySchema,
} from '../analytics.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { AD_EXPORT_MAX_BYTES } from '../integration-constants.js';
import { jobSchema } from '../jobs.js';
import { namingConventionAnswerSchema, namingConventionSchema } from '../naming-convention.js';

/** The file itself as the request body (CSV or XLSX), read by the server as bytes. */
export const adExportFileSchema = z
  .custom<Uint8Array | Blob>(
    (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
    {
      message: 'file is required',
    },
  )
  .meta({ type: 'string', format: 'binary' });

/** Ad performance data that is not synced: an Ads Manager export imported by an admin. */
export const adPerformanceEndpoints = {
  import: defineEndpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/brands/:brandId/ad-performance/imports',
    summary:
      'Import an Ads Manager export (CSV or XLSX, daily rows, up to 50 MB) as the body; answers the import job (its result: rows read, imported, skipped)',
    tags: ['ad-performance'],
    permission: 'adPerformance.import',
    params: brandScopedParams({}),
    query: z.object({ fileName: z.string().min(1).max(255) }),
    body: adExportFileSchema,
    response: jobSchema,
    status: 201,
    bodyLimit: AD_EXPORT_MAX_BYTES,
  }),
};

/** Creative analytics (issue 17; 001 §7 performance-analytics): members of the brand read. */
export const analyticsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/performance-analytics',
    summary:
      "The brand's ads that delivered in the date preset, with their figures and the window before; sorted (default spend, highest first), filtered, paged",
    tags: ['analytics'],
    permission: 'analytics.read',
    params: brandScopedParams({}),
    query: analyticsListQuerySchema,
    response: z.array(analyticsAdSchema),
    list: true,
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/groups',
    summary:
      "The list's ads grouped by a creative value, a tag category's tags or dynamic name groups: counts, totals and weighted averages",
    tags: ['analytics'],
    permission: 'analytics.read',
    params: brandScopedParams({}),
    query: analyticsGroupsQuerySchema,
    response: z.array(analyticsGroupRowSchema),
  }),
  creativeOptions: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/creative-options',
    summary:
      "The brand's values of a creative-info field (actor names, headlines, messages, CTA types, landing pages, post ids) containing q, most used first: the creative-info filters' options",
    tags: ['analytics'],
    permission: 'analytics.read',
    params: brandScopedParams({}),
    query: analyticsCreativeOptionsQuerySchema,
    response: z.array(analyticsCreativeOptionSchema),
  }),
  compare: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/comparison-result',
    summary: 'Up to 6 ads side by side: daily chart data and totals for the preset, keyed by ad id',
    tags: ['analytics'],
    permission: 'analytics.read',
    params: brandScopedParams({}),
    query: analyticsCompareQuerySchema,
    response: analyticsComparisonSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/:id',
    summary: "One ad's figures for the date preset, its daily chart data, retention and creative info",
    tags: ['analytics'],
    permission: 'analytics.read',
    params: brandScopedParams({ id: z.uuid() }),
    query: analyticsItemQuerySchema,
    response: analyticsAdSchema,
  }),
};

/**
 * The brand's ad naming convention (issue 17 "Beyond the seeds"): members read it with the
 * preview sample, admins save it (every ad of the brand is parsed again on save).
 */
export const namingConventionEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/brands/:brandId/ad-naming-convention',
    summary:
      "The brand's ad naming convention (an empty one when none is saved) and its 20 highest-spend ad names of the last 30 days as the convention reads them",
    tags: ['analytics'],
    permission: 'namingConvention.read',
    params: brandScopedParams({}),
    response: namingConventionAnswerSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/accounts/:accountId/brands/:brandId/ad-naming-convention',
    summary:
      "Saves the brand's ad naming convention (delimiter and fields) and parses every ad name of the brand again; answers as the GET",
    tags: ['analytics'],
    permission: 'namingConvention.manage',
    params: brandScopedParams({}),
    body: namingConventionSchema,
    response: namingConventionAnswerSchema,
  }),
};
