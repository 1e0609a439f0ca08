import { type AuthOptions, authApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET /auth/options: Google sign-in, public or secret sign-up, reCAPTCHA. Fixed per deployment. */
export function getAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return call(authApi.options, {}, { signal });
}

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'options'],
    queryFn: ({ signal }) => getAuthOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
