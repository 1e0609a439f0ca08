import { type AccessTokenResponse, routes } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /auth/verify-email: 401 the link expired, 404 it is unknown. */
export function verifyEmail(token: string): Promise<AccessTokenResponse> {
  return call(routes.auth.verifyEmail, { body: { token } }, { silent: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
}
