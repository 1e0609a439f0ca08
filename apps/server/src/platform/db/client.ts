import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
}

/**
 * The process's one database handle. On PGlite there is exactly one client, and PGlite
 * serialises every query through it; never open a second one (architecture §1).
 */
export interface DatabaseHandle {
  driver: DatabaseDriver;
  db: Database;
  /** Raw SQL for infrastructure (pg-boss, health, migrations lock); modules use `db`. */
  execute<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
  ping(): Promise<void>;
  /**
   * Listens to NOTIFY on a channel. `onLive(false)` says notices may be missed from now on
   * (the listening connection dropped: it reconnects by itself), `onLive(true)` that they
   * arrive again. Answers a function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** Runs fn while holding a session advisory lock (PostgreSQL); PGlite has one process anyway. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Set after close(); health answers 503 from then on. */
  readonly closed: boolean;
  /** Present on PGlite. */
  pglite?: PGlite;
  /** Present on PostgreSQL. */
  pool?: pg.Pool;
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  onLive(live: boolean): void;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory root (the database goes under `<dataDir>/db`); unset = in memory. */
  dataDir?: string | undefined;
  poolMax?: number;
  /** Start PGlite from a dumped data directory (tests start from a migrated template). */
  loadDataDir?: Blob;
}

// Timestamps without zone and bigints come back as strings on both drivers alike.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dataDir) lock = await acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'db') : undefined,
      extensions: { pg_trgm, vector },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  let closed = false;
  const execute = async <Row>(text: string, values?: unknown[]): Promise<SqlResult<Row>> => {
    if (values && values.length > 0) {
      const result = await client.query<Row>(text, values as unknown[]);
      return { rows: result.rows };
    }
    // exec runs several statements; the last one's rows are the answer (as pg does).
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Row[] };
  };
  return {
    driver: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Database,
    pglite: client,
    execute,
    async ping() {
      if (closed) throw new Error('database closed');
      await client.query('select 1');
    },
    withAdvisoryLock: (_key, fn) => fn(),
    async listen(channel, handlers) {
      // One process, one client: a notice is delivered as its transaction commits.
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onLive(true);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      await lock?.release();
    },
    get closed() {
      return closed;
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max, application_name: 'hookline' });
  // A connection lost while idle (pool 'error') or while checked out for a transaction (the
  // client's own 'error') must not crash the process: the query in flight fails, the pool
  // drops the dead client on release, and the next request gets a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  await pool.query('select 1');
  return {
    driver: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Database,
    pool,
    async execute<Row>(text: string, values?: unknown[]) {
      const result =
        values && values.length > 0 ? await pool.query(text, values as unknown[]) : await pool.query(text);
      // A multi-statement text answers an array of results; the last one carries the rows.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Row[] };
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await pool.query('select 1');
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      const stop = listenOnPostgres(connectionString, channel, handlers);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops (database restart, network), the handlers hear `onLive(false)` and it reconnects
 * with a growing pause (0.5 s to 5 s) until it listens again.
 */
function listenOnPostgres(connectionString: string, channel: string, handlers: NotificationHandlers) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pauseMs = 500;
  const connect = async () => {
    retry = undefined;
    if (stopped) return;
    const client = new pg.Client({ connectionString, application_name: 'hookline-listen' });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.onLive(false);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, pauseMs);
      pauseMs = Math.min(pauseMs * 2, 5_000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => handlers.onNotify(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (stopped || lost) return;
      pauseMs = 500;
      handlers.onLive(true);
    } catch {
      onLost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

/**
 * Raw SQL inside a drizzle transaction, for pg-boss's `send` (architecture §7: a job enqueued
 * in the transaction that makes its work visible is never lost to a crash between the two).
 * Both drivers' transaction sessions hold a client with `query(text, values)`.
 */
export function transactionExecutor(tx: Database): {
  execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  const client = (
    tx as unknown as {
      session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };
    }
  ).session.client;
  return { execute: async (text, values) => ({ rows: (await client.query(text, values ?? [])).rows }) };
}
