import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import {
  bulkTagBodySchema,
  bulkTagResponseSchema,
  createTagBodySchema,
  createTagsBulkBodySchema,
  tagCategoryBodySchema,
  tagCategorySchema,
  tagListQuerySchema,
  tagSchema,
  updateTagBodySchema,
} from '../tags.js';
import { okSchema } from './library.js';

/** Tags and tag categories of a brand (000 §7 "Tags"). */

const tags = ['tags'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const idParams = brandScopedParams({ id: z.uuid() });

export const tagEndpoints = {
  listCategories: defineEndpoint({
    method: 'GET',
    path: `${B}/tag-categories`,
    summary: 'Tag categories with their tags (General first)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: tagListQuerySchema,
    response: z.array(tagCategorySchema),
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: `${B}/tag-categories`,
    summary: 'Create a tag category (409 when the name is taken)',
    tags,
    permission: 'tag.manage',
    params: brandScopedParams({}),
    body: tagCategoryBodySchema,
    response: tagCategorySchema,
    status: 201,
  }),
  updateCategory: defineEndpoint({
    method: 'PUT',
    path: `${B}/tag-categories/:id`,
    summary: 'Rename a tag category (not a SYSTEM one)',
    tags,
    permission: 'tag.manage',
    params: idParams,
    body: tagCategoryBodySchema,
    response: tagCategorySchema,
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: `${B}/tag-categories/:id`,
    summary: 'Delete a tag category; its tags move to General',
    tags,
    permission: 'tag.manage',
    params: idParams,
    response: okSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: `${B}/tags`,
    summary: 'Tags of the brand by name (usageCount with includeCount)',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: tagListQuerySchema,
    response: z.array(tagSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/tags`,
    summary: 'Create a tag (in General unless categoryId says)',
    tags,
    permission: 'tag.manage',
    params: brandScopedParams({}),
    body: createTagBodySchema,
    response: tagSchema,
    status: 201,
  }),
  createBulk: defineEndpoint({
    method: 'POST',
    path: `${B}/tags/bulk`,
    summary: 'Create up to 100 tags; existing names (ignoring case) are reused',
    tags,
    permission: 'tag.manage',
    params: brandScopedParams({}),
    body: createTagsBulkBodySchema,
    response: z.array(tagSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/tags/:id`,
    summary: 'Rename, recategorise or describe a tag; turn auto-search on or off',
    tags,
    permission: 'tag.manage',
    params: idParams,
    body: updateTagBodySchema,
    response: tagSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/tags/:id`,
    summary: 'Delete a tag and take it off every item',
    tags,
    permission: 'tag.manage',
    params: idParams,
    response: okSchema,
  }),
  bulkTag: defineEndpoint({
    method: 'POST',
    path: `${B}/tags/bulk-tag`,
    summary: 'Add tags to (or remove them from) many items; a background job above 500',
    tags,
    permission: 'asset.update',
    params: brandScopedParams({}),
    body: bulkTagBodySchema,
    response: bulkTagResponseSchema,
  }),
};
