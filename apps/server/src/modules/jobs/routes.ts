import { createJobBodySchema, jobSchema } from '@hookline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import type { JobsService } from './service.js';

const jobIdParams = z.object({ jobId: z.uuid() });

/** POST /api/jobs and the job's self and cancel links. */
export const jobsRoutes =
  (service: JobsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Start a job',
          body: createJobBodySchema,
          response: { 201: jobSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireUser(request), request.body)),
    );

    app.get(
      '/api/jobs/:jobId',
      {
        schema: {
          tags: ['jobs'],
          summary: "A job's current state",
          params: jobIdParams,
          response: { 200: jobSchema },
        },
      },
      async (request) => service.get(requireUser(request), request.params.jobId),
    );

    app.post(
      '/api/jobs/:jobId/cancel',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Cancel a job',
          params: jobIdParams,
          response: { 200: jobSchema },
        },
      },
      async (request) => service.cancel(requireUser(request), request.params.jobId),
    );
  };
