import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.js';

/**
 * Transactions that span modules. Modules call each other's services, never each other's
 * repositories (architecture §3), so a sign-up that creates a user (team), an account and a
 * brand (brands) and a session (auth) cannot pass one transaction handle around. Instead
 * `inTransaction` runs its work with the transaction in async-local storage, and every
 * repository reads its handle through `activeDatabase`: whatever runs inside joins it.
 */

const active = new AsyncLocalStorage<Database>();

/** Runs fn in a transaction; inside one already, fn simply joins it. */
export function inTransaction<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (active.getStore()) return fn();
  return db.transaction((tx) => active.run(tx as unknown as Database, fn));
}

/** The handle a repository query uses: the caller's transaction, else the database. */
export function activeDatabase(db: Database): Database {
  return active.getStore() ?? db;
}

interface PreparedRun<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** A drizzle query with placeholders: run as it is, or prepared once. */
export interface Preparable<T> extends PreparedRun<T> {
  prepare(name: string): PreparedRun<T>;
}

/**
 * What every repository shares: its queries run on the caller's transaction when there is
 * one, and `transaction` opens one that every module's repositories join.
 */
export abstract class Repository {
  constructor(private readonly database: Database) {}

  protected get db(): Database {
    return activeDatabase(this.database);
  }

  private readonly preparedQueries = new Map<string, PreparedRun<unknown>>();

  /**
   * A hot query built once (drizzle builds no SQL per call; PostgreSQL parses a named
   * statement once per connection) and run with its placeholders' values. `name` must stand
   * for one SQL text: a query whose shape varies takes one name per shape. `planEachRun`
   * sends it unnamed instead, so PostgreSQL plans every run for its values as it does an
   * ordinary query (for queries whose best plan depends on them, such as a page of a folder
   * of any size); drizzle still builds it once. Inside a transaction the query is built on
   * it and run there, as any other.
   */
  protected runPrepared<T>(
    name: string,
    build: (db: Database) => Preparable<T>,
    values: Record<string, unknown>,
    options: { planEachRun?: boolean } = {},
  ): Promise<T> {
    const tx = active.getStore();
    if (tx) return build(tx).execute(values);
    let prepared = this.preparedQueries.get(name) as PreparedRun<T> | undefined;
    if (!prepared) {
      // node-postgres sends a query without a name as the unnamed statement.
      prepared = build(this.database).prepare(options.planEachRun ? (undefined as unknown as string) : name);
      this.preparedQueries.set(name, prepared);
    }
    return prepared.execute(values);
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return inTransaction(this.database, fn);
  }
}
