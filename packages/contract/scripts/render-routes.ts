import type { EndpointDefinition } from '../src/endpoint.js';
import { endpoints } from '../src/endpoints/index.js';
import { routeOf } from '../src/route.js';

/**
 * Renders src/routes.generated.ts from the endpoint definitions: each endpoint's method,
 * path, status, list flag and the keys of its answer that hold dates. The web client's first
 * load reads this table instead of the definitions, which carry zod (see src/route.ts).
 */

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function renderRoute(name: string, endpoint: EndpointDefinition): string {
  const route = routeOf(name, endpoint);
  // No name: nameRoutes gives each its place in the table ('group.name'), 142 strings fewer on the first load.
  const parts = [`method: ${quote(route.method)}`, `path: ${quote(route.path)}`];
  if (route.status) parts.push(`status: ${route.status}`);
  if (route.list) parts.push('list: true');
  if (route.dates) parts.push(`dates: [${route.dates.map(quote).join(', ')}]`);
  return `{ ${parts.join(', ')} }`;
}

export function renderRoutes(): string {
  const groups = Object.entries(endpoints).map(([group, members]) => {
    const lines = Object.entries(members as Record<string, EndpointDefinition>).map(
      ([name, endpoint]) => `    ${name}: ${renderRoute(`${group}.${name}`, endpoint)},`,
    );
    return `  ${group}: {\n${lines.join('\n')}\n  },`;
  });
  return [
    '// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.',
    "import { nameRoutes } from './route.js';",
    '',
    'export const routes = nameRoutes({',
    ...groups,
    '});',
    '',
  ].join('\n');
}
