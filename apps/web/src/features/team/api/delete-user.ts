import { teamApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { teamKeys } from './get-team-members';

/** DELETE /users/{id}?accountId: removes the member (or the pending invitation) from the account. */
export function deleteUser({ userId, accountId }: { userId: string; accountId: string }): Promise<void> {
  return call(teamApi.remove, { params: { id: userId }, query: { accountId } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_void, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: teamKeys.members(accountId) }),
  });
}
