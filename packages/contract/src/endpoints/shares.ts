import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { assetSchema } from '../library.js';
import { libraries } from '../library-constants.js';
import {
  authorizationPolicySchema,
  createShareBodySchema,
  policyQuerySchema,
  sharedListQuerySchema,
  shareRecordSchema,
  unlockBodySchema,
  unlockResponseSchema,
  updateShareBodySchema,
} from '../shares.js';
import { okSchema } from './library.js';

/** Sharing (000 §7 share, unshare, library/shared, authorization policy; link unlock). */

const tags = ['sharing'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const itemParams = brandScopedParams({ library: z.enum(libraries), id: z.uuid() });
const shareParams = brandScopedParams({ library: z.enum(libraries), id: z.uuid(), shareId: z.uuid() });

export const shareEndpoints = {
  policy: defineEndpoint({
    method: 'GET',
    path: '/api/authorization/policy',
    summary: "A share token's grant, or a signed-in user's person shares in a brand",
    tags,
    permission: 'share.policy',
    query: policyQuerySchema,
    response: authorizationPolicySchema,
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: '/api/shares/unlock',
    summary: 'Opens a password-locked link: a share session sent as X-Share-Token (2 hours)',
    tags,
    permission: 'public',
    body: unlockBodySchema,
    response: unlockResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${B}/library/:library/:id/share`,
    summary: 'Who an item is shared with, and its public link',
    tags,
    permission: 'share.manage',
    params: itemParams,
    response: shareRecordSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/library/:library/:id/share`,
    summary: 'Turn the public link on, or share with people (invitations for new addresses)',
    tags,
    permission: 'share.manage',
    params: itemParams,
    body: createShareBodySchema,
    response: shareRecordSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/library/:library/:id/share/:shareId`,
    summary: "A person's role, the link's audience and controls, or people to remove",
    tags,
    permission: 'share.manage',
    params: shareParams,
    body: updateShareBodySchema,
    response: shareRecordSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/library/:library/:id/share/:shareId`,
    summary: 'Turn the public link off, or remove a person',
    tags,
    permission: 'share.manage',
    params: shareParams,
    response: shareRecordSchema,
  }),
  unshare: defineEndpoint({
    method: 'PUT',
    path: `${B}/library/:library/:id/unshare`,
    summary: "A recipient removes another brand's item from their shared-with-me",
    tags,
    permission: 'share.unshare',
    params: itemParams,
    response: okSchema,
  }),
  shared: defineEndpoint({
    method: 'GET',
    path: '/api/library/shared',
    summary: 'Items shared with me, newest share first',
    tags,
    permission: 'share.list',
    query: sharedListQuerySchema,
    response: z.array(assetSchema),
    list: true,
  }),
};
