import { routes } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /auth/resend-verification: a new verification link for an unverified account. */
export function resendVerification(email: string): Promise<void> {
  return call(routes.auth.resendVerification, { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
