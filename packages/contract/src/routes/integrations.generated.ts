// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const integrationsApi: Routes['integrations'] = /* @__PURE__ */ nameGroup('integrations', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/integrations', dates: ['createdAt', 'syncStartTimestampUtc'] },
  authInfo: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/integrations/auth-info' },
  userIntegrations: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/integrations/user-integrations', dates: ['createdAt', 'syncStartTimestampUtc'] },
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/integrations/:id', dates: ['createdAt', 'syncStartTimestampUtc'] },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/integrations/:id', dates: ['createdAt', 'syncStartTimestampUtc'] },
  refresh: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/integrations/:id/refresh', dates: ['createdAt', 'syncStartTimestampUtc'] },
  syncStatus: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/integrations/:id/sync-status', dates: ['lastRunAt', 'lastSuccessAt', 'nextRunAt'] },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/integrations', status: 201, dates: ['createdAt', 'syncStartTimestampUtc'] },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/integrations/:id', status: 204 },
  deleteUserIntegration: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/user-integrations/:id', status: 204 },
  publish: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/bulk-publish-to-ad-platform', status: 201, dates: ['createdAt', 'finishedOn'] },
});
