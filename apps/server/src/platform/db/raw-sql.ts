import { type SQL, sql } from 'drizzle-orm';

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Ids as one uuid[] parameter, whatever their number. */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Strings as one text[] parameter (each quoted as an array element). */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
