/**
 * URLs of API calls, shared by the server, the web client and tests. No zod here: the web
 * client's first load imports this module (see routes.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | Date | null | undefined;

const isEmpty = (value: QueryValue): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

/** `{ ids: ['a', 'b'], q: '', page: 2 }` → `ids=a&ids=b&page=2`: empties dropped, arrays repeated (000 §7). */
export function buildQueryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]) as QueryValue[];
    for (const value of values) {
      if (!isEmpty(value)) search.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  return search.toString();
}

/** The path with its `:name` parameters filled in (encoded); a missing one throws. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Path parameter ${name} is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL of a call: path filled, query appended. */
export function endpointUrl(
  endpoint: { path: string },
  args: { params?: unknown; query?: unknown } = {},
): string {
  const url = fillPath(endpoint.path, args.params as Record<string, unknown> | undefined);
  const query = buildQueryString(args.query as Record<string, unknown> | undefined);
  return query ? `${url}?${query}` : url;
}

/** The prefix of every brand-scoped path (architecture §4). */
export const BRAND_SCOPE_PATH = '/api/accounts/:accountId/brands/:brandId';

/** Whether a path is brand-scoped (its caller's standing in the brand is resolved with the session). */
export const isBrandScoped = (path: string) => path.startsWith(BRAND_SCOPE_PATH);
