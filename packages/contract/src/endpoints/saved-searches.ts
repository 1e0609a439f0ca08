import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { savedSearchBodySchema, savedSearchSchema, savedSearchUpdateSchema } from '../saved-searches.js';
import { okSchema } from './library.js';

/** Saved searches (issue 16): the caller's own and those shared with the brand. */

const tags = ['search'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;

export const savedSearchEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${B}/saved-searches`,
    summary: "The caller's saved searches and those shared with the brand, by name",
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    response: z.array(savedSearchSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/saved-searches`,
    summary: 'Saves a keyword, filters and sort under a name (50 per user)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    body: savedSearchBodySchema,
    response: savedSearchSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/saved-searches/:id`,
    summary: 'Renames, shares or replaces a saved search (its owner; a shared one also admins)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({ id: z.uuid() }),
    body: savedSearchUpdateSchema,
    response: savedSearchSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/saved-searches/:id`,
    summary: 'Deletes a saved search (its owner; a shared one also admins)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({ id: z.uuid() }),
    response: okSchema,
  }),
};
