// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const libraryApi: Routes['library'] = /* @__PURE__ */ nameGroup('library', {
  listAssets: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets', list: true, dates: ['createdAt', 'sharedAt'] },
  listChildren: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:parentId/children', list: true, dates: ['createdAt', 'sharedAt'] },
  listFolders: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:folderId/folders', dates: ['createdAt', 'sharedAt'] },
  createFolder: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/:parentId/folders', status: 201, dates: ['createdAt', 'sharedAt'] },
  createFolders: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/folders/batch', status: 201 },
  folderTree: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/folders' },
  favorites: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/favorites', list: true, dates: ['createdAt', 'sharedAt'] },
  getItem: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id', dates: ['createdAt', 'sharedAt'] },
  favorite: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/favorite' },
  unfavorite: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/:library/:id/unfavorite' },
  updateAsset: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/assets/:id', dates: ['createdAt', 'sharedAt'] },
  updateDescription: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/assets/:id/description', dates: ['createdAt', 'sharedAt'] },
  deleteAsset: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/assets/:id' },
  deleteEntities: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/library/delete' },
  deleteAssets: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/assets' },
  deleteAssetsBulk: { method: 'DELETE', path: '/api/accounts/:accountId/brands/:brandId/assets/bulk' },
  bulkUpdate: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/library/bulk' },
  copy: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/copy', dates: ['createdAt', 'sharedAt'] },
  move: { method: 'PUT', path: '/api/accounts/:accountId/brands/:brandId/assets/move', dates: ['createdAt', 'sharedAt'] },
  bulkMove: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/bulk-move', dates: ['createdAt', 'sharedAt'] },
  bulkCopy: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/bulk-copy', dates: ['createdAt', 'sharedAt'] },
});
