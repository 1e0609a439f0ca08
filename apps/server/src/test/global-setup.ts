import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.js';
import { closeContext, createContext } from '../context.js';
import { openDatabase } from '../platform/db/client.js';

/**
 * Builds one migrated database (schema and pg-boss) per run, which every test file copies:
 * PGlite loads a dump of it in ~0.5 s instead of 3–4 s of initdb and migrations; on
 * PostgreSQL (DATABASE_URL set) each file gets `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const run = `hookline_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const template = `${run}_tpl`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const templateUrl = withDatabase(databaseUrl, template);
    await migrateAndInstallQueue({ databaseUrl: templateUrl });
    console.log(
      `[server suite] database: PostgreSQL (${new URL(databaseUrl).host}, fresh databases ${run}_*)`,
    );
    project.provide('postgresTemplate', { baseUrl: databaseUrl, template, run });
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${run}%`],
      );
      for (const { datname } of rows)
        await cleanup.query(`drop database if exists "${datname}" with (force)`);
      await cleanup.end();
    };
  }

  const database = await openDatabase({});
  const context = await createContext(testConfig({}), { database });
  await context.queue.start();
  await closeContext(context, { keepDatabase: true });
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `hookline-pglite-template-${process.pid}.tar`);
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  console.log('[server suite] database: PGlite (embedded, one fresh copy per test file)');
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return async () => {
    await fs.rm(file, { force: true });
  };
}

async function migrateAndInstallQueue(options: { databaseUrl: string }) {
  const context = await createContext(testConfig({ DATABASE_URL: options.databaseUrl }));
  await context.queue.start();
  await closeContext(context);
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function testConfig(env: Record<string, string>) {
  return loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'hookline-test-unused'),
    JOB_POLL_INTERVAL_MS: '500',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { baseUrl: string; template: string; run: string } | null;
  }
}
