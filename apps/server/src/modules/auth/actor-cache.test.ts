import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { ACTOR_CACHE_TTL_MS } from './actor-cache.js';

/**
 * Resolved actors are reused for a few seconds (actor-cache.ts); these tests change sessions
 * and memberships behind the process's back, as another API process would, and expect the
 * change to apply well within the cache's lifetime: the database's notice reaches the cache.
 */
let t: TestApp;
let user: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  member = await createUser(t, { accountId: user.accountId, role: 'member' });
});
afterAll(async () => {
  await t?.close();
});

const list = (u: TestUser) =>
  t.app.inject({ url: `/api/accounts/${user.accountId}/brands/${user.brandId}/assets`, headers: u.headers });
/** As another process would: straight to the database, nothing through this app. */
const elsewhere = (sql: string, values: unknown[]) => t.context.database.execute(sql, values);
/** Well inside the cache's lifetime: passing proves the notice, not the expiry. */
const AT_ONCE_MS = ACTOR_CACHE_TTL_MS / 5;

describe('cached actors', () => {
  it('a session revoked by another process is refused at once', async () => {
    const session = await createUser(t);
    const own = () => t.app.inject({ url: '/api/profile', headers: session.headers });
    expect((await own()).statusCode).toBe(200);
    expect((await own()).statusCode).toBe(200);
    await elsewhere('update sessions set revoked_at = now() where user_id = $1', [session.userId]);
    await eventually(async () => ((await own()).statusCode === 401 ? true : undefined), AT_ONCE_MS);
  });

  it('a member removed from the account by another process loses the brand at once', async () => {
    expect((await list(member)).statusCode).toBe(200);
    expect((await list(member)).statusCode).toBe(200);
    await elsewhere('delete from account_members where user_id = $1 and account_id = $2', [
      member.userId,
      user.accountId,
    ]);
    await eventually(async () => ((await list(member)).statusCode === 404 ? true : undefined), AT_ONCE_MS);
  });

  it('signing out is refused on the very next request (the writer forgets its own cache)', async () => {
    const session = await createUser(t);
    const own = () => t.app.inject({ url: '/api/profile', headers: session.headers });
    expect((await own()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers });
    expect(out.statusCode).toBeLessThan(300);
    expect((await own()).statusCode).toBe(401);
  });

  it.runIf(Boolean(inject('postgresTemplate')))(
    'after the listening connection is cut, it listens again and revocations still apply at once',
    async () => {
      const session = await createUser(t);
      const own = () => t.app.inject({ url: '/api/profile', headers: session.headers });
      expect((await own()).statusCode).toBe(200);
      const listening = async () => {
        const { rows } = await elsewhere(
          `select pid from pg_stat_activity where application_name = 'hookline-listen' and query ilike 'LISTEN%'`,
          [],
        );
        return rows as { pid: number }[];
      };
      const [before] = await eventually(async () => ((await listening()).length ? listening() : undefined));
      await elsewhere('select pg_terminate_backend($1)', [before!.pid]);
      // A new listening connection, then the cache fills again and still hears the revocation.
      await eventually(async () => {
        const now = await listening();
        return now.length && now[0]!.pid !== before!.pid ? true : undefined;
      }, 10_000);
      expect((await own()).statusCode).toBe(200);
      expect((await own()).statusCode).toBe(200);
      await elsewhere('update sessions set revoked_at = now() where user_id = $1', [session.userId]);
      await eventually(async () => ((await own()).statusCode === 401 ? true : undefined), AT_ONCE_MS);
    },
  );
});
