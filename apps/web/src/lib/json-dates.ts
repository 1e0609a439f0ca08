/**
 * Full ISO-8601 date-times as the API sends them ('2026-11-22T10:15:30.123Z',
 * '2026-11-22T10:15:30+01:00'). Plain dates, times and other strings stay strings.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

const toDate = (value: unknown) =>
  typeof value === 'string' && isIsoDateTime(value) ? new Date(value) : value;

/**
 * An answer with the values under `keys` (at any depth) turned into Date objects: the keys a
 * route's response schema marks as dates. Other strings stay strings, whatever they look like.
 */
export function reviveDates(data: unknown, keys: readonly string[] | undefined): unknown {
  if (!keys || keys.length === 0) return data;
  const dateKeys = new Set(keys);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = dateKeys.has(key) ? (Array.isArray(child) ? child.map(toDate) : toDate(child)) : walk(child);
    }
    return out;
  };
  return walk(data);
}
