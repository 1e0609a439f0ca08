import type { DatabaseHandle } from '../db/client.js';
import { tooManyRequests } from './errors.js';

/** The first wait of a backoff (then 2×, 4×, … up to the window). */
export const BACKOFF_BASE_MS = 5_000;

/**
 * Fixed-window counters in the database, so every API process shares one budget
 * (login, sign-up, forgot-password and verification, per IP and per e-mail).
 */
export class RateLimiter {
  constructor(private readonly database: DatabaseHandle) {}

  /** Counts one attempt under each key; throws 429 when any key is over its limit. */
  async consume(keys: { key: string; limit: number }[], windowMs: number): Promise<void> {
    for (const { key, limit } of keys) {
      const { rows } = await this.database.execute<{ count: number }>(
        `insert into rate_limit_buckets (key, window_started_at, count) values ($1, now(), 1)
         on conflict (key) do update set
           count = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => $2::double precision / 1000)
                        then 1 else rate_limit_buckets.count + 1 end,
           window_started_at = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => $2::double precision / 1000)
                        then now() else rate_limit_buckets.window_started_at end
         returning count`,
        [key, windowMs],
      );
      if ((rows[0]?.count ?? 0) > limit) throw tooManyRequests();
    }
  }

  /**
   * Backoff instead of a lock: after `free` failures under `key` (for sign-in: one address
   * from one client), each further attempt must wait BACKOFF_BASE_MS, doubling per failure, at
   * most `windowMs`, after the last failure; 429 until then. Failures older than `windowMs`
   * are forgotten. Other keys (other clients of the same address) are not held back.
   */
  async backoff(key: string, free: number, windowMs: number): Promise<void> {
    const { rows } = await this.database.execute<{ count: number; age_ms: number | string }>(
      `select count, extract(epoch from (now() - window_started_at)) * 1000 as age_ms
       from rate_limit_buckets where key = $1`,
      [key],
    );
    const row = rows[0];
    if (!row) return;
    const age = Number(row.age_ms);
    if (age > windowMs || row.count < free) return;
    const wait = Math.min(BACKOFF_BASE_MS * 2 ** Math.min(row.count - free, 30), windowMs);
    if (age < wait) throw tooManyRequests();
  }

  /** Counts one failure under `key` and restarts its backoff clock. */
  async recordFailure(key: string, windowMs: number): Promise<void> {
    await this.database.execute(
      `insert into rate_limit_buckets (key, window_started_at, count) values ($1, now(), 1)
       on conflict (key) do update set
         count = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => $2::double precision / 1000)
                      then 1 else rate_limit_buckets.count + 1 end,
         window_started_at = now()`,
      [key, windowMs],
    );
  }

  async reset(key: string): Promise<void> {
    await this.database.execute('delete from rate_limit_buckets where key = $1', [key]);
  }
}
