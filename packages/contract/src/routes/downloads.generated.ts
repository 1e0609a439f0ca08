// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const downloadsApi: Routes['downloads'] = /* @__PURE__ */ nameGroup('downloads', {
  downloadStream: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/download-stream' },
  download: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/download', status: 302 },
  requestZip: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/download' },
  zipStatus: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/download/:jobId' },
  gif: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/gif' },
});
