import { BRAND_LIST_DEFAULT_LIMIT, type Brand, brandsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { queryParams } from '@/config/paths';
import { call } from '@/lib/call';
import { profileQueryOptions } from '../profile/api';

/**
 * The brands the user may open and the one they work in (000 §2, 001 §2 "Settings"). The
 * signed-in route guard loads them before any page renders, so pages read them with
 * `useActiveBrand()`.
 */

export type BrandItem = Brand;

export const brandKeys = {
  /** Every brand query (lists, details, creative kits) starts with this key. */
  all: ['brands'] as const,
  list: (q: string) => ['brands', 'list', q] as const,
  detail: (brandId: string) => ['brands', 'detail', brandId] as const,
};

/** GET /brands: every brand the user may open (super users: every brand; `q` searches names). */
export async function getBrands(q = '', signal?: AbortSignal): Promise<BrandItem[]> {
  const { items } = await call(
    brandsApi.list,
    { query: { limit: BRAND_LIST_DEFAULT_LIMIT, offset: 0, sort: 'name', order: 'asc', q } },
    { signal, silent: q === '' },
  );
  return items;
}

export const brandsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: brandKeys.list(q),
    queryFn: ({ signal }) => getBrands(q, signal),
    staleTime: 5 * 60_000,
    // The route guard shows its own 'Failed to load brands' view.
    meta: { silent: q === '' },
  });

/**
 * The active brand: the one named by the `brandId` (or else `accountId`) query parameter,
 * otherwise the first brand of the user's own account, otherwise the first brand.
 */
export function resolveActiveBrand(
  brands: readonly BrandItem[],
  search: string,
  ownAccountId?: string | null,
): BrandItem | undefined {
  const params = new URLSearchParams(search);
  const brandId = params.get(queryParams.brandId);
  const accountId = params.get(queryParams.accountId);
  return (
    (brandId ? brands.find((b) => b.id === brandId) : undefined) ??
    (accountId ? brands.find((b) => b.accountId === accountId) : undefined) ??
    (ownAccountId ? brands.find((b) => b.accountId === ownAccountId) : undefined) ??
    brands[0]
  );
}

const outsideGuard = 'needs the brands and profile: use it under the signed-in route guard';

/** Every brand of the user (loaded by the route guard). */
export function useBrandList(): BrandItem[] {
  const { data } = useQuery(brandsQueryOptions());
  if (!data) throw new Error(`useBrandList() ${outsideGuard}`);
  return data;
}

/** The brand the user works in; its ids are in the URL (links carry them). */
export function useActiveBrand(): BrandItem {
  const brands = useBrandList();
  const { data: ownProfile } = useQuery(profileQueryOptions());
  const { search } = useLocation();
  const brand = resolveActiveBrand(brands, search, ownProfile?.accountId);
  if (!brand) throw new Error(`useActiveBrand() ${outsideGuard}`);
  return brand;
}
