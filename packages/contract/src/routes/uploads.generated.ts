// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const uploadsApi: Routes['uploads'] = /* @__PURE__ */ nameGroup('uploads', {
  createBatch: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/batch', status: 201, dates: ['createdAt', 'sharedAt'] },
  complete: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/complete-upload', dates: ['createdAt', 'sharedAt'] },
  setState: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/uploading-state', dates: ['createdAt', 'sharedAt'] },
  updateContent: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/content', dates: ['createdAt', 'sharedAt'] },
  smallUploadUrl: { method: 'POST', path: '/api/upload/url' },
  publicFile: { method: 'GET', path: '/api/public-files/:name', status: 302 },
});
