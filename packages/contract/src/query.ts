import { z } from 'zod';

/** Query-string helpers shared by the endpoints' query schemas. */

/** A repeated query parameter (`types=CTA&types=Before`, 000 §7): one value or several. */
export const repeatedQuery = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max));
