import type { FastifyBaseLogger } from 'fastify';
import { describeError, isDatabaseUnavailable } from '../db/errors.js';

/**
 * Last-resort handlers for errors nothing awaited (issue: the server outlives its database).
 *
 * - An unhandled promise rejection is logged (once a minute per distinct error) and the
 *   process goes on: each one known here is a lost database call whose request or job has
 *   already failed on its own (pg-boss 10 does not await `complete()`/`fail()` after a
 *   handler settles, timgit/pg-boss#577), so no state is left half-changed in memory.
 * - An uncaught exception that is a lost database connection (a client's 'error' event) is
 *   logged and survived for the same reason. Any other uncaught exception means the
 *   process's state is unknown: it is logged and the process exits with code 1, for its
 *   supervisor (or `ROLE` peers) to carry on.
 */
export function installProcessGuards(
  log: FastifyBaseLogger,
  exit: (code: number) => void = process.exit,
): void {
  const loggedAt = new Map<string, number>();
  const throttled = (kind: string, error: unknown) => {
    const described = describeError(error);
    const key = `${kind}:${described.code ?? ''}:${described.message}`;
    const now = Date.now();
    if (now - (loggedAt.get(key) ?? 0) < 60_000) return;
    loggedAt.set(key, now);
    if (loggedAt.size > 200) loggedAt.clear();
    log.error({ error: described }, kind);
  };
  process.on('unhandledRejection', (reason) => throttled('unhandled rejection (continuing)', reason));
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      throttled('lost database connection (continuing)', error);
      return;
    }
    log.fatal({ err: error }, 'uncaught exception: state unknown, exiting');
    exit(1);
  });
}
