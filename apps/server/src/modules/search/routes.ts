import { searchEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { SearchService } from './service.js';

/** Search, its filter options and the library pickers' name search (000 §7 "Search"). */
export function searchRoutes(service: SearchService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.search, async ({ actor, params, query, reply }) => {
      const page = await service.search(scope(actor, params), query);
      // x-total-count is SEARCH_LIMITS.exactTotal then: more match than were counted.
      if (page.capped) reply.header('x-total-count-capped', 'true');
      return page;
    });
    registerEndpoint(app, e.options, ({ actor, params, query }) =>
      service.options(scope(actor, params), query),
    );
    registerEndpoint(app, e.libraryOptions, ({ actor, params, query }) =>
      service.libraryOptions(scope(actor, params), query),
    );
  };
}
