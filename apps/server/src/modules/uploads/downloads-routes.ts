import {
  downloadStreamBodySchema,
  downloadStreamResponseSchema,
  gifRequestBodySchema,
  gifResponseSchema,
  zipJobSchema,
  zipRequestBodySchema,
} from '@hookline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import { brandScopeOf } from '../../platform/http/brand-scope.js';
import type { LibraryScope } from '../library/service.js';
import type { DownloadsService } from './downloads-service.js';

const tags = ['downloads'];
const scopeOf = (request: FastifyRequest): LibraryScope => ({
  user: requireUser(request),
  ...brandScopeOf(request),
});

/** Downloads, zips and GIFs (000 §7 "Library", "Other") under the brand scope. */
export const downloadsRoutes =
  (service: DownloadsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/library/download-stream',
      {
        schema: {
          tags,
          summary: 'A signed link that downloads one file under its name',
          body: downloadStreamBodySchema,
          response: { 200: downloadStreamResponseSchema },
        },
      },
      async (request) => service.downloadHref(scopeOf(request), request.body.id, request.body.filename),
    );

    app.get(
      '/assets/:id/download',
      {
        schema: {
          tags,
          summary: 'Redirects to the signed download link',
          params: z.object({ id: z.uuid() }),
        },
      },
      async (request, reply) =>
        reply.redirect((await service.downloadHref(scopeOf(request), request.params.id)).href, 302),
    );

    app.post(
      '/library/download',
      {
        schema: {
          tags,
          summary: 'Zip a selection (a background job; 413 above ZIP_MAX_BYTES)',
          body: zipRequestBodySchema,
          response: { 200: zipJobSchema },
        },
      },
      async (request) =>
        service.requestZip(
          scopeOf(request),
          request.body.entities.map((e) => e.id),
          request.body.name,
        ),
    );

    app.get(
      '/library/download/:jobId',
      {
        schema: {
          tags,
          summary: 'A zip job: pending, running, success (result = URL), failed, cancelled',
          params: z.object({ jobId: z.uuid() }),
          response: { 200: zipJobSchema },
        },
      },
      async (request) => service.zipStatus(scopeOf(request), request.params.jobId),
    );

    app.post(
      '/assets/gif',
      {
        schema: {
          tags,
          summary: 'Make a GIF of part of a video',
          body: gifRequestBodySchema,
          response: { 200: gifResponseSchema },
        },
      },
      async (request) => service.gif(scopeOf(request), request.body),
    );
  };
