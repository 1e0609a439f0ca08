import { searchEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { SearchService } from './service.js';

/** Search, its filter options and the library pickers' name search (000 §7 "Search"). */
export function searchRoutes(service: SearchService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.search, ({ actor, params, query }) =>
      service.search(scope(actor, params), query),
    );
    registerEndpoint(app, e.options, ({ actor, params, query }) =>
      service.options(scope(actor, params), query),
    );
    registerEndpoint(app, e.libraryOptions, ({ actor, params, query }) =>
      service.libraryOptions(scope(actor, params), query),
    );
  };
}
