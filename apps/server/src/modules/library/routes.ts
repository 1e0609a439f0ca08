import {
  assetDetailSchema,
  assetListQuerySchema,
  assetSchema,
  bulkMoveCopyBodySchema,
  bulkUpdateBodySchema,
  bulkUpdateResponseSchema,
  copyBodySchema,
  createFolderBatchBodySchema,
  createFolderBatchResponseSchema,
  createFolderBodySchema,
  deleteEntitiesBodySchema,
  deleteIdsBodySchema,
  deleteResponseSchema,
  favoritesQuerySchema,
  folderIdSchema,
  folderTreeNodeSchema,
  libraries,
  moveBodySchema,
  moveCopyQuerySchema,
  moveCopyResponseSchema,
  updateAssetBodySchema,
  updateDescriptionBodySchema,
} from '@hookline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import { brandScopeOf } from '../../platform/http/brand-scope.js';
import { sendPage } from '../../platform/http/pagination.js';
import type { LibraryScope, LibraryService } from './service.js';

const tags = ['library'];
const scopeOf = (request: FastifyRequest): LibraryScope => ({
  user: requireUser(request),
  ...brandScopeOf(request),
});
const idParams = z.object({ id: z.uuid() });
const itemParams = z.object({ library: z.enum(libraries), id: z.uuid() });
const okSchema = z.object({ ok: z.literal(true) });

/**
 * Assets, folders and the library calls of 000 §7, registered under the brand scope
 * (/api/accounts/{accountId}/brands/{brandId}/…).
 */
