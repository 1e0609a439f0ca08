import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { assetSchema } from '../library.js';
import {
  libraryOptionsQuerySchema,
  searchOptionSchema,
  searchOptionsQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  similarQuerySchema,
  similarResultSchema,
} from '../search.js';

/** Search (issue 16; 000 §7 "Search" and `GET library/options-search`, 001 §7 search-options). */

const tags = ['search'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: `${B}/search`,
    summary: 'Items by keyword and filters, with where each matched (score for super users)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: searchQuerySchema,
    response: z.array(searchResultSchema),
    list: true,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: `${B}/search-options`,
    summary: 'Filter options of one kind (tags, folders, boards…) by name: prefix matches first',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: searchOptionsQuerySchema,
    response: z.array(searchOptionSchema),
  }),
  libraryOptions: defineEndpoint({
    method: 'GET',
    path: `${B}/library/options-search`,
    summary: 'Library items by name, for pickers',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: libraryOptionsQuerySchema,
    response: z.array(assetSchema),
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:id/similar`,
    summary: "More like this: the brand's items most like this one, with score and method",
    tags,
    permission: 'asset.similar',
    params: brandScopedParams({ id: z.uuid() }),
    query: similarQuerySchema,
    response: z.array(similarResultSchema),
    list: true,
  }),
};
