import { type AccessTokenResponse, authApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/**
 * POST /auth/verify-email: 401 the link expired, 404 it is unknown, 409 it was opened outside
 * the browser that signed up and needs `password` (the mailbox owner's own).
 */
export function verifyEmail(input: { token: string; password?: string }): Promise<AccessTokenResponse> {
  return call(authApi.verifyEmail, { body: input }, { silent: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
}
