import { libraryEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope } from './scope.js';
import type { LibraryService } from './service.js';

const scope = callScope;

/** Assets, folders and the library calls of 000 §7 (endpoints in the contract's library group). */
export function libraryRoutes(service: LibraryService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.listAssets, ({ actor, params, query }) =>
      service.list(scope(actor, params), query),
    );
    registerEndpoint(app, e.listChildren, ({ actor, params, query }) =>
      service.list(scope(actor, params), { ...query, parentId: params.parentId }),
    );
    registerEndpoint(app, e.listFolders, ({ actor, params }) =>
      service.folders(scope(actor, params), params.folderId),
    );
    registerEndpoint(app, e.createFolder, ({ actor, params, body }) =>
      service.createFolder(scope(actor, params), params.parentId, body),
    );
    registerEndpoint(app, e.createFolders, async ({ actor, params, body }) => ({
      folders: await service.createFolders(scope(actor, params), body.parentId, body.folders),
    }));
    registerEndpoint(app, e.folderTree, ({ actor, params, query }) =>
      service.tree(scope(actor, params), query.folderId, query.includeShared),
    );
    registerEndpoint(app, e.favorites, ({ actor, params, query }) =>
      service.favorites(scope(actor, params), query),
    );
    registerEndpoint(app, e.getItem, ({ actor, params }) =>
      service.get({ ...scope(actor, params), library: params.library }, params.id),
    );
    registerEndpoint(app, e.favorite, async ({ actor, params }) => {
      await service.setFavorite({ ...scope(actor, params), library: params.library }, params.id, true);
      return { ok: true as const };
    });
    registerEndpoint(app, e.unfavorite, async ({ actor, params }) => {
      await service.setFavorite({ ...scope(actor, params), library: params.library }, params.id, false);
      return { ok: true as const };
    });
    registerEndpoint(app, e.updateAsset, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.updateDescription, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, { description: body.description }),
    );
    registerEndpoint(app, e.deleteAsset, ({ actor, params }) =>
      service.delete(scope(actor, params), [params.id]),
    );
    registerEndpoint(app, e.deleteEntities, ({ actor, params, body }) =>
      service.deleteSelection(scope(actor, params), body),
    );
    for (const endpoint of [e.deleteAssets, e.deleteAssetsBulk]) {
      registerEndpoint(app, endpoint, ({ actor, params, body }) =>
        service.delete(scope(actor, params), body.ids),
      );
    }
    registerEndpoint(app, e.bulkUpdate, ({ actor, params, body }) =>
      service.bulkUpdate(
        scope(actor, params),
        body.entities.map((entity) => entity.id),
        body.updateQuery,
      ),
    );
    registerEndpoint(app, e.copy, async ({ actor, params, query, body }) => {
      const s = scope(actor, params);
      return service.copy(s, await service.selection(s, query), body.folderId);
    });
    registerEndpoint(app, e.move, async ({ actor, params, query, body }) => {
      const s = scope(actor, params);
      return service.move(s, await service.selection(s, query), body.parentId);
    });
    registerEndpoint(app, e.bulkMove, async ({ actor, params, body }) => {
      const s = scope(actor, params);
      return service.move(
        s,
        await service.selection(s, { ...body, assetIds: body.assetIds ?? [] }),
        body.destFolderId,
      );
    });
    registerEndpoint(app, e.bulkCopy, async ({ actor, params, body }) => {
      const s = scope(actor, params);
      return service.copy(
        s,
        await service.selection(s, { ...body, assetIds: body.assetIds ?? [] }),
        body.destFolderId,
      );
    });
  };
}
