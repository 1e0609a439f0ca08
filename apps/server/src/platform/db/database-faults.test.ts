import type { Asset, AssetDetail, Job } from '@hookline/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createTestApp,
  createTestDatabase,
  eventually,
  type TestApp,
  type TestDatabase,
} from '../../test/test-app.js';
import { defineJob, JobRegistry } from '../jobs/registry.js';

/**
 * The server outlives its database (PostgreSQL only: PGlite lives inside the process).
 * Every backend of the test database is terminated while writes, reads and jobs run; the
 * server stays up, each write commits or rolls back whole, and it serves again within 5 s.
 */
let database: TestDatabase;
let t: TestApp;
let user: TestUser;
let admin: pg.Client;

const onPostgres = Boolean(inject('postgresTemplate'));

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  const registry = new JobRegistry().register(
    defineJob({
      type: 'TEST_SLEEP',
      params: z.object({ ms: z.number().int().min(0).max(5000) }),
      queue: { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
      async handler(params) {
        await new Promise((resolve) => setTimeout(resolve, params.ms));
        return { slept: params.ms };
      },
    }),
  );
  t = await createTestApp({ database: await database.open(), registry });
  user = await createUser(t);
  // From another database: a database cannot refuse connections while one is open to it.
  const other = new URL(database.databaseUrl!);
  other.pathname = '/postgres';
  admin = new pg.Client({ connectionString: other.toString() });
  await admin.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin?.query(`alter database "${databaseName()}" allow_connections true`).catch(() => {});
  await admin?.end();
  await t?.close();
});

const databaseName = () => new URL(database.databaseUrl!).pathname.slice(1);
const base = () => `/api/accounts/${user.accountId}/brands/${user.brandId}`;
const terminateAll = () =>
  admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [databaseName()]);

async function batch(parentId: string, label: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${base()}/assets/folders/batch`,
    headers: user.headers,
    payload: {
      parentId,
      folders: Array.from({ length: 10 }, (_, i) => ({ key: `${label}-${i}`, name: `${label} ${i}` })),
    },
  });
  return { label, status: response.statusCode };
}

async function folder(name: string, parentId = 'root'): Promise<Asset> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${base()}/assets/${parentId}/folders`,
    headers: user.headers,
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Asset>();
}

async function namesIn(parentId: string): Promise<string[]> {
  const response = await t.app.inject({
    url: `${base()}/assets?parentId=${parentId}&limit=200`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Asset[]>().map((a) => a.name);
}

describe.skipIf(!onPostgres)('when PostgreSQL goes away', () => {
  it('survives terminated backends three times: writes are whole or absent, service is back within 5 s, jobs resume', async () => {
    const parent = await folder('Faults');
    // Folders moved back and forth between two parents in transactions (a checked-out client each).
    const sides = [await folder('Side A', parent.id), await folder('Side B', parent.id)];
    const movers = await Promise.all(Array.from({ length: 6 }, (_, i) => folder(`Mover ${i}`, sides[0]!.id)));
    const inner = await Promise.all(movers.map((m) => folder('inner', m.id)));
    const move = (id: string, to: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${base()}/assets/move?assetIds=${id}`,
        headers: user.headers,
        payload: { parentId: to },
      });
    const outcomes: { label: string; status: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const writes = Array.from({ length: 6 }, (_, i) => batch(parent.id, `r${round}w${i}`));
      const moves = movers.map((m) => move(m.id, sides[(round + 1) % 2]!.id));
      const reads = Array.from({ length: 6 }, () =>
        t.app.inject({ url: `${base()}/assets`, headers: user.headers }),
      );
      await terminateAll();
      outcomes.push(...(await Promise.all(writes)));
      for (const read of await Promise.all(reads)) expect([200, 503]).toContain(read.statusCode);
      for (const moved of await Promise.all(moves)) expect([200, 500, 503]).toContain(moved.statusCode);
      // Serving again within 5 s, without a restart.
      const started = Date.now();
      await eventually(
        async () => ((await batch(parent.id, `r${round}after`)).status === 201 ? true : undefined),
        5000,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      outcomes.push({ label: `r${round}after`, status: 201 });
    }
    console.log(
      `database faults: ${outcomes.filter((o) => o.status !== 201).length} of ${outcomes.length} writes refused`,
    );
    // A failed write is refused as a whole: 503 (or 500), never half its folders.
    const names = await namesIn(parent.id);
    for (const { label, status } of outcomes) {
      const made = names.filter((n) => n.startsWith(`${label} `)).length;
      if (status === 201) expect(made, label).toBe(10);
      else {
        expect([500, 503], label).toContain(status);
        expect(made, label).toBe(0);
      }
    }

    // A move happened whole or not at all: each inner folder's breadcrumbs name its mover under a side.
    for (const [i, child] of inner.entries()) {
      const detail = (
        await t.app.inject({ url: `${base()}/library/BRAND/${child.id}`, headers: user.headers })
      ).json<AssetDetail>();
      const chain = detail.ancestors.map((a) => a.id);
      expect(chain.slice(0, 2)).toEqual([parent.id, expect.any(String)]);
      expect(sides.map((side) => side.id)).toContain(chain[1]);
      expect(chain[2]).toBe(movers[i]!.id);
    }

    // Jobs run again by themselves.
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: user.headers,
      payload: { brandId: user.brandId, type: 'TEST_SLEEP', customParams: { ms: 10 } },
    });
    expect(job.statusCode).toBe(201);
    const done = await eventually(async () => {
      const current = (
        await t.app.inject({ url: `/api/jobs/${job.json<Job>().id}`, headers: user.headers })
      ).json<Job>();
      return current.status === 'CREATED' ? undefined : current;
    }, 30_000);
    expect(done.status).toBe('FINISHED');
  }, 90_000);

  it('a connection lost while checked out and idle (mid-transaction) fails nothing else and crashes nothing', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    // Vitest reports an unhandled 'error' event as an uncaught exception: watch for it.
    process.on('uncaughtException', record);
    try {
      const pool = t.context.database.pool!;
      const client = await pool.connect();
      await client.query('begin');
      await terminateAll();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query('select 1')).rejects.toThrow();
      client.release();
      expect(uncaught).toEqual([]);
      await eventually(
        async () => ((await t.context.database.execute('select 1 as ok')).rows.length ? true : undefined),
        5000,
      );
    } finally {
      process.off('uncaughtException', record);
    }
  }, 30_000);

  it('answers 503 with Retry-After and the seeds message while the database refuses connections', async () => {
    await admin.query(`alter database "${databaseName()}" allow_connections false`);
    try {
      await terminateAll();
      const response = await t.app.inject({ url: `${base()}/assets`, headers: user.headers });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ statusCode: 503, title: 'Something went wrong' });
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ database: { status: 'down' } });
    } finally {
      await admin.query(`alter database "${databaseName()}" allow_connections true`);
    }
    await eventually(
      async () =>
        (await t.app.inject({ url: `${base()}/assets`, headers: user.headers })).statusCode === 200
          ? true
          : undefined,
      5000,
    );
  }, 30_000);
});
