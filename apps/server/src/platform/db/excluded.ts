import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert that takes these columns from the row the conflict refused
 * (`excluded.<column>`), for `onConflictDoUpdate({ target, set: { ...excludedColumns(ads,
 * ['name', 'status']), updatedAt: new Date() } })`. Keys are the table's property names;
 * the SQL uses each column's own name.
 */
export function excludedColumns<T extends PgTable, K extends Extract<keyof T['_']['columns'], string>>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key]!.name}`)])) as Record<
    K,
    SQL
  >;
}
