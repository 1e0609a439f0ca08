// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const namingConventionApi: Routes['namingConvention'] = /* @__PURE__ */ nameGroup('namingConvention', {
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/ad-naming-convention' },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/ad-naming-convention' },
});
