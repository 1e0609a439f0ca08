import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per job created through the jobs API (001 §4). pg-boss carries the work;
 * this row is the job's public state, so it outlives pg-boss's own retention.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    brandId: text('brand_id').notNull(),
    /** Who started it (zip links are mailed to them; clips are saved as theirs). */
    userId: uuid('user_id'),
    accountId: uuid('account_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** CREATED while queued or running, then FINISHED, FAILED or CANCELLED. */
    status: text('status').$type<'CREATED' | 'FINISHED' | 'FAILED' | 'CANCELLED'>().notNull(),
    result: jsonb('result'),
    error: text('error'),
    progress: jsonb('progress').$type<{ percent?: number; message?: string }>(),
    attempts: integer('attempts').notNull().default(0),
    queueJobId: text('queue_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_brand_created_idx').on(t.brandId, t.createdAt)],
);
