import type { AccessTokenResponse } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/verify-email: 401 the link expired, 404 it is unknown. */
export function verifyEmail(token: string): Promise<AccessTokenResponse> {
  return api.post<AccessTokenResponse>('/auth/verify-email', { token }, { silent: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
}
