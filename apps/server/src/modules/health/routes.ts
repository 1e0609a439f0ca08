import { platformEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { HealthService } from './service.js';

export function healthRoutes(service: HealthService) {
  return (app: FastifyInstance) => {
    // 503 (with the same body) when the database is down, so load balancers take the process out.
    registerEndpoint(app, e.health, async ({ reply }) => {
      const health = await service.check();
      reply.header('cache-control', 'no-store');
      if (health.database.status !== 'up') reply.status(503);
      return health;
    });
  };
}
