import { type inviteUserBodySchema, teamApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { type TeamMemberItem, teamKeys } from './get-team-members';

export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;

/** POST /users: invites someone to the account (409 when already a member). */
export function inviteUser(body: InviteUserBody): Promise<TeamMemberItem> {
  return call(teamApi.invite, { body });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (_member, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: teamKeys.members(accountId) }),
  });
}
