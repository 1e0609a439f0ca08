import { authApi, type SignupBody, type signupResponseSchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const RECAPTCHA_HEADER = 'recaptcha-token';

/**
 * POST /registration/signup (e-mail or Google). With an invite the answer signs the user in;
 * without one a verification mail is sent first.
 */
export function signup({ body, recaptchaToken }: { body: SignupBody; recaptchaToken?: string | null }) {
  return call(
    authApi.signup,
    { body },
    {
      headers: recaptchaToken ? { [RECAPTCHA_HEADER]: recaptchaToken } : undefined,
      // The form keeps the error on screen.
      silent: true,
    },
  );
}

export function useSignup() {
  return useMutation({ mutationFn: signup, meta: { silent: true } });
}
