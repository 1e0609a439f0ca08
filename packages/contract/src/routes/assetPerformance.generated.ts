// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const assetPerformanceApi: Routes['assetPerformance'] = /* @__PURE__ */ nameGroup('assetPerformance', {
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/performance' },
});
