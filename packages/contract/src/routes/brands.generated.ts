// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const brandsApi: Routes['brands'] = /* @__PURE__ */ nameGroup('brands', {
  list: { method: 'GET', path: '/api/brands', list: true, dates: ['createdAt'] },
  get: { method: 'GET', path: '/api/brands/:id', dates: ['createdAt'] },
  update: { method: 'PUT', path: '/api/brands/:id', dates: ['createdAt'] },
  completeOnboarding: { method: 'POST', path: '/api/brands/:id/onboarding', dates: ['createdAt'] },
  creativeKit: { method: 'GET', path: '/api/brands/:id/creative_kit' },
  updateCreativeKit: { method: 'PUT', path: '/api/brands/:id/creative_kit' },
  industries: { method: 'GET', path: '/api/industries' },
});
