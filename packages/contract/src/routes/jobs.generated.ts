// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const jobsApi: Routes['jobs'] = /* @__PURE__ */ nameGroup('jobs', {
  create: { method: 'POST', path: '/api/jobs', status: 201, dates: ['createdAt', 'finishedOn'] },
  get: { method: 'GET', path: '/api/jobs/:jobId', dates: ['createdAt', 'finishedOn'] },
  cancel: { method: 'POST', path: '/api/jobs/:jobId/cancel', dates: ['createdAt', 'finishedOn'] },
});
