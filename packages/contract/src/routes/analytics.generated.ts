// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const analyticsApi: Routes['analytics'] = /* @__PURE__ */ nameGroup('analytics', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/performance-analytics', list: true },
  groups: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/groups' },
  creativeOptions: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/creative-options' },
  compare: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/comparison-result' },
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/performance-analytics/:id' },
});
