import {
  allEndpoints,
  type EndpointDefinition,
  endpointUrl,
  type Permission,
  permissionResources,
} from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareRole } from '../../platform/http/actor.js';
import { samples } from '../../test/authorization-samples.js';
import { type ActorName, actorNames, buildWorld, type World } from '../../test/authorization-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { permissionTable } from './policy.js';

/**
 * The authorization matrix (Foundations): every route of the app, called as every actor on
 * real records of account A / brand B. What each cell must answer comes from the
 * permission table (policy.ts), never from the test: 'allowed' (2xx or a redirect), 401,
 * 403 or 404. A route without a declared permission, or without a sample call, fails.
 */
type Outcome = 'allowed' | 401 | 403 | 404 | 410;

/** Links that open nothing: what every call made with them answers. */
const refusedLinks: Partial<Record<ActorName, Outcome>> = {
  expiredLink: 410,
  lockedLink: 401,
  revokedLink: 401,
  brandLinkAnonymous: 401,
  brandLinkOutsider: 403,
};
const shareRoles: Partial<Record<ActorName, ShareRole>> = {
  viewerLink: 'VIEWER',
  siblingLink: 'VIEWER',
  commenter: 'COMMENTER',
  editor: 'EDITOR',
  boardViewerLink: 'VIEWER',
  boardCommenter: 'COMMENTER',
  boardEditor: 'EDITOR',
};
const boardShareActors = new Set<ActorName>(['boardViewerLink', 'boardCommenter', 'boardEditor']);

/**
 * The table's answer for a share actor: inside the shared folder the share's role decides
 * (403 beyond it); records outside its path, and the brand, account and jobs, are not
 * visible (404); what needs a session is refused to a link (401).
 */
function expectedForShare(permission: Permission, actor: ActorName, role: ShareRole): Outcome {
  const rule = permissionTable[permission];
  const resource = permissionResources[permission];
  const isLink = actor === 'viewerLink' || actor === 'siblingLink' || actor === 'boardViewerLink';
  if (resource === 'session') return !isLink || rule.shares.includes(role) ? 'allowed' : 401;
  // A board share reaches the board; a folder share does not (and the reverse for the records).
  if (boardShareActors.has(actor))
    return resource === 'board' ? (rule.shares.includes(role) ? 'allowed' : 403) : 404;
  if (resource !== 'asset' && resource !== 'comment') return 404;
  if (actor === 'siblingLink') return 404;
  return rule.shares.includes(role) ? 'allowed' : 403;
}

/** The table's answer for an actor on records of account A / brand B. */
function expected(permission: Permission | 'public', actor: ActorName): Outcome {
  if (permission === 'public') return 'allowed';
  const refused = refusedLinks[actor];
  if (refused) return refused;
  const role = shareRoles[actor];
  if (role) return expectedForShare(permission, actor, role);
  if (actor === 'anonymous') return 401;
  const { users: level } = permissionTable[permission];
  if (level === 'self') return 'allowed';
  const resource = permissionResources[permission];
  // Who may see records of A / B at all.
  const sees =
    actor === 'superUser' ||
    actor === 'admin' ||
    actor === 'member' ||
    (actor === 'otherBrandMember' && resource === 'account');
  if (!sees) return 404;
  const standing = actor === 'superUser' ? 'super' : actor === 'admin' ? 'admin' : 'member';
  if (level === 'super') return standing === 'super' ? 'allowed' : 403;
  if (level === 'admin') return standing === 'member' ? 403 : 'allowed';
  return 'allowed';
}

function outcomeOf(status: number, alsoAllowed: number[] = []): Outcome | number {
  if ((status >= 200 && status < 400) || alsoAllowed.includes(status)) return 'allowed';
  return status;
}

let t: TestApp;
let world: World;

/** A checksum of brand B's library rows and everything keyed by them. */
async function brandChecksum(): Promise<string> {
  const { rows } = await t.context.database.execute<{ sum: string }>(
    `select md5(coalesce(string_agg(x, ',' order by x), '')) as sum from (
       select concat_ws('|', a.id, a.name, a.path, a.description, a.is_hidden) as x from assets a where a.brand_id = $1
       union all select concat_ws('|', c.id, c.text, c.resolved, c.deleted_at) from comments c where c.brand_id = $1
       union all select concat_ws('|', s.id, s.role, s.downloads_allowed, s.password_hash) from shares s where s.brand_id = $1
       union all select concat_ws('|', t.asset_id, t.tag_id) from asset_tags t join assets a on a.id = t.asset_id where a.brand_id = $1
     ) rows`,
    [world.brandId],
  );
  return rows[0]!.sum;
}

beforeAll(async () => {
  // Eighteen actors sign in and up from one address and mail one member: sign-in budgets are not under test here.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' } });
  world = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Route {
  key: string;
  method: string;
  url: string;
  permission: Permission | 'public' | undefined;
  endpoint?: EndpointDefinition;
}

function appRoutes(): Route[] {
  const byKey = new Map(
    allEndpoints().map(({ name, endpoint }) => [`${endpoint.method} ${endpoint.path}`, { name, endpoint }]),
  );
  return t.app.routeTable
    .filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !r.url.startsWith('/api/docs'))
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => {
      const defined = byKey.get(`${r.method} ${r.url}`);
      return {
        key: defined?.name ?? `${r.method} ${r.url}`,
        method: r.method,
        url: r.url,
        permission: r.permission as Permission | 'public' | undefined,
        endpoint: defined?.endpoint,
      };
    });
}

describe('authorization matrix', () => {
  it('every /api route declares a permission and has a sample call; every endpoint definition is served', () => {
    const routes = appRoutes();
    expect(routes.filter((r) => r.permission === undefined).map((r) => r.key)).toEqual([]);
    expect(routes.filter((r) => !samples[r.key]).map((r) => r.key)).toEqual([]);
    const served = new Set(routes.map((r) => r.key));
    expect(
      allEndpoints()
        .filter(({ name }) => !served.has(name))
        .map(({ name }) => name),
    ).toEqual([]);
    expect(Object.keys(samples).filter((key) => !served.has(key))).toEqual([]);
  });

  it('every route as every actor answers what the permission table says', async () => {
    const routes = appRoutes();
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const sample = samples[route.key];
      if (!sample || !route.permission) continue;
      for (const actor of actorNames) {
        const call = await sample(world, actor);
        const before = actor === 'siblingLink' ? await brandChecksum() : '';
        const url = call.url ?? endpointUrl(route.endpoint ?? { path: route.url as `/api/${string}` }, call);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          // A sample's own headers win (a fresh session for a call that ends it).
          headers: { ...world.headers(actor), ...call.headers },
          ...(call.payload
            ? { payload: call.payload }
            : call.body !== undefined
              ? { payload: call.body as object }
              : {}),
        });
        cells += 1;
        if (actor === 'siblingLink') {
          // Ids outside a share's path: nothing read (no outside name in any answer), nothing written.
          const leaked = world.recordNames.filter((name) => response.body.includes(name));
          if (leaked.length > 0 && route.permission !== 'public')
            mismatches.push(`${route.key} as siblingLink answered ${leaked.join(', ')}`);
          if ((await brandChecksum()) !== before) mismatches.push(`${route.key} as siblingLink changed rows`);
        }
        const want = expected(route.permission, actor);
        const got = outcomeOf(response.statusCode, call.alsoAllowed);
        if (got !== want) {
          mismatches.push(
            `${route.key} as ${actor}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.log(
      `authorization matrix: ${routes.length} routes × ${actorNames.length} actors = ${cells} cells`,
    );
    expect(mismatches).toEqual([]);
  }, 300_000);
});
