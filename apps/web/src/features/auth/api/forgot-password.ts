import type { forgotPasswordBodySchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /auth/forgot-password: always 204, whether or not the account exists. */
export function forgotPassword(body: z.infer<typeof forgotPasswordBodySchema>): Promise<void> {
  return api.post<void>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
