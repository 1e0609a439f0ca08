import type { DatabaseHandle } from '../db/client.js';
import { tooManyRequests } from './errors.js';

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

  async reset(key: string): Promise<void> {
    await this.database.execute('delete from rate_limit_buckets where key = $1', [key]);
  }
}
