import { messages } from '@hookline/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
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

/** Registers `plugin` under the brand-scope prefix, checking both ids before anything else. */
export function registerBrandScoped(app: FastifyInstance, plugin: FastifyPluginAsync): void {
  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const params = request.params as Partial<BrandScopeParams>;
        if (isMissing(params.accountId) || isMissing(params.brandId)) {
          throw badRequest(messages.api.brandScopeRequired);
        }
        // The brand must belong to that account and be one the caller may use.
        await scope.brandGuard(requireUser(request), params.accountId!, params.brandId!);
      });
      await scope.register(plugin);
    },
    { prefix: BRAND_SCOPE_PREFIX },
  );
}
