import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/resend-verification: a new verification link for an unverified account. */
export function resendVerification(email: string): Promise<void> {
  return api.post<void>('/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
