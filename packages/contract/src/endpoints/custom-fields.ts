import { z } from 'zod';
import {
  createCustomFieldBodySchema,
  customFieldSchema,
  deleteCustomFieldResponseSchema,
  updateCustomFieldBodySchema,
} from '../custom-fields.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';

/** Custom fields of a brand (brand admins manage them; members read them). */

const tags = ['custom fields'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const idParams = brandScopedParams({ id: z.uuid() });

export const customFieldEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${B}/custom-fields`,
    summary: 'Custom fields in their order',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    response: z.array(customFieldSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/custom-fields`,
    summary: 'Create a custom field (at most 50 per brand)',
    tags,
    permission: 'field.manage',
    params: brandScopedParams({}),
    body: createCustomFieldBodySchema,
    response: customFieldSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/custom-fields/:id`,
    summary: 'Rename, describe, reorder a field or change its options (never its type)',
    tags,
    permission: 'field.manage',
    params: idParams,
    body: updateCustomFieldBodySchema,
    response: customFieldSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/custom-fields/:id`,
    summary: 'Delete a field and its values',
    tags,
    permission: 'field.manage',
    params: idParams,
    response: deleteCustomFieldResponseSchema,
  }),
};
