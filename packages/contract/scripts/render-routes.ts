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

/** `library` → `libraryApi`: each group is its own export, so a bundle keeps only the groups it calls. */
export const groupExport = (group: string) => `${group}Api`;

/** A group's file under src/routes/: one module per group, so each lands in the chunk that calls it. */
export const groupFile = (group: string) => `routes/${group}.generated.ts`;

const HEADER =
  '// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.';

/** Every generated file by its path under src/: one per group, and routes.generated.ts, which gathers them. */
export function renderRoutes(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [group, members] of Object.entries(endpoints)) {
    const lines = Object.entries(members as Record<string, EndpointDefinition>).map(
      ([name, endpoint]) => `  ${name}: ${renderRoute(`${group}.${name}`, endpoint)},`,
    );
    files.set(
      groupFile(group),
      [
        HEADER,
        "import { nameGroup, type Routes } from '../route.js';",
        '',
        `export const ${groupExport(group)}: Routes['${group}'] = /* @__PURE__ */ nameGroup('${group}', {`,
        ...lines,
        '});',
        '',
      ].join('\n'),
    );
  }
  const groups = Object.keys(endpoints);
  files.set(
    'routes.generated.ts',
    [
      HEADER,
      "import type { Routes } from './route.js';",
      ...groups.map(
        (group) => `import { ${groupExport(group)} } from './${groupFile(group).replace(/\.ts$/, '.js')}';`,
      ),
      '',
      ...groups.map(
        (group) => `export { ${groupExport(group)} } from './${groupFile(group).replace(/\.ts$/, '.js')}';`,
      ),
      '',
      '/** Every group (the server and tests; the web imports the groups it calls, e.g. `libraryApi`). */',
      'export const routes: Routes = {',
      ...groups.map((group) => `  ${group}: ${groupExport(group)},`),
      '};',
      '',
    ].join('\n'),
  );
  return files;
}
