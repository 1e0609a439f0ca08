// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const customFieldsApi: Routes['customFields'] = /* @__PURE__ */ nameGroup('customFields', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/custom-fields' },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/custom-fields', status: 201 },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/custom-fields/:id' },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/custom-fields/:id' },
});
