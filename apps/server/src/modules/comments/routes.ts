import { commentEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { badRequest } from '../../platform/http/errors.js';
import { callScope as scope } from '../library/scope.js';
import type { CommentsService } from './service.js';

/** Heartbeats keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** How often a stream opened through a share checks that the share still stands. */
const SHARE_STREAM_RECHECK_MS = 2_000;

/** Comments, reactions, mentions and the live stream (000 §7 "Comments"). */
export function commentsRoutes(service: CommentsService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.list, ({ actor, params, query }) =>
      service.list(scope(actor, params), params.assetId, query),
    );
    registerEndpoint(app, e.listInLibrary, ({ actor, params, query }) =>
      service.list(scope(actor, params), params.assetId, query, params.library),
    );
    registerEndpoint(app, e.create, ({ actor, params, body }) =>
      service.create(scope(actor, params), params.assetId, body),
    );
    registerEndpoint(app, e.createInLibrary, ({ actor, params, body }) =>
      service.create(scope(actor, params), params.assetId, body, params.library),
    );
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(scope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params }) => service.delete(scope(actor, params), params.id));
    registerEndpoint(app, e.restore, ({ actor, params }) => service.restore(scope(actor, params), params.id));
    registerEndpoint(app, e.restorePut, ({ actor, params }) =>
      service.restore(scope(actor, params), params.id),
    );
    registerEndpoint(app, e.resolve, ({ actor, params }) =>
      service.setResolved(scope(actor, params), params.id, true),
    );
    registerEndpoint(app, e.unresolve, ({ actor, params }) =>
      service.setResolved(scope(actor, params), params.id, false),
    );
    registerEndpoint(app, e.react, ({ actor, params, body }) =>
      service.react(scope(actor, params), params.id, body.emoji),
    );
    registerEndpoint(app, e.unreact, ({ actor, params }) =>
      service.unreact(scope(actor, params), params.commentId, params.id),
    );
    registerEndpoint(app, e.mentions, ({ actor, params }) =>
      service.mentionable(scope(actor, params), params.assetId),
    );
    // Server-sent events: `comments` (refetch) when the item's threads changed, `reconnect`
    // when notices may have been missed. Clients read it with fetch (EventSource cannot send
    // Authorization or X-Share-Token).
    registerEndpoint(app, e.events, async ({ actor, params, request, reply }) => {
      const streamScope = scope(actor, params);
      await service.openStream(streamScope, params.assetId);
      // A client that does not read a stream gets an answer, not a connection held open.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw badRequest('This stream needs Accept: text/event-stream');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      raw.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
      const data = JSON.stringify({ assetId: params.assetId });
      const unsubscribe = service.events.subscribe(params.assetId, (event) => {
        raw.write(`event: ${event}\ndata: ${data}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      // Through a share, the stream ends as soon as the share is removed or lapses.
      const recheck = (await service.streamNeedsRecheck(streamScope))
        ? setInterval(() => {
            service
              .streamStillAllowed(streamScope, params.assetId)
              .then((allowed) => {
                if (!allowed) raw.end();
              })
              .catch(() => undefined);
          }, SHARE_STREAM_RECHECK_MS)
        : undefined;
      recheck?.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
      });
    });
  };
}
