/**
 * Full ISO-8601 date-times as the API sends them ('2026-11-22T10:15:30.123Z',
 * '2026-11-22T10:15:30+01:00'). Plain dates, times and other strings stay strings.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** JSON.parse that turns ISO date-time strings into Date objects, at any depth. */
export function parseJsonWithDates(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && isIsoDateTime(value) ? new Date(value) : value,
  );
}
