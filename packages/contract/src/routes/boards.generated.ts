// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const boardsApi: Routes['boards'] = /* @__PURE__ */ nameGroup('boards', {
  list: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards', list: true, dates: ['at', 'createdAt', 'updatedAt'] },
  create: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/boards', status: 201, dates: ['at', 'createdAt', 'updatedAt'] },
  locations: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards/locations' },
  get: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards/:id', dates: ['at', 'createdAt', 'updatedAt'] },
  update: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/boards/:id', dates: ['at', 'createdAt', 'updatedAt'] },
  delete: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/boards/:id' },
  removeAssets: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/assets' },
  invite: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/invite', dates: ['expiresAt', 'lastOpenedAt'] },
  presentation: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/presentation' },
  mentions: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/mentions' },
  comments: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/comments', dates: ['createdAt', 'updatedAt'] },
  comment: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/comments', status: 201, dates: ['createdAt', 'updatedAt'] },
  reviews: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/reviews', dates: ['createdAt'] },
  review: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/boards/:id/assets/:assetId/review', dates: ['createdAt'] },
});
