/**
 * Telling database failures apart without leaking them: whether an error means "the
 * database is not reachable right now" (answer 503 and retry), and a short description of
 * any database error that never carries SQL parameters (Drizzle's own message lists them,
 * and they can hold e-mail addresses and token or password hashes).
 */

/** SQLSTATE classes and codes of a lost or refused connection. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection is closed/i,
  /Cannot use a pool after calling end/i,
  /is not currently accepting connections/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  name?: unknown;
  table?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

/** The error and its causes, outermost first (Drizzle wraps the driver's error). */
export function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_ERRNO.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}

/** A PostgreSQL error somewhere in the chain (it has a five-character SQLSTATE). */
function databaseError(error: unknown): ErrorLike | undefined {
  return errorChain(error).find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
}

/** Quoted values in a driver message ('invalid input syntax for type uuid: "…"') are inputs: drop them. */
const withoutValues = (message: string) =>
  message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 200);

/**
 * One short line about an error for the log: its name and SQLSTATE, and a message with no
 * SQL text and no parameters.
 */
export function describeError(error: unknown): { name: string; code?: string; message: string } {
  const db = databaseError(error);
  if (db) {
    return {
      name: 'DatabaseError',
      code: String(db.code),
      message: withoutValues(typeof db.message === 'string' ? db.message : ''),
      ...(typeof db.constraint === 'string' ? { constraint: db.constraint } : {}),
    };
  }
  const root = errorChain(error).at(-1) ?? {};
  const outer = errorChain(error)[0] ?? {};
  const message = typeof root.message === 'string' ? root.message : String(error);
  // Drizzle's "Failed query: <sql> params: <values>" never reaches a log.
  const safe = /^Failed query:/i.test(message) ? 'query failed' : withoutValues(message);
  return {
    name: typeof outer.name === 'string' ? outer.name : 'Error',
    ...(typeof root.code === 'string' ? { code: root.code } : {}),
    message: safe,
  };
}

/** A unique constraint refused the write (23505): the caller answers 409 with its own words. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = databaseError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
