import { uploadEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { UploadsService } from './service.js';

/** Upload calls of 000 §7 and the small single uploads (endpoints in the contract's uploads group). */
export function uploadsRoutes(service: UploadsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.createBatch, ({ actor, params, body }) =>
      service.createBatch({ actor, ...params }, body.assets, body.customFields, body.boardId),
    );
    registerEndpoint(app, e.complete, ({ actor, params, body }) =>
      service.complete({ actor, accountId: params.accountId, brandId: params.brandId }, params.id, body),
    );
    registerEndpoint(app, e.setState, ({ actor, params, body }) =>
      service.setState({ actor, accountId: params.accountId, brandId: params.brandId }, params.id, body),
    );
    registerEndpoint(app, e.updateContent, ({ actor, params, body }) =>
      service.updateContent(
        { actor, accountId: params.accountId, brandId: params.brandId },
        params.id,
        body.content,
      ),
    );
    registerEndpoint(app, e.smallUploadUrl, ({ actor, body }) =>
      service.publicFiles.smallUploadUrl(actor, body),
    );
    registerEndpoint(app, e.publicFile, ({ params, reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return service.publicFiles.publicFileUrl(params.name);
    });
  };
}
