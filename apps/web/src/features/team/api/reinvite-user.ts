import { teamApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /users/{id}/reinvite?accountId: sends the invitation e-mail again (pending members only). */
export function reinviteUser({ userId, accountId }: { userId: string; accountId: string }): Promise<void> {
  return call(teamApi.reinvite, { params: { id: userId }, query: { accountId } });
}

export function useReinviteUser() {
  return useMutation({ mutationFn: reinviteUser });
}
