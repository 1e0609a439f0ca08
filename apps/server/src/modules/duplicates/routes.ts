import { duplicateEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { DuplicatesService } from './service.js';

export function duplicatesRoutes(service: DuplicatesService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.resolve, ({ actor, params, body }) =>
      service.resolve(scope(actor, params), params.assetId, body),
    );
    registerEndpoint(app, e.groups, ({ actor, params, query }) =>
      service.groups(scope(actor, params), query),
    );
  };
}
