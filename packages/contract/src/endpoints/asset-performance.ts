import { z } from 'zod';
import {
  assetPerformanceQuerySchema,
  assetPerformanceSchema,
  assetPerformanceSummaryQuerySchema,
  assetPerformanceSummarySchema,
} from '../asset-performance.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';

/** An asset's ad performance (issue 17 "Beyond the seeds"): members of the brand read, share links do not. */

const tags = ['analytics'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;

/**
 * The library cards' badges: a group of its own, so that the library page's first load carries
 * only this call's route (the player's tab loads the other with its code).
 */
export const assetCardPerformanceEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/performance-summary`,
    summary:
      "Library cards' badges: spend and ROAS over the last calendar month of the ads using each file; files no ad uses (or not the brand's) are left out",
    tags,
    permission: 'analytics.read',
    params: brandScopedParams({}),
    query: assetPerformanceSummaryQuerySchema,
    response: z.array(assetPerformanceSummarySchema),
  }),
};

export const assetPerformanceEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:id/performance`,
    summary:
      "A file's ad performance over a preset (LAST_MONTH by default): the totals of the ads using it, the window before, and those ads with how the file was found in them",
    tags,
    permission: 'asset.performance',
    params: brandScopedParams({ id: z.uuid() }),
    query: assetPerformanceQuerySchema,
    response: assetPerformanceSchema,
  }),
};
