import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from './actor.js';
import { unauthorized } from './errors.js';

export type { AuthUser };

export type SessionResolver = (token: string) => Promise<AuthUser | undefined>;
/** Checks that the caller may use brandId of accountId (throws 403/404 otherwise). */
export type BrandGuard = (
  user: AuthUser,
  accountId: string,
  brandId: string,
  /** The caller's standing in the brand when it came with the session lookup (opaque here). */
  prefetched?: unknown,
) => Promise<{ canWrite: boolean }>;

/** Resolves the session and the caller's standing in a brand in one round trip. */
export type SessionWithBrandResolver = (
  token: string,
  brandId: string,
) => Promise<{ user: AuthUser; standing: unknown } | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | undefined;
    /** Set on brand-scoped requests by the combined lookup; undefined when not fetched. */
    brandStanding: unknown;
  }
  interface FastifyInstance {
    brandGuard: BrandGuard;
  }
  interface FastifyContextConfig {
    /** 'public': anyone; default: a signed-in user. */
    auth?: 'public';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Resolves the caller on every request and refuses signed-out callers on every route that
 * does not declare `config: { auth: 'public' }` (architecture §4: every route declares who
 * may call it). Routes outside /api (the web app, docs) are public.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { resolve: SessionResolver; resolveWithBrand: SessionWithBrandResolver; brandGuard: BrandGuard },
  ) => {
    app.decorateRequest('auth', undefined);
    app.decorateRequest('brandStanding', undefined);
    app.decorate('brandGuard', options.brandGuard);
    app.addHook('onRequest', async (request) => {
      // Routes registered from endpoint definitions resolve their own actor (endpoints.ts).
      if (request.routeOptions.config?.permission !== undefined) return;
      const token = bearerToken(request);
      const { accountId, brandId } = request.params as { accountId?: string; brandId?: string };
      if (token && accountId && brandId && UUID.test(brandId)) {
        // Brand-scoped request: the session and the brand check in one query.
        const resolved = await options.resolveWithBrand(token, brandId);
        request.auth = resolved?.user;
        request.brandStanding = resolved ? resolved.standing : undefined;
      } else {
        request.auth = token ? await options.resolve(token) : undefined;
      }
      const isApi =
        (request.url === '/api' || request.url.startsWith('/api/')) && !request.url.startsWith('/api/docs');
      const isPublic = request.routeOptions.config?.auth === 'public' || !isApi || !request.routeOptions.url;
      if (!isPublic && !request.auth) throw unauthorized();
    });
  },
  { name: 'hookline-auth' },
);

/** The signed-in caller; routes that are not public can rely on it. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
