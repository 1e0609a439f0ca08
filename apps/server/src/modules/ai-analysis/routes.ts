import { analysisEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { AiAnalysisService } from './service.js';

export function aiAnalysisRoutes(service: AiAnalysisService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.text, ({ actor, params }) => service.text(scope(actor, params), params.assetId));
    registerEndpoint(app, e.transcript, ({ actor, params }) =>
      service.transcript(scope(actor, params), params.assetId),
    );
    registerEndpoint(app, e.status, ({ actor, params }) =>
      service.status(scope(actor, params), params.assetId),
    );
    registerEndpoint(app, e.retry, ({ actor, params }) =>
      service.retry(scope(actor, params), params.assetId),
    );
    registerEndpoint(app, e.regenerateTags, ({ actor, params, body }) =>
      service.regenerateTags(scope(actor, params), body),
    );
    registerEndpoint(app, e.clipTypes, ({ actor, params }) => service.clipTypes(scope(actor, params)));
    registerEndpoint(app, e.breakdown, ({ actor, params }) =>
      service.breakdown(scope(actor, params), params.assetId),
    );
    registerEndpoint(app, e.intelligenceTypes, ({ actor, params }) =>
      service.intelligenceTypes(scope(actor, params)),
    );
    registerEndpoint(app, e.subtypes, ({ actor, params, query }) =>
      service.subtypes(scope(actor, params), query),
    );
    registerEndpoint(app, e.creativeClips, ({ actor, params, query }) =>
      service.creativeClips(scope(actor, params), query),
    );
  };
}
