import type { AccessTokenResponse } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/google with the access token Google gave the browser. */
export function googleLogin(accessToken: string): Promise<AccessTokenResponse> {
  return api.post<AccessTokenResponse>('/auth/google', { accessToken });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
