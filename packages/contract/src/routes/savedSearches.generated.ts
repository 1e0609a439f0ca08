// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const savedSearchesApi: Routes['savedSearches'] = /* @__PURE__ */ nameGroup('savedSearches', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/saved-searches', dates: ['createdAt', 'updatedAt'] },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/saved-searches', status: 201, dates: ['createdAt', 'updatedAt'] },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/saved-searches/:id', dates: ['createdAt', 'updatedAt'] },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/saved-searches/:id' },
});
