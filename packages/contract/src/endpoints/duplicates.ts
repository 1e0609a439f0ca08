import { z } from 'zod';
import {
  duplicateGroupSchema,
  duplicateGroupsQuerySchema,
  duplicateResolutionBodySchema,
  duplicateResolutionSchema,
} from '../duplicates.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';

/** Duplicates at upload (issue 15 "Beyond"). */

const tags = ['duplicates'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;

export const duplicateEndpoints = {
  resolve: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/:assetId/duplicate-resolution`,
    summary: 'Keeps a file marked as a duplicate (KEEP_BOTH) or deletes it (SKIP); 409 if it is not marked',
    tags,
    permission: 'asset.update',
    params: brandScopedParams({ assetId: z.uuid() }),
    body: duplicateResolutionBodySchema,
    response: duplicateResolutionSchema,
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: `${B}/duplicates`,
    summary: 'The brand’s files with the newer files marked as their duplicates, 20 groups a page',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: duplicateGroupsQuerySchema,
    response: z.array(duplicateGroupSchema),
    list: true,
  }),
};
