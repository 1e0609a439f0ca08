import { z } from 'zod';

/** Query-string helpers shared by the endpoints' query schemas. */

/** A repeated query parameter (`types=CTA&types=Before`, 000 §7): one value or several. */
export const repeatedQuery = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max));

/**
 * Ids in the query, repeated (`ids=a&ids=b`) or comma-separated (`ids=a,b`), or both: between
 * `min` and `max` uuids, with these messages when there are too few or too many.
 */
export const idListQuery = (limits: { min: number; max: number; tooFew: string; tooMany: string }) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean),
    )
    .pipe(z.array(z.uuid()).min(limits.min, limits.tooFew).max(limits.max, limits.tooMany));

/**
 * A query parameter holding a JSON array (001 §3's filter items, dynamic groups): absent or
 * blank is an empty array; text that is not JSON is a 400 with `message`.
 */
export const jsonArrayQuery = <T extends z.ZodType<unknown[]>>(schema: T, message: string) =>
  z
    .string()
    .max(20_000)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return [];
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);
