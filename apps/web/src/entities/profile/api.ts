import { PROFILE_STALE_MS, type Profile, profileApi } from '@hookline/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const profileKeys = {
  profile: (accountId: string | null) => ['profile', accountId] as const,
};

/** GET /profile: the user, with their role in `accountId` (their own account when absent). */
export function getProfile(accountId: string | null, signal?: AbortSignal): Promise<Profile> {
  return call(profileApi.profile, { query: { accountId: accountId ?? undefined } }, { signal, silent: true });
}

export const profileQueryOptions = (accountId: string | null = null) =>
  queryOptions({
    queryKey: profileKeys.profile(accountId),
    queryFn: ({ signal }) => getProfile(accountId, signal),
    staleTime: PROFILE_STALE_MS,
    meta: { silent: true },
  });

/** Admins of the account (and super users) invite members and edit the brand. */
export function isAccountAdmin(profile: Pick<Profile, 'role' | 'isSuperUser'>): boolean {
  return profile.role === 'admin' || profile.isSuperUser;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
