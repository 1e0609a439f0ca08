import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { showErrorToast } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { /** The query shows its own error state: no default toast. */ silent?: boolean };
    mutationMeta: { /** The mutation shows its own error message: no default toast. */ silent?: boolean };
  }
}

/**
 * Queries try once and warn on failure (000 §8). The API client already shows the default
 * toast for failed calls; the caches add it for errors thrown elsewhere in a query or
 * mutation function (a parse error, a bug), unless the query says it handles errors itself.
 */
export function createQueryClient(): QueryClient {
  const warn = (error: unknown, silent: boolean | undefined) => {
    if (silent || isApiError(error)) return;
    if (error instanceof Error && error.name === 'AbortError') return;
    showErrorToast();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => warn(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => warn(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
