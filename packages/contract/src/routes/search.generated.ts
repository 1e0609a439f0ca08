// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const searchApi: Routes['search'] = /* @__PURE__ */ nameGroup('search', {
  search: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/search', list: true, dates: ['createdAt', 'sharedAt'] },
  options: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/search-options' },
  libraryOptions: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/options-search', dates: ['createdAt', 'sharedAt'] },
  similar: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/similar', list: true, dates: ['createdAt', 'sharedAt'] },
});
