// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const sharesApi: Routes['shares'] = /* @__PURE__ */ nameGroup('shares', {
  policy: { method: 'GET', path: '/api/authorization/policy' },
  unlock: { method: 'POST', path: '/api/shares/unlock', dates: ['expiresAt'] },
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/share', dates: ['expiresAt', 'lastOpenedAt'] },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/share', dates: ['expiresAt', 'lastOpenedAt'] },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/share/:shareId', dates: ['expiresAt', 'lastOpenedAt'] },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/share/:shareId', dates: ['expiresAt', 'lastOpenedAt'] },
  unshare: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/unshare' },
  shared: { method: 'GET', path: '/api/library/shared', list: true, dates: ['createdAt', 'sharedAt'] },
});
