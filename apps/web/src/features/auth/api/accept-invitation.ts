import { type AccessTokenResponse, type acceptInvitationBodySchema, authApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST /auth/accept-invitation: sets the invited member's password and signs in; 400 expired/invalid. */
export function acceptInvitation(
  body: z.infer<typeof acceptInvitationBodySchema>,
): Promise<AccessTokenResponse> {
  return call(authApi.acceptInvitation, { body }, { silent: true });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, meta: { silent: true } });
}
