import {
  assetSchema,
  completeUploadBodySchema,
  createUploadsBodySchema,
  createUploadsResponseSchema,
  EDITABLE_DOCUMENT_MAX_BYTES,
  smallUploadBodySchema,
  smallUploadResponseSchema,
  uploadAssetSchema,
  uploadStateBodySchema,
} from '@hookline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import { brandScopeOf } from '../../platform/http/brand-scope.js';
import type { LibraryScope } from '../library/service.js';
import type { UploadsService } from './service.js';

const tags = ['uploads'];
const idParams = z.object({ id: z.uuid() });
const scopeOf = (request: FastifyRequest): LibraryScope => ({
  user: requireUser(request),
  ...brandScopeOf(request),
});

/** Upload calls of 000 §7 under the brand scope. */
export const uploadsRoutes =
  (service: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/assets/batch',
      {
        schema: {
          tags,
          summary: 'Create up to 100 uploads: records in UPLOADING with where to PUT the bytes',
          body: createUploadsBodySchema,
          response: { 201: createUploadsResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createBatch(scopeOf(request), request.body.assets)),
    );

    app.post(
      '/assets/:id/complete-upload',
      {
        schema: {
          tags,
          summary:
            'The bytes are in (multipart: with uploadId and the parts): check them and start processing',
          params: idParams,
          body: completeUploadBodySchema,
          response: { 200: assetSchema },
        },
      },
      async (request) => service.complete(scopeOf(request), request.params.id, request.body),
    );

    app.put(
      '/assets/:id/uploading-state',
      {
        schema: {
          tags,
          summary: 'Report a failed upload, or retry it (answers new upload URLs)',
          params: idParams,
          body: uploadStateBodySchema,
          response: { 200: uploadAssetSchema },
        },
      },
      async (request) => service.setState(scopeOf(request), request.params.id, request.body),
    );

    app.put(
      '/assets/:id/content',
      {
        bodyLimit: Math.ceil(EDITABLE_DOCUMENT_MAX_BYTES * 1.5),
        schema: {
          tags,
          summary: 'Replace the text of a txt or csv document',
          params: idParams,
          body: z.object({ content: z.string() }),
          response: { 200: assetSchema },
        },
      },
      async (request) => service.updateContent(scopeOf(request), request.params.id, request.body.content),
    );
  };

/** Small single uploads (logo, profile image) and where their files are read. */
export const smallUploadRoutes =
  (service: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/upload/url',
      {
        schema: {
          tags,
          summary: 'A signed PUT URL for an image under 2 MB (brand logo, profile image)',
          body: smallUploadBodySchema,
          response: { 200: smallUploadResponseSchema },
        },
      },
      async (request) => service.smallUploadUrl(requireUser(request), request.body),
    );

    app.get(
      '/api/public-files/:name',
      { config: { auth: 'public' }, schema: { tags, params: z.object({ name: z.string().max(60) }) } },
      async (request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .redirect(service.publicFileUrl(request.params.name), 302),
    );
  };
