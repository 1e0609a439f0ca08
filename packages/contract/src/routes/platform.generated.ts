// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const platformApi: Routes['platform'] = /* @__PURE__ */ nameGroup('platform', {
  health: { method: 'GET', path: '/api/health' },
  featureFlags: { method: 'GET', path: '/api/feature-flags' },
});
