import {
  AD_EXPORT_CONTENT_TYPES,
  AD_EXPORT_MAX_BYTES,
  adPerformanceEndpoints as e,
} from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { ExportImports } from './export-import.js';

/** Imports of Ads Manager exports: the file is the request body (CSV, XLSX, or any bytes to sniff). */
export function adPerformanceRoutes(imports: ExportImports) {
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
  };
}
