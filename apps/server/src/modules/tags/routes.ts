import { tagEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { TagsService } from './service.js';

/** Tags and tag categories (000 §7 "Tags"). */
export function tagsRoutes(service: TagsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.listCategories, ({ actor, params, query }) =>
      service.categories(scope(actor, params), query.includeCount),
    );
    registerEndpoint(app, e.createCategory, ({ actor, params, body }) =>
      service.createCategory(scope(actor, params), body.name),
    );
    registerEndpoint(app, e.updateCategory, ({ actor, params, body }) =>
      service.renameCategory(scope(actor, params), params.id, body.name),
    );
    registerEndpoint(app, e.deleteCategory, ({ actor, params }) =>
      service.deleteCategory(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.list, ({ actor, params, query }) =>
      service.list(scope(actor, params), query.includeCount),
    );
    registerEndpoint(app, e.create, ({ actor, params, body }) => service.create(scope(actor, params), body));
    registerEndpoint(app, e.createBulk, ({ actor, params, body }) =>
      service.createBulk(scope(actor, params), body),
    );
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params }) => service.delete(scope(actor, params), params.id));
    registerEndpoint(app, e.bulkTag, ({ actor, params, body }) =>
      service.bulkTag(scope(actor, params), body),
    );
  };
}
