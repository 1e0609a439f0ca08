import { platformEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { FeatureFlagsService } from './service.js';

export function featureFlagsRoutes(service: FeatureFlagsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.featureFlags, ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return service.current();
    });
  };
}
