// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const plansApi: Routes['plans'] = /* @__PURE__ */ nameGroup('plans', {
  usage: { method: 'GET', path: '/api/accounts/:accountId/usage' },
  package: { method: 'GET', path: '/api/accounts/:accountId/package' },
  allocation: { method: 'GET', path: '/api/accounts/:accountId/package-allocation' },
  requestUpgrade: { method: 'POST', path: '/api/accounts/:accountId/request-upgrade', status: 204 },
});
