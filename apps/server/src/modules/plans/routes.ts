import { planEndpoints as plans } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { PlansService } from './service.js';

/** Plan, allocation, usage and upgrade requests (001 §7). */
export function plansRoutes(service: PlansService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, plans.usage, ({ actor, params }) => service.usage(actor, params.accountId));
    registerEndpoint(app, plans.package, ({ actor, params }) => service.package(actor, params.accountId));
    registerEndpoint(app, plans.allocation, ({ actor, params }) =>
      service.allocation(actor, params.accountId),
    );
    registerEndpoint(app, plans.requestUpgrade, ({ actor, params, body }) =>
      service.requestUpgrade(actor, params.accountId, body),
    );
  };
}
