// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const adPerformanceApi: Routes['adPerformance'] = /* @__PURE__ */ nameGroup('adPerformance', {
  import: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/ad-performance/imports', status: 201, dates: ['createdAt', 'finishedOn'] },
});
