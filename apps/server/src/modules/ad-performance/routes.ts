import {
  AD_EXPORT_CONTENT_TYPES,
  AD_EXPORT_MAX_BYTES,
  analyticsEndpoints as a,
  adPerformanceEndpoints as e,
  namingConventionEndpoints as n,
} from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { AnalyticsService } from './analytics/service.js';
import type { ExportImports } from './export-import.js';
import type { NamingConventionService } from './naming/service.js';

/**
 * Imports of Ads Manager exports (the file is the request body: CSV, XLSX, or any bytes to
 * sniff), creative analytics' reads and the brand's ad naming convention.
 */
export function adPerformanceRoutes(
  imports: ExportImports,
  analytics: AnalyticsService,
  naming: NamingConventionService,
) {
  return (app: FastifyInstance) => {
    app.addContentTypeParser(
      [...AD_EXPORT_CONTENT_TYPES, 'application/octet-stream', 'application/vnd.ms-excel'],
      { parseAs: 'buffer', bodyLimit: AD_EXPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    registerEndpoint(app, e.import, ({ actor, params, query, body, request }) =>
      imports.start(scope(actor, params), {
        bytes: body as Buffer,
        fileName: query.fileName,
        contentType: request.headers['content-type'],
      }),
    );
    registerEndpoint(app, a.list, ({ actor, params, query }) => analytics.list(scope(actor, params), query));
    registerEndpoint(app, a.creativeOptions, ({ actor, params, query }) =>
      analytics.creativeOptions(scope(actor, params), query),
    );
    registerEndpoint(app, a.groups, ({ actor, params, query }) =>
      analytics.groups(scope(actor, params), query),
    );
    registerEndpoint(app, a.compare, ({ actor, params, query }) =>
      analytics.compare(scope(actor, params), query),
    );
    registerEndpoint(app, a.get, ({ actor, params, query }) =>
      analytics.get(scope(actor, params), params.id, query),
    );
    registerEndpoint(app, n.get, ({ actor, params }) => naming.get(scope(actor, params)));
    registerEndpoint(app, n.update, ({ actor, params, body }) => naming.update(scope(actor, params), body));
  };
}
