import { type AccessTokenResponse, authApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /auth/google with the access token Google gave the browser. */
export function googleLogin(accessToken: string): Promise<AccessTokenResponse> {
  return call(authApi.google, { body: { accessToken } });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
