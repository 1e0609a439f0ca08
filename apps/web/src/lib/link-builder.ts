import { buildQueryString, type QueryValue } from '@hookline/contract';
import { useLocation } from 'react-router';
import { queryParams } from '@/config/paths';
import { getCurrentLocation } from './navigation';

/**
 * Links inside the product carry the active account and brand (000 §2 "Query parameters
 * seen"): accountId and brandId are filled from the current location when not given, and a
 * shared-link visitor's shareToken is kept so that navigation stays inside the share.
 * Pass `null` to leave a context parameter out on purpose.
 */
export interface LinkContext {
  accountId?: string | null;
  brandId?: string | null;
  shareToken?: string | null;
  /** A recipient inside another brand's shared item: kept while they move around in it. */
  isShared?: string | null;
}

export type LinkParams = LinkContext & Record<string, QueryValue | readonly QueryValue[]>;

export function getLinkContext(search: string = getCurrentLocation().search): LinkContext {
  const current = new URLSearchParams(search);
  return {
    accountId: current.get(queryParams.accountId),
    brandId: current.get(queryParams.brandId),
    shareToken: current.get(queryParams.shareToken),
    isShared: current.get(queryParams.isShared),
  };
}

export function buildLink(path: string, params: LinkParams = {}, currentSearch?: string): string {
  const context = getLinkContext(currentSearch);
  const { accountId, brandId, shareToken, isShared, ...rest } = params;
  const query: Record<string, QueryValue | readonly QueryValue[]> = {
    accountId: accountId === undefined ? context.accountId : accountId,
    brandId: brandId === undefined ? context.brandId : brandId,
    ...rest,
    shareToken: shareToken === undefined ? context.shareToken : shareToken,
    isShared: isShared === undefined ? context.isShared : isShared,
  };
  const qs = buildQueryString(query);
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** Same as buildLink, reading the context from the router location (re-renders on change). */
export function useLinkBuilder(): (path: string, params?: LinkParams) => string {
  const location = useLocation();
  return (path, params) => buildLink(path, params, location.search);
}
