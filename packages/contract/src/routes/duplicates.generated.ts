// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const duplicatesApi: Routes['duplicates'] = /* @__PURE__ */ nameGroup('duplicates', {
  resolve: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/duplicate-resolution' },
  groups: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/duplicates', list: true, dates: ['createdAt', 'sharedAt'] },
});
