// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const profileApi: Routes['profile'] = /* @__PURE__ */ nameGroup('profile', {
  profile: { method: 'GET', path: '/api/profile' },
});
