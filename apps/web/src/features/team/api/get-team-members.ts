import { type TeamMember, teamApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type TeamMemberItem = TeamMember;

export const teamKeys = {
  members: (accountId: string) => ['team-members', accountId] as const,
};

/** GET /users?accountId: the account's members and pending invitations. */
export function getTeamMembers(accountId: string, signal?: AbortSignal): Promise<TeamMemberItem[]> {
  return call(teamApi.members, { query: { accountId } }, { signal, silent: true });
}

export const teamMembersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: teamKeys.members(accountId),
    queryFn: ({ signal }) => getTeamMembers(accountId, signal),
    // The page shows its own error with a retry.
    meta: { silent: true },
  });

export function useTeamMembers(accountId: string) {
  return useQuery(teamMembersQueryOptions(accountId));
}

/** Invitation sent (no lastLogin yet), then active (001 §4). */
export function isPendingInvitation(member: Pick<TeamMemberItem, 'lastLogin'>): boolean {
  return !member.lastLogin;
}
