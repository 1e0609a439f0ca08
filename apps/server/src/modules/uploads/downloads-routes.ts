import { downloadEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { DownloadsService } from './downloads-service.js';

/** Downloads, zips and GIFs (000 §7 "Library", "Other"; the contract's downloads group). */
export function downloadsRoutes(service: DownloadsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.downloadStream, ({ actor, params, body }) =>
      service.downloadHref({ actor, ...params }, body.id, body.filename),
    );
    registerEndpoint(app, e.download, async ({ actor, params }) => {
      const { href } = await service.downloadHref(
        { actor, accountId: params.accountId, brandId: params.brandId },
        params.id,
      );
      return href;
    });
    registerEndpoint(app, e.requestZip, ({ actor, params, body }) =>
      service.zips.requestZip(
        { actor, ...params },
        body.entities.map((entity) => entity.id),
        body.name,
      ),
    );
    registerEndpoint(app, e.zipStatus, ({ actor, params }) =>
      service.zips.zipStatus({ actor, accountId: params.accountId, brandId: params.brandId }, params.jobId),
    );
    registerEndpoint(app, e.gif, ({ actor, params, body }) => service.gif({ actor, ...params }, body));
  };
}
