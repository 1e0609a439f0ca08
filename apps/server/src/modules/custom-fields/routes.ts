import { customFieldEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { CustomFieldsService } from './service.js';

/** Custom fields of a brand. */
export function customFieldsRoutes(service: CustomFieldsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.list, ({ actor, params }) => service.list(scope(actor, params)));
    registerEndpoint(app, e.create, ({ actor, params, body }) => service.create(scope(actor, params), body));
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params }) => service.delete(scope(actor, params), params.id));
  };
}
