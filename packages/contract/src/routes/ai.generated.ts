// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const aiApi: Routes['ai'] = /* @__PURE__ */ nameGroup('ai', {
  capabilities: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/ai/capabilities' },
});
