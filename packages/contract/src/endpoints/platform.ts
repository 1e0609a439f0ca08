import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { healthResponseSchema } from '../health.js';
import { createJobBodySchema, jobSchema } from '../jobs.js';

/** Health, feature flags and the jobs API (001 §4 Jobs and polling). */

export const platformEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Database and queue status; 503 when the database is down',
    tags: ['platform'],
    permission: 'public',
    response: healthResponseSchema,
  }),
  featureFlags: defineEndpoint({
    method: 'GET',
    path: '/api/feature-flags',
    summary: 'Remote feature flag values, merged by the web over its local defaults',
    tags: ['platform'],
    permission: 'public',
    // Only the flags stored remotely; the web fills the rest from defaults.
    response: z.record(z.string(), z.boolean()),
  }),
};

const jobIdParams = z.object({ jobId: z.uuid() });

export const jobEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/jobs',
    summary: 'Start a job',
    tags: ['jobs'],
    permission: 'job.create',
    body: createJobBodySchema,
    response: jobSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:jobId',
    summary: "A job's current state",
    tags: ['jobs'],
    permission: 'job.read',
    params: jobIdParams,
    response: jobSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:jobId/cancel',
    summary: 'Cancel a job',
    tags: ['jobs'],
    permission: 'job.cancel',
    params: jobIdParams,
    response: jobSchema,
  }),
};
