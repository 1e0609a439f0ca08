import { boardEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { BoardsService } from './service.js';

/** Boards, their items, invitations, comments and review (000 §7 "Boards"). */
export function boardsRoutes(service: BoardsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.list, ({ actor, params, query }) => service.list(scope(actor, params), query));
    registerEndpoint(app, e.create, ({ actor, params, body }) => service.create(scope(actor, params), body));
    registerEndpoint(app, e.locations, ({ actor, params, query }) =>
      service.locations(scope(actor, params), query.assetId),
    );
    registerEndpoint(app, e.get, ({ actor, params }) => service.get(scope(actor, params), params.id));
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params, query }) =>
      service.delete(scope(actor, params), params.id, query.deleteUploadedFiles),
    );
    registerEndpoint(app, e.removeAssets, ({ actor, params, body }) =>
      service.removeAssets(scope(actor, params), params.id, body.assetIds),
    );
    registerEndpoint(app, e.invite, ({ actor, params, body }) =>
      service.invite(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.presentation, ({ actor, params }) =>
      service.presentation(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.mentions, ({ actor, params }) =>
      service.mentions(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.comments, ({ actor, params, query }) =>
      service.listComments(scope(actor, params), params.id, query),
    );
    registerEndpoint(app, e.comment, ({ actor, params, body }) =>
      service.comment(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.reviews, ({ actor, params }) => service.reviews(scope(actor, params), params.id));
    registerEndpoint(app, e.review, ({ actor, params, body }) =>
      service.review(scope(actor, params), params.id, params.assetId, body),
    );
  };
}
