import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from './errors.js';

/** Who is calling: resolved from `Authorization: Bearer <token>` once per request. */
export interface AuthUser {
  userId: string;
  email: string;
  isSuperUser: boolean;
  sessionId: string;
}

export type SessionResolver = (token: string) => Promise<AuthUser | undefined>;
/** Checks that the caller may use brandId of accountId (throws 403/404 otherwise). */
export type BrandGuard = (
  user: AuthUser,
  accountId: string,
  brandId: string,
) => Promise<{ canWrite: boolean }>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | undefined;
  }
  interface FastifyInstance {
    brandGuard: BrandGuard;
  }
  interface FastifyContextConfig {
    /** 'public': anyone; default: a signed-in user. */
    auth?: 'public';
  }
}

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
  async (app: FastifyInstance, options: { resolve: SessionResolver; brandGuard: BrandGuard }) => {
    app.decorateRequest('auth', undefined);
    app.decorate('brandGuard', options.brandGuard);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      request.auth = token ? await options.resolve(token) : undefined;
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
