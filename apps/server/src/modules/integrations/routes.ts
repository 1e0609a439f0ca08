import { integrationEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { MetaPublisher } from './meta-publish.js';
import type { IntegrationsService } from './service.js';

/** Integrations (001 §7) and publishing library videos to Meta. */
export function integrationsRoutes(service: IntegrationsService, publisher: MetaPublisher) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.list, ({ actor, params }) => service.list(scope(actor, params)));
    registerEndpoint(app, e.authInfo, ({ actor, params, query }) =>
      service.authInfo(scope(actor, params), query.vendor),
    );
    registerEndpoint(app, e.userIntegrations, ({ actor, params }) =>
      service.userIntegrations(scope(actor, params)),
    );
    registerEndpoint(app, e.get, ({ actor, params }) => service.get(scope(actor, params), params.id));
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.refresh, ({ actor, params }) => service.refresh(scope(actor, params), params.id));
    registerEndpoint(app, e.syncStatus, ({ actor, params }) =>
      service.syncStatus(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.create, ({ actor, params, body }) => service.create(scope(actor, params), body));
    registerEndpoint(app, e.delete, ({ actor, params }) => service.delete(scope(actor, params), params.id));
    registerEndpoint(app, e.deleteUserIntegration, ({ actor, params }) =>
      service.deleteUserIntegration(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.publish, ({ actor, params, body }) =>
      publisher.start(scope(actor, params), body),
    );
  };
}