export const libraryRoutes =
  (service: LibraryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/assets',
      {
        schema: {
          tags,
          summary: 'Items of a folder (parentId root = top level)',
          querystring: assetListQuerySchema,
          response: { 200: z.array(assetSchema) },
        },
      },
      async (request, reply) => sendPage(reply, await service.list(scopeOf(request), request.query)),
    );

    app.get(
      '/assets/:parentId/children',
      {
        schema: {
          tags,
          params: z.object({ parentId: folderIdSchema }),
          querystring: assetListQuerySchema.omit({ parentId: true }),
          response: { 200: z.array(assetSchema) },
        },
      },
      async (request, reply) =>
        sendPage(
          reply,
          await service.list(scopeOf(request), { ...request.query, parentId: request.params.parentId }),
        ),
    );

    app.get(
      '/assets/:folderId/folders',
      {
        schema: {
          tags,
          summary: 'Subfolders of a folder (folder picker)',
          params: z.object({ folderId: folderIdSchema }),
          response: { 200: z.array(assetSchema) },
        },
      },
      async (request) => service.folders(scopeOf(request), request.params.folderId),
    );

    app.post(
      '/assets/:parentId/folders',
      {
        schema: {
          tags,
          summary: 'Create a folder',
          params: z.object({ parentId: folderIdSchema }),
          body: createFolderBodySchema,
          response: { 201: assetSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createFolder(scopeOf(request), request.params.parentId, request.body.name)),
    );

    app.post(
      '/assets/folders/batch',
      {
        schema: {
          tags,
          summary: 'Create up to 100 folders at once (folder uploads)',
          body: createFolderBatchBodySchema,
          response: { 201: createFolderBatchResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          folders: await service.createFolders(scopeOf(request), request.body.parentId, request.body.folders),
        }),
    );

    app.get(
      '/library/folders',
      {
        schema: {
          tags,
          summary: 'One level of the folder tree',
          querystring: z.object({
            folderId: folderIdSchema.default('root'),
            includeShared: z.string().optional(),
          }),
          response: { 200: z.array(folderTreeNodeSchema) },
        },
      },
      async (request) => service.tree(scopeOf(request), request.query.folderId),
    );

    app.get(
      '/library/favorites',
      {
        schema: {
          tags,
          summary: 'Starred items',
          querystring: favoritesQuerySchema,
          response: { 200: z.array(assetSchema) },
        },
      },
      async (request, reply) => {
        return sendPage(reply, await service.favorites(scopeOf(request), request.query));
      },
    );

    app.get(
      '/library/:library/:id',
      {
        schema: {
          tags,
          summary: 'One item with its ancestors',
          params: itemParams,
          response: { 200: assetDetailSchema },
        },
      },
      async (request) => service.get(scopeOf(request), request.params.id),
    );

    app.post(
      '/library/:library/:id/favorite',
      { schema: { tags, params: itemParams, response: { 200: okSchema } } },
      async (request) => {
        await service.setFavorite(scopeOf(request), request.params.id, true);
        return { ok: true as const };
      },
    );

    app.post(
      '/library/:library/:id/unfavorite',
      { schema: { tags, params: itemParams, response: { 200: okSchema } } },
      async (request) => {
        await service.setFavorite(scopeOf(request), request.params.id, false);
        return { ok: true as const };
      },
    );

    app.put(
      '/assets/:id',
      {
        schema: {
          tags,
          summary: 'Rename (the extension is kept), move (parentId) or describe',
          params: idParams,
          body: updateAssetBodySchema,
          response: { 200: assetSchema },
        },
      },
      async (request) => service.update(scopeOf(request), request.params.id, request.body),
    );

    app.put(
      '/assets/:id/description',
      {
        schema: { tags, params: idParams, body: updateDescriptionBodySchema, response: { 200: assetSchema } },
      },
      async (request) =>
        service.update(scopeOf(request), request.params.id, { description: request.body.description }),
    );

    app.delete(
      '/assets/:id',
      {
        schema: {
          tags,
          summary: 'Delete an item and everything inside it',
          params: idParams,
          response: { 200: deleteResponseSchema },
        },
      },
      async (request) => service.delete(scopeOf(request), [request.params.id]),
    );

    app.post(
      '/library/delete',
      {
        schema: {
          tags,
          summary: 'Delete many items',
          body: deleteEntitiesBodySchema,
          response: { 200: deleteResponseSchema },
        },
      },
      async (request) =>
        service.delete(
          scopeOf(request),
          request.body.entities.map((e) => e.id),
        ),
    );

    for (const url of ['/assets', '/assets/bulk']) {
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Delete many items',
            body: deleteIdsBodySchema,
            response: { 200: deleteResponseSchema },
          },
        },
        async (request) => service.delete(scopeOf(request), request.body.ids),
      );
    }

    app.put(
      '/library/bulk',
      {
        schema: {
          tags,
          summary: 'Bulk update (isHidden)',
          body: bulkUpdateBodySchema,
          response: { 200: bulkUpdateResponseSchema },
        },
      },
      async (request) => {
        const ids = request.body.entities.map((e) => e.id);
        if (request.body.updateQuery.isHidden === undefined) return { updatedEntities: [] };
        return service.setHidden(scopeOf(request), ids, request.body.updateQuery.isHidden);
      },
    );

    app.post(
      '/assets/copy',
      {
        schema: {
          tags,
          summary: 'Copy items into folderId',
          querystring: moveCopyQuerySchema,
          body: copyBodySchema,
          response: { 200: moveCopyResponseSchema },
        },
      },
      async (request) => {
        const s = scopeOf(request);
        return service.copy(s, await service.selection(s, request.query), request.body.folderId);
      },
    );

    app.put(
      '/assets/move',
      {
        schema: {
          tags,
          summary: 'Move items into parentId',
          querystring: moveCopyQuerySchema,
          body: moveBodySchema,
          response: { 200: moveCopyResponseSchema },
        },
      },
      async (request) => {
        const s = scopeOf(request);
        return service.move(s, await service.selection(s, request.query), request.body.parentId);
      },
    );

    for (const kind of ['move', 'copy'] as const) {
      app.post(
        `/assets/bulk-${kind}`,
        {
          schema: {
            tags,
            summary: `Bulk ${kind}`,
            body: bulkMoveCopyBodySchema,
            response: { 200: moveCopyResponseSchema },
          },
        },
        async (request) => {
          const s = scopeOf(request);
          const ids = await service.selection(s, { ...request.body, assetIds: request.body.assetIds ?? [] });
          return kind === 'move'
            ? service.move(s, ids, request.body.destFolderId)
            : service.copy(s, ids, request.body.destFolderId);
        },
      );
    }
  };
