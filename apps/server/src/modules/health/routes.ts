import { healthResponseSchema } from '@hookline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service.js';

export const healthRoutes =
  (service: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Database and queue status; 503 when the database is down',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const health = await service.check();
        reply.header('cache-control', 'no-store');
        return reply.status(health.database.status === 'up' ? 200 : 503).send(health);
      },
    );
  };
