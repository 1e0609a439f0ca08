// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const teamApi: Routes['team'] = /* @__PURE__ */ nameGroup('team', {
  members: { method: 'GET', path: '/api/users', dates: ['lastLogin'] },
  invite: { method: 'POST', path: '/api/users', status: 201, dates: ['lastLogin'] },
  reinvite: { method: 'POST', path: '/api/users/:id/reinvite', status: 204 },
  remove: { method: 'DELETE', path: '/api/users/:id', status: 204 },
});
