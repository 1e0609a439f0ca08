// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const assetCardPerformanceApi: Routes['assetCardPerformance'] = /* @__PURE__ */ nameGroup('assetCardPerformance', {
  summary: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/performance-summary' },
});
