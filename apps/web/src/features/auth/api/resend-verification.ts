import { authApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /auth/resend-verification: a new verification link for an unverified account. */
export function resendVerification(email: string): Promise<void> {
  return call(authApi.resendVerification, { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
