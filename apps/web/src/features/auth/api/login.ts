import { type AccessTokenResponse, authApi, type loginBodySchema } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /auth/login. 401 wrong credentials, 403 e-mail not verified (a new mail is sent), 429. */
export function login(body: LoginBody): Promise<AccessTokenResponse> {
  // The sign-in form shows every failure itself.
  return call(authApi.login, { body }, { silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silent: true } });
}
