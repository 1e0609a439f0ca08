import { jobEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { JobsService } from './service.js';

/** POST /api/jobs and the job's self and cancel links. */
export function jobsRoutes(service: JobsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.create, ({ actor, body }) => service.create(actor, body));
    registerEndpoint(app, e.get, ({ actor, params }) => service.get(actor, params.jobId));
    registerEndpoint(app, e.cancel, ({ actor, params }) => service.cancel(actor, params.jobId));
  };
}
