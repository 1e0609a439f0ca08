import { assetCardPerformanceEndpoints as cards, assetPerformanceEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { AssetPerformanceService } from './service.js';

export function assetPerformanceRoutes(service: AssetPerformanceService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, cards.summary, ({ actor, params, query }) =>
      service.summary(scope(actor, params), query),
    );
    registerEndpoint(app, e.get, ({ actor, params, query }) =>
      service.get(scope(actor, params), params.id, query),
    );
  };
}
