import { type AccessTokenResponse, authApi, type resetPasswordBodySchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST /auth/reset-password: signs in with the new password; 400 the link expired or is invalid. */
export function resetPassword(body: z.infer<typeof resetPasswordBodySchema>): Promise<AccessTokenResponse> {
  return call(authApi.resetPassword, { body }, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true } });
}
