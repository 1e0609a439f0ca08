import {
  type EndpointArgs,
  type EndpointResult,
  endpointUrl,
  type HttpMethod,
  type Route,
  type RouteEndpoint,
} from '@hookline/contract';
import { send, totalOf } from './api-client';
import { reviveDates } from './json-dates';

/**
 * The typed client (architecture §4): `call(routes.x.y, { params, query, body })` fills the
 * path, drops empty query values and repeats arrays (000 §7), sends the body as JSON, and
 * turns the answer's dates into Date objects (the route names the keys that hold them), so the
 * types come from the contract's endpoint definitions.
 *
 * Routes carry no zod schemas, so zod and the schemas stay off the first load (issue #20). In
 * development and tests every answer is also checked against its endpoint's response schema
 * (loaded on demand) and one that does not match throws; a production build leaves the check
 * out entirely (the branch below is removed at build time) and passes answers on as received.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** The caller shows its own message: no default toast (401 and 402 still act). */
  silent?: boolean;
  headers?: Record<string, string>;
}

/** Args are optional when the endpoint needs none. */
type CallRest<R extends Route> =
  // biome-ignore lint/complexity/noBannedTypes: "every part optional" is exactly {}
  {} extends EndpointArgs<RouteEndpoint<R>>
    ? [args?: EndpointArgs<RouteEndpoint<R>>, options?: CallOptions]
    : [args: EndpointArgs<RouteEndpoint<R>>, options?: CallOptions];

async function decode(
  route: Route,
  source: { method: string; href: string },
  data: unknown,
): Promise<unknown> {
  if (import.meta.env.MODE !== 'production') {
    const { checkResponseShape } = await import('./response-shape');
    checkResponseShape(route, `${source.method} ${source.href}`, data);
  }
  return reviveDates(data, route.dates);
}

export async function call<R extends Route>(
  route: R,
  ...[args, options]: CallRest<R>
): Promise<EndpointResult<RouteEndpoint<R>>> {
  const { data, response } = await send(endpointUrl(route, args ?? {}), {
    method: route.method,
    body: args?.body,
    signal: options?.signal,
    silent: options?.silent,
    headers: options?.headers,
  });
  const value =
    data === undefined ? data : await decode(route, { method: route.method, href: route.path }, data);
  if (route.list) {
    const items = Array.isArray(value) ? value : [];
    // A search counts its matches only so far: x-total-count-capped says more match (issue 16).
    const capped = response.headers.get('x-total-count-capped') === 'true';
    return { items, total: totalOf(response, items.length), ...(capped ? { capped } : {}) } as EndpointResult<
      RouteEndpoint<R>
    >;
  }
  return value as EndpointResult<RouteEndpoint<R>>;
}

/** The URL of a GET endpoint, for links the browser follows itself (img src, downloads). */
export function endpointHref<R extends Route>(route: R, args: EndpointArgs<RouteEndpoint<R>>): string {
  return endpointUrl(route, args);
}

/**
 * Follows a link the server handed out (a job's self and cancel actions, 001 §4), reading the
 * answer as the route it points at answers.
 */
export async function followLink<R extends Route>(
  link: { method: HttpMethod; href: string },
  route: R,
  options?: CallOptions,
): Promise<EndpointResult<RouteEndpoint<R>> | undefined> {
  const { data } = await send(link.href, { method: link.method, ...options });
  return data === undefined
    ? undefined
    : ((await decode(route, link, data)) as EndpointResult<RouteEndpoint<R>>);
}
