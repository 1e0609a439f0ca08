import type { Profile } from '@hookline/contract';
import { useQuery } from '@tanstack/react-query';
import { useActiveBrand } from '@/entities/brand';
import { profileQueryOptions } from './api';

const outsideGuard = 'needs the brands and profile: use it under the signed-in route guard';

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
