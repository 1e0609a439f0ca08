// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const tagsApi: Routes['tags'] = /* @__PURE__ */ nameGroup('tags', {
  listCategories: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/tag-categories' },
  createCategory: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/tag-categories', status: 201 },
  updateCategory: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/tag-categories/:id' },
  deleteCategory: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/tag-categories/:id' },
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/tags' },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/tags', status: 201 },
  createBulk: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/tags/bulk' },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/tags/:id' },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/tags/:id' },
  bulkTag: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/tags/bulk-tag' },
});
