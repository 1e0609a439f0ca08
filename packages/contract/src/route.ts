import type { z } from 'zod';
import type { EndpointDefinition } from './endpoint.js';
import type { endpoints } from './endpoints/index.js';
import type { HttpMethod } from './url.js';

/**
 * An endpoint as a client calls it: its method and path and how to read its answer, without
 * the zod schemas. The web client's first load uses routes (`call(routes.library.listAssets,
 * …)`), so the schemas and zod load only where a form validates. The route table
 * (routes.generated.ts) is generated from the endpoint definitions, never written by hand:
 * `npm run generate -w @hookline/contract`; a test fails when it is stale.
 */
export interface Route<E extends EndpointDefinition = EndpointDefinition> {
  /** 'library.listAssets': the endpoint's group and name. */
  name: string;
  method: HttpMethod;
  path: E['path'];
  status?: EndpointDefinition['status'];
  list?: true;
  /**
   * Keys of the answer whose values are dates (ISO strings on the wire, Date objects in code),
   * at any depth; a key's array of dates counts too.
   */
  dates?: readonly string[];
  /**
   * The definition this route calls: its argument and result types. The generated table leaves
   * it out (that is the point); routeOf sets it for a test's endpoint of its own.
   */
  readonly definition?: E;
}

/** The definition a route calls (for EndpointArgs and EndpointResult). */
export type RouteEndpoint<R> = R extends Route<infer E> ? E : never;

type Endpoints = typeof endpoints;

/** Every endpoint's route, grouped as `endpoints` is. */
export type Routes = {
  readonly [G in keyof Endpoints]: {
    readonly [N in keyof Endpoints[G]]: Endpoints[G][N] extends EndpointDefinition
      ? Route<Endpoints[G][N]>
      : never;
  };
};

/**
 * One group of the route table with each route's name set from its place
 * ('library.listAssets'): the generated table leaves names out, as they would repeat what its
 * keys say.
 */
export function nameGroup<G extends keyof Routes>(
  group: G,
  members: Record<string, Omit<Route, 'name'>>,
): Routes[G] {
  for (const [name, route] of Object.entries(members)) (route as Route).name = `${group}.${name}`;
  return members as unknown as Routes[G];
}

/** A route for a definition: the generator's, and a test's for an endpoint of its own. */
export function routeOf<E extends EndpointDefinition>(name: string, endpoint: E): Route<E> {
  const dates = endpoint.response ? dateKeys(endpoint.response, name) : [];
  return {
    name,
    method: endpoint.method,
    path: endpoint.path,
    ...(endpoint.status ? { status: endpoint.status } : {}),
    ...(endpoint.list ? { list: true as const } : {}),
    ...(dates.length > 0 ? { dates } : {}),
    definition: endpoint,
  };
}

// Reads zod's schema definitions without importing zod, so this module stays off the bundle's
// zod path.
interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const def = (schema: unknown) => (schema as ZodInternals)._zod.def;

/** The date-time codec (dates.ts): a string on the wire, a Date in code. */
function isDateCodec(schema: unknown): boolean {
  const d = def(schema);
  return d.type === 'pipe' && def(d.out).type === 'date';
}

/** Keys under which the wire form of `schema` holds dates. */
export function dateKeys(schema: z.ZodType, where: string): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, key: string | undefined): void => {
    if (isDateCodec(node)) {
      if (key === undefined) throw new Error(`${where}: a date outside an object property cannot be revived`);
      keys.add(key);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    const d = def(node);
    switch (d.type) {
      case 'object':
        for (const [name, child] of Object.entries(d.shape as Record<string, unknown>)) walk(child, name);
        return;
      case 'array':
        walk(d.element, key);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        walk(d.innerType, key);
        return;
      case 'union':
        for (const option of d.options as unknown[]) walk(option, key);
        return;
      case 'intersection':
        walk(d.left, key);
        walk(d.right, key);
        return;
      case 'tuple':
        for (const item of d.items as unknown[]) walk(item, key);
        if (d.rest) walk(d.rest, key);
        return;
      case 'lazy':
        walk((d.getter as () => unknown)(), key);
        return;
      case 'pipe':
        // A transform's wire form is its input.
        walk(d.in, key);
        return;
      case 'record':
      case 'map':
        if (isDateCodec(d.valueType) || dateKeys(d.valueType as z.ZodType, where).length > 0)
          throw new Error(`${where}: dates inside a record cannot be revived by key`);
        return;
      default:
        return;
    }
  };
  walk(schema, undefined);
  return [...keys].sort();
}
