import { authApi, type InviteInfo } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET /invitations/{inviteId}: who is invited and by whom (404 unknown). */
export function getInviteInfo(inviteId: string, signal?: AbortSignal): Promise<InviteInfo> {
  return call(authApi.inviteInfo, { params: { inviteId } }, { signal, silent: true });
}

export const inviteInfoQueryOptions = (inviteId: string) =>
  queryOptions({
    queryKey: ['invitations', inviteId],
    queryFn: ({ signal }) => getInviteInfo(inviteId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

export function useInviteInfo(inviteId: string | null) {
  return useQuery({ ...inviteInfoQueryOptions(inviteId ?? ''), enabled: Boolean(inviteId) });
}
