import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { jobs } from '../../platform/db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/** The only place that queries the jobs table. Terminal states are written once. */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewJobRow): Promise<JobRow> {
    const [inserted] = await this.db.insert(jobs).values(row).returning();
    return inserted!;
  }

  async setQueueJobId(id: string, queueJobId: string): Promise<void> {
    await this.db.update(jobs).set({ queueJobId }).where(eq(jobs.id, id));
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row;
  }

  async status(id: string): Promise<JobRow['status'] | undefined> {
    const [row] = await this.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)).limit(1);
    return row?.status;
  }

  /** Marks a run as started; answers the row only while the job is still CREATED. */
  async markStarted(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, startedAt: sql`now()` })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'CREATED')))
      .returning();
    return row;
  }

  async setProgress(id: string, progress: JobRow['progress']): Promise<void> {
    await this.db
      .update(jobs)
      .set({ progress })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'CREATED')));
  }

  /** Moves a CREATED job to a terminal state; false when it had already left CREATED. */
  async finish(
    id: string,
    outcome:
      | { status: 'FINISHED'; result: unknown }
      | { status: 'FAILED'; error: string }
      | { status: 'CANCELLED' },
  ): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: outcome.status,
        result: outcome.status === 'FINISHED' ? (outcome.result ?? null) : null,
        error: outcome.status === 'FAILED' ? outcome.error : null,
        finishedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'CREATED')))
      .returning();
    return row;
  }
}
