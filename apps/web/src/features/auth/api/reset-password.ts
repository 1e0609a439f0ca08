import type { AccessTokenResponse, resetPasswordBodySchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password: signs in with the new password; 400 the link expired or is invalid. */
export function resetPassword(body: z.infer<typeof resetPasswordBodySchema>): Promise<AccessTokenResponse> {
  return api.post<AccessTokenResponse>('/auth/reset-password', body, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true } });
}
