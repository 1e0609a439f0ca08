// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const commentsApi: Routes['comments'] = /* @__PURE__ */ nameGroup('comments', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/comments', dates: ['createdAt', 'updatedAt'] },
  listInLibrary: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:assetId/comments', dates: ['createdAt', 'updatedAt'] },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/comments', status: 201, dates: ['createdAt', 'updatedAt'] },
  createInLibrary: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:assetId/comments', status: 201, dates: ['createdAt', 'updatedAt'] },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/comments/:id', dates: ['createdAt', 'updatedAt'] },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/comments/:id' },
  restore: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/comments/:id/restore', dates: ['createdAt', 'updatedAt'] },
  restorePut: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/comments/:id/restore', dates: ['createdAt', 'updatedAt'] },
  resolve: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/comments/:id/resolve', dates: ['createdAt', 'updatedAt'] },
  unresolve: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/comments/:id/unresolve', dates: ['createdAt', 'updatedAt'] },
  react: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/comments/:id/reactions', dates: ['createdAt'] },
  unreact: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/comments/:commentId/reactions/:id' },
  mentions: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/mentions' },
  events: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/comments/events' },
});
