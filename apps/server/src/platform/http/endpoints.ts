import {
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  isBrandScoped,
  isShareToken,
  messages,
  type Permission,
  SHARE_TOKEN_HEADER,
} from '@hookline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type Actor, ANONYMOUS } from './actor.js';
import { badRequest, unauthorized } from './errors.js';

/**
 * Registers routes from the contract's endpoint definitions (architecture §4). Each route
 * gets its schema (validation, serialisation, OpenAPI) and its permission from the
 * definition, and one onRequest hook of its own that resolves the actor: authentication
 * is attached to the route, never matched against the raw URL.
 */

/** Resolves the caller: a session from the Bearer token and, for a brand-scoped call, their standing in that brand in the same query. */
export type ActorResolver = (input: {
  token: string | undefined;
  brand: { accountId: string; brandId: string } | undefined;
  /** A shared link's token or session (X-Share-Token, or a Bearer `shr_`/`shs_` token). */
  shareToken: string | undefined;
}) => Promise<Actor>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    resolveActor: ActorResolver;
  }
  interface FastifyContextConfig {
    /** The route's declared permission ('public': anyone). Every /api route has one. */
    permission?: Permission | 'public';
  }
}

export interface HandlerInput<E extends EndpointDefinition> {
  actor: Actor;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends EndpointDefinition> = (
  input: HandlerInput<E>,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

/** Installs the actor resolver the routes' hooks use (once per app). */
export function installActorResolution(app: FastifyInstance, resolve: ActorResolver): void {
  app.decorate('resolveActor', resolve);
  // Set by each route's own hook before anything reads it (a null start keeps request shapes stable).
  app.decorateRequest<Actor, 'actor'>('actor', null as unknown as Actor);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

const MISSING = new Set(['', 'undefined', 'null']);
const isMissing = (value: string | undefined) => value === undefined || MISSING.has(value.trim());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function actorHook(endpoint: EndpointDefinition): onRequestHookHandler {
  const brandScoped = isBrandScoped(endpoint.path);
  const isPublic = endpoint.permission === 'public';
  return async function resolveActorHook(request) {
    let brand: { accountId: string; brandId: string } | undefined;
    if (brandScoped) {
      const { accountId, brandId } = request.params as { accountId?: string; brandId?: string };
      if (isMissing(accountId) || isMissing(brandId)) throw badRequest(messages.api.brandScopeRequired);
      // A malformed id is refused by the params schema (400 naming the field) after this hook.
      if (UUID.test(accountId!) && UUID.test(brandId!)) brand = { accountId: accountId!, brandId: brandId! };
    }
    const bearer = bearerToken(request);
    const header = request.headers[SHARE_TOKEN_HEADER];
    const shareHeader = typeof header === 'string' && header.trim() ? header.trim() : undefined;
    // A Bearer share token stands in for a share header when there is no login token.
    const bearerIsShare = bearer !== undefined && isShareToken(bearer);
    const token = bearerIsShare ? undefined : bearer;
    // Public calls (sign-in, unlocking a link) are answered whatever link the caller holds.
    const shareToken = isPublic ? undefined : (shareHeader ?? (bearerIsShare ? bearer : undefined));
    request.actor = token || shareToken ? await this.resolveActor({ token, brand, shareToken }) : ANONYMOUS;
    if (!isPublic && request.actor.kind === 'anonymous') throw unauthorized();
  };
}

/** Registers one endpoint: its route, schema and permission come from the definition. */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    config: { permission: endpoint.permission },
    schema: {
      tags: [...endpoint.tags],
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
      ...(endpoint.permission === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    onRequest: actorHook(endpoint),
    handler: async (request, reply) => {
      const result = await handler({
        actor: request.actor,
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (status === 302) return reply.redirect(result as string, 302);
      // A handler may answer another status itself (health's 503); the default is the definition's.
      if (reply.statusCode === 200) reply.status(status);
      if (endpoint.list) {
        const page = result as { items: unknown[]; total: number };
        reply.header('x-total-count', String(page.total));
        return reply.send(page.items);
      }
      return reply.send(result);
    },
  });
}
