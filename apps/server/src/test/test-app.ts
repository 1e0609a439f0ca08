import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { Config, Role } from '../config.js';
import { type AppContext, closeContext, createContext, startContext } from '../context.js';
import { type DatabaseHandle, openDatabase } from '../platform/db/client.js';
import type { JobRegistry } from '../platform/jobs/registry.js';
import { CapturingMailer } from './factories.js';
import { testConfig, withDatabase } from './global-setup.js';

export interface TestDatabase {
  /** Opens a new handle on the same database (PostgreSQL) or the same files (PGlite on disk). */
  databaseUrl: string | undefined;
  open(): Promise<DatabaseHandle>;
}

/** A fresh, migrated database for one test file: a PGlite copy of the run's template, or a PostgreSQL database made from it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.run}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres.baseUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${postgres.template}"`);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabase(postgres.baseUrl, name);
    return { databaseUrl, open: () => openDatabase({ databaseUrl, poolMax: 5 }) };
  }
  const template = await fs.readFile(inject('pgliteTemplate'));
  return { databaseUrl: undefined, open: () => openDatabase({ loadDataDir: new Blob([template]) }) };
}

export interface TestAppOptions {
  registry?: JobRegistry;
  role?: Role;
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  config?: Partial<Config>;
  env?: Record<string, string>;
  /** Reuse an open database (e.g. to restart the app on the same data). */
  database?: DatabaseHandle;
  serveWeb?: boolean;
  mailer?: CapturingMailer;
}

export interface TestApp {
  app: App;
  context: AppContext;
  /** Every e-mail the app sent. */
  mail: CapturingMailer;
  /** Closes the app and the context; the database too unless it was passed in. */
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await (await createTestDatabase()).open());
  // Each app keeps its files (storage, signing secret) in its own folder unless told otherwise.
  const ownDataDir = options.env?.DATA_DIR
    ? undefined
    : await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-test-data-'));
  const config: Config = {
    ...testConfig({ ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...options.env }),
    ...(options.role ? { role: options.role } : {}),
    ...options.config,
  };
  const mail = options.mailer ?? new CapturingMailer();
  const context = await createContext(config, { database, registry: options.registry, mailer: mail });
  await startContext(context);
  const app = await buildApp(context, {
    serveWeb: options.serveWeb ?? false,
    extraRoutes: options.extraRoutes,
    reportErrors: false,
  });
  await app.ready();
  return {
    app,
    context,
    mail,
    async close() {
      await app.close();
      await closeContext(context, { keepDatabase: Boolean(options.database) });
      // A job that outlived the shutdown timeout may still be writing its temp files: rm retries.
      if (ownDataDir)
        await fs.rm(ownDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Polls `check` until it returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
