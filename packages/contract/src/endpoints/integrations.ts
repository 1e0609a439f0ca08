import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import {
  authInfoSchema,
  createIntegrationBodySchema,
  integrationSchema,
  integrationVendorQuerySchema,
  publishBodySchema,
  syncStatusSchema,
  updateIntegrationBodySchema,
} from '../integrations.js';
import { jobSchema } from '../jobs.js';

/**
 * Integrations (001 §7 "integrations endpoints"): the brand's Meta connection (account
 * level: admins connect, change and disconnect; members read) and each user's own Drive and
 * Dropbox connections (user level). Publishing library videos to Meta.
 */

const tags = ['integrations'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const idParams = brandScopedParams({ id: z.uuid() });

export const integrationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${B}/integrations`,
    summary: "The brand's integrations (Meta) and the caller's own (Drive, Dropbox), with their issues",
    tags,
    permission: 'integration.read',
    params: brandScopedParams({}),
    response: z.array(integrationSchema),
  }),
  authInfo: defineEndpoint({
    method: 'GET',
    path: `${B}/integrations/auth-info`,
    summary: 'Whether a vendor is configured, and the signed authorization URL to connect it',
    tags,
    permission: 'integration.read',
    params: brandScopedParams({}),
    query: integrationVendorQuerySchema,
    response: authInfoSchema,
  }),
  userIntegrations: defineEndpoint({
    method: 'GET',
    path: `${B}/integrations/user-integrations`,
    summary: "The caller's own user-level integrations",
    tags,
    permission: 'integration.read',
    params: brandScopedParams({}),
    response: z.array(integrationSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${B}/integrations/:id`,
    summary: 'One integration: ad accounts, pages, user and issues',
    tags,
    permission: 'integration.read',
    params: idParams,
    response: integrationSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/integrations/:id`,
    summary: 'Enable ad accounts, set the default publishing account and the sync start',
    tags,
    permission: 'integration.manage',
    params: idParams,
    body: updateIntegrationBodySchema,
    response: integrationSchema,
  }),
  refresh: defineEndpoint({
    method: 'PUT',
    path: `${B}/integrations/:id/refresh`,
    summary: 'Re-check the token, ad accounts and pages, and queue a sync',
    tags,
    permission: 'integration.manage',
    params: idParams,
    response: integrationSchema,
  }),
  syncStatus: defineEndpoint({
    method: 'GET',
    path: `${B}/integrations/:id/sync-status`,
    summary: "Each enabled ad account's sync: last and next run, rows, progress and error",
    tags,
    permission: 'integration.read',
    params: idParams,
    response: syncStatusSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/integrations`,
    summary:
      "Save an authorization's code: connects Meta for the brand (admins) or the caller's own Drive or Dropbox",
    tags,
    permission: 'integration.connect',
    params: brandScopedParams({}),
    body: createIntegrationBodySchema,
    response: integrationSchema,
    status: 201,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/integrations/:id`,
    summary: 'Disconnect Meta: revokes the grant and stops syncing; synced history stays',
    tags,
    permission: 'integration.manage',
    params: idParams,
    status: 204,
  }),
  deleteUserIntegration: defineEndpoint({
    method: 'DELETE',
    path: `${B}/user-integrations/:id`,
    summary: "Disconnect one of the caller's own user-level integrations",
    tags,
    permission: 'integration.connect',
    params: idParams,
    status: 204,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: `${B}/library/bulk-publish-to-ad-platform`,
    summary: 'Upload library videos to a Meta ad account (a PUBLISH_TO_AD_PLATFORM job)',
    tags,
    permission: 'asset.publish',
    params: brandScopedParams({}),
    body: publishBodySchema,
    response: jobSchema,
    status: 201,
  }),
};
