import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { onExit } from './cleanup.js';
import { repoRoot } from './paths.js';

/** Synchronous so it can run from the exit handler: a throwaway node process drops the database. */
function dropDatabaseSync(adminUrl: string, name: string): void {
  const script = `import pg from 'pg';
const client = new pg.Client({ connectionString: process.env.ADMIN_URL });
await client.connect();
await client.query('drop database if exists "${name}" with (force)');
await client.end();`;
  spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, ADMIN_URL: adminUrl },
    timeout: 30_000,
    stdio: 'ignore',
  });
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database next to adminUrl's, dropped by drop() or, failing that, at exit. */
export async function createScratchDatabase(adminUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `hookline_bench_${label}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const unregister = onExit(() => dropDatabaseSync(adminUrl, name));
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
        unregister();
      } finally {
        await dropper.end();
      }
    },
  };
}
