import { authApi, type forgotPasswordBodySchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

/** POST /auth/forgot-password: always 204, whether or not the account exists. */
export function forgotPassword(body: z.infer<typeof forgotPasswordBodySchema>): Promise<void> {
  return call(authApi.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
