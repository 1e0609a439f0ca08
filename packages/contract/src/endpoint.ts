import { z } from 'zod';
import type { Permission } from './permissions.js';
import type { HttpMethod } from './url.js';

/**
 * Endpoint definitions (architecture §4): each endpoint is defined once, here in the
 * contract, with its method, path, inputs, response and permission. The server registers
 * its routes from these (platform/http/endpoints.ts) and the web calls them through one
 * typed client (`call(endpoint, args)` in apps/web/src/lib/call.ts).
 */

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify-style path: `/api/accounts/:accountId/brands/:brandId/assets/:id`. */
  path: `/api/${string}`;
  /** Path parameters: every `:name` of the path, each validated (ids are UUIDs). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The response body; omitted when there is none (204, redirects). */
  response?: z.ZodType;
  /** Success status: 200 unless said (201 created, 202 accepted: work queued, 204 no content, 302 redirect). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The body is one page of `response` (an array); the total is in `x-total-count`. */
  list?: true;
  /** 'public': anyone, signed in or not. Otherwise the action the access table decides. */
  permission: Permission | 'public';
  summary?: string;
  tags: readonly string[];
  /** Largest body in bytes, when it differs from the server's default. */
  bodyLimit?: number;
  /** Hidden from the OpenAPI document. */
  hidden?: true;
}

/** Keeps the literal types of a definition (path, schemas, permission) for both sides. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a server handler receives, validated and decoded. */
export type EndpointParams<E extends EndpointDefinition> = Output<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = Output<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = Output<E['body']>;
/** What a handler answers (dates as Date objects, encoded on the wire). */
export type EndpointResult<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? E['list'] extends true
    ? { items: z.output<E['response']>; total: number }
    : z.output<E['response']>
  : E['status'] extends 302
    ? string
    : // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a bodiless endpoint returns nothing
      void;

/** What a client passes: only the parts the endpoint has. */
export type EndpointArgs<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined });

/** Path parameters of a brand-scoped endpoint: accountId and brandId plus its own. */
export function brandScopedParams<S extends z.ZodRawShape>(shape: S) {
  return z.object({ accountId: z.uuid(), brandId: z.uuid(), ...shape });
}
