import { messages } from '@hookline/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from './auth.js';
import { badRequest } from './errors.js';

/** Every brand-scoped route lives under this prefix (architecture §4). */
export const BRAND_SCOPE_PREFIX = '/api/accounts/:accountId/brands/:brandId';

const MISSING = new Set(['', 'undefined', 'null']);
const isMissing = (value: string | undefined) => value === undefined || MISSING.has(value.trim());

const BRAND_SCOPE_PATTERN = /^\/api\/accounts(?:\/([^/]*))?\/brands(?:\/([^/]*))?(?:\/|$)/;
const ACCOUNT_ONLY_PATTERN = /^\/api\/accounts\/?$/;

/**
 * True for paths shaped like the brand scope whose accountId or brandId is empty or a
 * client's 'undefined'/'null'; such requests answer 400 'accountId and brandId are required'.
 */
export function brandScopeMissingIds(path: string): boolean {
  if (ACCOUNT_ONLY_PATTERN.test(path)) return false;
  const match = BRAND_SCOPE_PATTERN.exec(path);
  if (!match) return false;
  return isMissing(match[1]) || isMissing(match[2]);
}

export interface BrandScopeParams {
  accountId: string;
  brandId: string;
}

export interface BrandScope extends BrandScopeParams {
  /** Write access in this brand (000 §6), decided by the guard. */
  canWrite: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for brand-scoped routes once the caller may use the brand (a route's params schema may strip them). */
    brandScope: BrandScope | undefined;
  }
}

/** The checked accountId and brandId of a brand-scoped request. */
export function brandScopeOf(request: FastifyRequest): BrandScope {
  if (!request.brandScope) throw new Error('brandScopeOf called outside the brand scope');
  return request.brandScope;
}

/** Registers `plugin` under the brand-scope prefix, checking both ids before anything else. */
export function registerBrandScoped(app: FastifyInstance, plugin: FastifyPluginAsync): void {
  if (!app.hasRequestDecorator('brandScope')) app.decorateRequest('brandScope', undefined);
  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const params = request.params as Partial<BrandScopeParams>;
        if (isMissing(params.accountId) || isMissing(params.brandId)) {
          throw badRequest(messages.api.brandScopeRequired);
        }
        // The brand must belong to that account and be one the caller may use.
        const { canWrite } = await scope.brandGuard(
          requireUser(request),
          params.accountId!,
          params.brandId!,
          request.brandStanding,
        );
        request.brandScope = { accountId: params.accountId!, brandId: params.brandId!, canWrite };
      });
      await scope.register(plugin);
    },
    { prefix: BRAND_SCOPE_PREFIX },
  );
}
