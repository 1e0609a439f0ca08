import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/reinvite?accountId: sends the invitation e-mail again (pending members only). */
export function reinviteUser({ userId, accountId }: { userId: string; accountId: string }): Promise<void> {
  return api.post<void>(`/users/${encodeURIComponent(userId)}/reinvite`, undefined, { query: { accountId } });
}

export function useReinviteUser() {
  return useMutation({ mutationFn: reinviteUser });
}
