import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './platform/db/client.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';
import { createTestDatabase, eventually } from './test/test-app.js';

// Each test starts real processes (tsx compiles, PGlite opens): slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

const RUNNING = /Hookline is running/;
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
});

async function start(env: Record<string, string>, waitFor = RUNNING) {
  const server = await startServerProcess(env, waitFor);
  running.push(server);
  return server;
}

const get = (server: ServerProcess, url: string) => fetch(`http://127.0.0.1:${server.port}${url}`);

describe.runIf(!process.env.DATABASE_URL)('the embedded database across restarts', () => {
  it('Ctrl-C stops cleanly, and the next start reopens DATA_DIR with its data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-main-'));
    try {
      const first = await start({ DATA_DIR: dataDir });
      expect((await get(first, '/api/health')).status).toBe(200);
      expect(await first.stop('SIGINT')).toBe(0);
      expect(first.output()).toContain('stopped cleanly');
      await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();

      // Change data while no server runs, then check the next start sees it.
      const database = await openDatabase({ dataDir });
      await database.execute("insert into feature_flags (name, enabled) values ('pricing', false)");
      await database.close();

      const second = await start({ DATA_DIR: dataDir });
      const flags = (await (await get(second, '/api/feature-flags')).json()) as Record<string, boolean>;
      expect(flags.pricing).toBe(false);
      expect(await second.stop('SIGTERM')).toBe(0);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prints demo credentials on the first start, and create-user adds users that sign in', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-main-'));
    try {
      const cli = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'cli/create-user.ts'),
          '--email',
          'Root@Example.com',
          '--super-user',
          '--brand',
          'Support Desk',
        ],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(cli.status, cli.stderr).toBe(0);
      const created = JSON.parse(cli.stdout) as { email: string; password: string; accountId: string };
      expect(created.password).toMatch(/^[\w-]{16}$/);

      // Users exist now, so no demo workspace; a fresh DATA_DIR gets one.
      const server = await start({ DATA_DIR: dataDir });
      expect(server.output()).not.toContain('Demo workspace created');
      const login = await fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@example.com', password: created.password }),
      });
      expect(login.status).toBe(200);
      await server.stop();

      const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-main-'));
      try {
        const demo = await start({ DATA_DIR: emptyDir });
        const line = demo
          .output()
          .split('\n')
          .find((l) => l.includes('Demo workspace created'));
        const { email, password } = JSON.parse(line!) as { email: string; password: string };
        const demoLogin = await fetch(`http://127.0.0.1:${demo.port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(demoLogin.status).toBe(200);
      } finally {
        await fs.rm(emptyDir, { recursive: true, force: true });
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-main-'));
    try {
      // No demo: its seeding would still be writing into DATA_DIR when the folder is removed.
      const first = await start({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      await expect(start({ DATA_DIR: dataDir, SEED_DEMO: 'false' })).rejects.toThrow(
        /DATA_DIR .* is in use by process/,
      );
      expect((await get(first, '/api/health')).status).toBe(200);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('asked for several API processes, it says the embedded database serves one and runs one', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-main-'));
    try {
      const server = await start({ DATA_DIR: dataDir, API_PROCESSES: '3', SEED_DEMO: 'false' });
      expect(server.output()).toMatch(/API_PROCESSES needs DATABASE_URL/);
      expect(childPids(server.child.pid!)).toEqual([]);
      expect((await get(server, '/api/health')).status).toBe(200);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** Live child processes of a process (from /proc). */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

const SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

describe.runIf(Boolean(process.env.DATABASE_URL))('API and worker processes on one PostgreSQL', () => {
  it('a ROLE=worker process runs beside the API process, and both stop cleanly', async () => {
    const { databaseUrl } = await createTestDatabase();
    const api = await start({ DATABASE_URL: databaseUrl!, ROLE: 'all' });
    const worker = await start(
      { DATABASE_URL: databaseUrl!, ROLE: 'worker', SIGNING_SECRET },
      /Hookline worker is running/,
    );
    const health = await (await get(api, '/api/health')).json();
    expect(health).toMatchObject({ status: 'ok', database: { driver: 'postgres' } });
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(await api.stop('SIGTERM')).toBe(0);
  });

  it('API_PROCESSES=2 serves from two processes on one port, replaces one that dies, and stops cleanly', async () => {
    const { databaseUrl } = await createTestDatabase();
    const server = await start({ DATABASE_URL: databaseUrl!, API_PROCESSES: '2', SEED_DEMO: 'false' });
    // Each API process compiles the TypeScript on start (tsx): generous under a loaded CI machine.
    await eventually(async () => (childPids(server.child.pid!).length === 2 ? true : undefined), 60_000);
    expect(server.output()).toMatch(/Hookline worker is running/);
    const [first] = childPids(server.child.pid!);
    process.kill(first!, 'SIGKILL');
    await eventually(async () => {
      const now = childPids(server.child.pid!);
      return now.length === 2 && !now.includes(first!) ? true : undefined;
    }, 60_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(server, '/api/health')));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 180_000);

  it('two processes starting at once both migrate safely', async () => {
    const { databaseUrl } = await createTestDatabase();
    const fresh = databaseUrl!.replace(/\/([^/]+)$/, '/$1_b');
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    await admin.execute(`create database "${new URL(fresh).pathname.slice(1)}"`);
    await admin.close();
    const [a, b] = await Promise.all([
      start({ DATABASE_URL: fresh, ROLE: 'api', SIGNING_SECRET }),
      start({ DATABASE_URL: fresh, ROLE: 'worker', SIGNING_SECRET }, /Hookline worker is running/),
    ]);
    expect((await get(a, '/api/health')).status).toBe(200);
    expect(await b.stop()).toBe(0);
    expect(await a.stop()).toBe(0);
  });
});
