import {
  type EndpointArgs,
  type EndpointDefinition,
  type EndpointResult,
  endpointUrl,
  type HttpMethod,
} from '@hookline/contract';
import { z } from 'zod';
import { env } from '@/config/env';
import { send, totalOf } from './api-client';
import { parseJsonWithDates } from './json-dates';

/**
 * The typed client (architecture §4): `call(endpoints.x, { params, query, body })` fills the
 * path, drops empty query values and repeats arrays (000 §7), sends the body as JSON, and
 * decodes the answer with the endpoint's response schema, so dates arrive as Date objects
 * and the types come from the contract. In development and tests an answer that does not
 * match its schema throws; in production it is reported and passed on as received (dates
 * revived), so a server ahead of the bundle does not blank a page.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** The caller shows its own message: no default toast (401 and 402 still act). */
  silent?: boolean;
  headers?: Record<string, string>;
}

/** Args are optional when the endpoint needs none. */
type CallRest<E extends EndpointDefinition> =
  // biome-ignore lint/complexity/noBannedTypes: "every part optional" is exactly {}
  {} extends EndpointArgs<E>
    ? [args?: EndpointArgs<E>, options?: CallOptions]
    : [args: EndpointArgs<E>, options?: CallOptions];

const strict = env.mode !== 'production';

export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly endpoint: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${endpoint} does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
  }
}

function decode(
  source: { method: string; path?: string; href?: string },
  schema: z.ZodType,
  data: unknown,
): unknown {
  const result = z.safeDecode(schema, data as never);
  if (result.success) return result.data;
  const error = new ResponseShapeError(`${source.method} ${source.path ?? source.href}`, result.error.issues);
  if (strict) throw error;
  console.error(error);
  return parseJsonWithDates(JSON.stringify(data));
}

export async function call<E extends EndpointDefinition>(
  endpoint: E,
  ...[args, options]: CallRest<E>
): Promise<EndpointResult<E>> {
  const { data, response } = await send(endpointUrl(endpoint, args ?? {}), {
    method: endpoint.method,
    body: args?.body,
    signal: options?.signal,
    silent: options?.silent,
    headers: options?.headers,
  });
  const value = endpoint.response && data !== undefined ? decode(endpoint, endpoint.response, data) : data;
  if (endpoint.list) {
    const items = Array.isArray(value) ? value : [];
    return { items, total: totalOf(response, items.length) } as EndpointResult<E>;
  }
  return value as EndpointResult<E>;
}

/** The URL of a GET endpoint, for links the browser follows itself (img src, downloads). */
export function endpointHref<E extends EndpointDefinition>(endpoint: E, args: EndpointArgs<E>): string {
  return endpointUrl(endpoint, args);
}

/**
 * Follows a link the server handed out (a job's self and cancel actions, 001 §4), decoding
 * the answer with the schema of the endpoint it points at.
 */
export async function followLink<S extends z.ZodType>(
  link: { method: HttpMethod; href: string },
  response: S,
  options?: CallOptions,
): Promise<z.output<S> | undefined> {
  const { data } = await send(link.href, { method: link.method, ...options });
  return data === undefined ? undefined : (decode(link, response, data) as z.output<S>);
}
