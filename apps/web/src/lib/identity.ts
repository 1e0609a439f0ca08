import {
  BRAND_LIST_DEFAULT_LIMIT,
  type Brand,
  endpoints,
  PROFILE_STALE_MS,
  type Profile,
} from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { queryParams } from '@/config/paths';
import { call } from './call';

/**
 * Who the signed-in user is and which brand they work in (000 §2 "Access to routes",
 * 001 §2 "Settings"). The signed-in route guard loads the brands and the profile before any
 * page renders, so pages read them with `useActiveBrand()` and `useProfile()`.
 */

export type BrandItem = Brand;

export const identityKeys = {
  profile: (accountId: string | null) => ['profile', accountId] as const,
  /** Every brand query (lists, details, creative kits) starts with this key. */
  brands: ['brands'] as const,
  brandList: (q: string) => ['brands', 'list', q] as const,
};

/** GET /profile: the user, with their role in `accountId` (their own account when absent). */
export function getProfile(accountId: string | null, signal?: AbortSignal): Promise<Profile> {
  return call(
    endpoints.profile.profile,
    { query: { accountId: accountId ?? undefined } },
    { signal, silent: true },
  );
}

export const profileQueryOptions = (accountId: string | null = null) =>
  queryOptions({
    queryKey: identityKeys.profile(accountId),
    queryFn: ({ signal }) => getProfile(accountId, signal),
    staleTime: PROFILE_STALE_MS,
    meta: { silent: true },
  });

/** GET /brands: every brand the user may open (super users: every brand; `q` searches names). */
export async function getBrands(q = '', signal?: AbortSignal): Promise<BrandItem[]> {
  const { items } = await call(
    endpoints.brands.list,
    { query: { limit: BRAND_LIST_DEFAULT_LIMIT, offset: 0, sort: 'name', order: 'asc', q } },
    { signal, silent: q === '' },
  );
  return items;
}

export const brandsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: identityKeys.brandList(q),
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

/**
 * The signed-in user with their role in the active brand's account (stale after 1 minute).
 * Until that answer arrives after a switch to another account, the user's own profile
 * stands in with the least role.
 */
export function useProfile(): Profile {
  const brand = useActiveBrand();
  const own = useQuery(profileQueryOptions());
  const ownProfile = own.data;
  const inOwnAccount = ownProfile?.accountId === brand.accountId;
  // In the user's own account the first answer already is the one for this account.
  const { data: accountProfile } = useQuery({
    ...profileQueryOptions(brand.accountId),
    initialData: inOwnAccount ? ownProfile : undefined,
    initialDataUpdatedAt: inOwnAccount ? own.dataUpdatedAt : undefined,
  });
  if (accountProfile) return accountProfile;
  if (!ownProfile) throw new Error(`useProfile() ${outsideGuard}`);
  return inOwnAccount ? ownProfile : { ...ownProfile, role: 'member' };
}

/** Admins of the account (and super users) invite members and edit the brand. */
export function isAccountAdmin(profile: Pick<Profile, 'role' | 'isSuperUser'>): boolean {
  return profile.role === 'admin' || profile.isSuperUser;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
