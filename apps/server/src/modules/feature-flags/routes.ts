import { featureFlagsResponseSchema } from '@hookline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureFlagsService } from './service.js';

export const featureFlagsRoutes =
  (service: FeatureFlagsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/feature-flags',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Remote feature flag values, merged by the web over its local defaults',
          response: { 200: featureFlagsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return service.current();
      },
    );
  };
