import { shareEndpoints as e } from '@hookline/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { ClientInfo } from './links-service.js';
import type { SharesService } from './service.js';

const client = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Sharing calls (000 §7 share, unshare, library/shared, authorization policy; unlock). */
export function sharesRoutes(service: SharesService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.policy, ({ actor, query, request }) =>
      service.links.policy(actor, query.brandId, client(request)),
    );
    registerEndpoint(app, e.unlock, ({ body, request }) => service.links.unlock(body, client(request)));
    registerEndpoint(app, e.get, ({ actor, params }) =>
      service.get(scope(actor, params), params.library, params.id),
    );
    registerEndpoint(app, e.create, ({ actor, params, body }) =>
      service.create(scope(actor, params), params.library, params.id, body),
    );
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.library, params.id, params.shareId, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params }) =>
      service.delete(scope(actor, params), params.library, params.id, params.shareId),
    );
    registerEndpoint(app, e.unshare, ({ actor, params }) =>
      service.unshare(scope(actor, params), params.library, params.id),
    );
    registerEndpoint(app, e.shared, ({ actor, query }) => service.sharedWithMe(actor, query));
  };
}
