import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { describeError, isDatabaseUnavailable } from '../db/errors.js';

/** What a queue handler learns about the delivery besides its payload. */
export interface DeliveryInfo {
  queueJobId: string;
  retryCount: number;
  retryLimit: number;
}

export type QueueHandler<Data> = (data: Data, delivery: DeliveryInfo) => Promise<unknown>;

export interface QueueOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job not finished by then is handed out again (covers crashed workers). */
  expireInSeconds?: number;
  /** Workers for this queue in each worker process (default JOB_CONCURRENCY). */
  concurrency?: number;
  /**
   * Called when a job of this queue was running in a process that died and has no retries
   * left: the feature marks its own record failed (a zip never shows "running" for ever).
   */
  onAbandoned?: (data: unknown) => Promise<void>;
  /**
   * pg-boss's queue policy. 'stately': at most one job per singletonKey waiting and one
   * running (an ad account's sync queued twice runs once more, not twice more).
   */
  policy?: 'standard' | 'stately';
}

export interface SendOptions {
  /** Enqueue inside a caller's transaction (architecture §7: never a second handle in a tx). */
  executor?: { execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  startAfterSeconds?: number;
  singletonKey?: string;
  /** Higher first among waiting jobs of a queue (pg-boss priority; default 0). */
  priority?: number;
}

export interface JobQueueOptions {
  runWorkers: boolean;
  pollIntervalMs: number;
  concurrency: number;
  /** How often a worker process records that it is alive (default 10 s). */
  heartbeatMs?: number;
  /** A worker process silent for longer is dead: its active jobs are handed back (default 30 s). */
  leaseTimeoutMs?: number;
}

type QueueStatus = 'up' | 'down' | 'disabled';

const QUEUE_INSTALL_LOCK_KEY = 7_281_946_310_246;
const HEARTBEAT_MS = 10_000;
const LEASE_TIMEOUT_MS = 30_000;

/**
 * Worker leases, beside pg-boss's own schema and managed by the queue the way pg-boss
 * manages its tables (pg-boss 10 has no heartbeat: timgit/pg-boss#436): each worker process
 * records a heartbeat and the jobs it is running, so any process can hand back the active
 * jobs of one that went silent, instead of waiting out their expiry (up to hours).
 */
const LEASE_TABLES = `
  create table if not exists pgboss.hookline_worker (
    id uuid primary key,
    pid integer not null,
    host text not null,
    started_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now()
  );
  create table if not exists pgboss.hookline_worker_job (
    queue_job_id uuid primary key,
    queue text not null,
    worker_id uuid not null,
    started_at timestamptz not null default now()
  );
  create index if not exists hookline_worker_job_worker_idx on pgboss.hookline_worker_job (worker_id);
`;

/**
 * pg-boss on Hookline's own database handle (PGlite or the pg pool): one queue per job
 * name. API-only processes enqueue; worker processes also run handlers.
 */
/**
 * What pg-boss gets once the database is closed. pg-boss settles a job without awaiting it
 * (timgit/pg-boss#577), so a handler that ends after the database closed (a shutdown past
 * its timeout, a test's teardown) still sends its complete/fail: that must not become an
 * unhandled error. Its commands (complete, fail, cancel, resume, delete) end in
 * `SELECT COUNT(*) FROM results` and read `rows[0].count`, so they hear "nothing changed";
 * every other statement (fetch, maintenance) hears no rows.
 */
export function answerWhenClosed(text: string): { rows: Record<string, unknown>[] } {
  return isSettling(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

/** pg-boss's complete, fail, cancel, resume and delete: they end by counting what changed. */
const isSettling = (text: string) => /select\s+count\(\*\)\s+from\s+results\s*$/i.test(text.trim());

/** Waits between tries of a settling command while the database is unavailable (about 4 s in all). */
export const SETTLE_RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000];

/**
 * A settling command sent while the connection is lost (a terminated backend, a restarting
 * server): pg-boss does not await it (#577), so a rejection would end up unhandled. It is
 * tried again while the database is unavailable, as the pool reconnects; if it still fails,
 * or fails otherwise, the error is logged and pg-boss hears "nothing changed": the job stays
 * active until its expiry or until the worker lease hands it back, and runs again (every
 * handler is idempotent).
 */
export async function settleRetrying(
  run: () => Promise<{ rows: Record<string, unknown>[] }>,
  text: string,
  options: { closed: () => boolean; log: (error: unknown) => void; delays?: readonly number[] },
): Promise<{ rows: Record<string, unknown>[] }> {
  const delays = options.delays ?? SETTLE_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || options.closed() || !isDatabaseUnavailable(error)) {
        options.log(error);
        return answerWhenClosed(text);
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (options.closed()) return answerWhenClosed(text);
    }
  }
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: QueueHandler<unknown>; options: QueueOptions }>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly schedules = new Map<string, string>();
  private started = false;
  private stopped = false;
  private lastError: Error | undefined;
  private readonly errorLoggedAt = new Map<string, number>();
  /** This process's lease id (a fresh one per start: a restarted process is a new worker). */
  readonly workerId = randomUUID();
  private leaseTimer: NodeJS.Timeout | undefined;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly database: DatabaseHandle,
    log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.log = log;
    this.boss = new PgBoss({
      db: {
        executeSql: (text, values) => {
          if (database.closed) return Promise.resolve(answerWhenClosed(text));
          if (!isSettling(text)) return database.execute(text, values);
          return settleRetrying(() => database.execute(text, values), text, {
            closed: () => database.closed,
            log: (error) =>
              this.log.warn({ error: describeError(error) }, 'job queue: a job was not settled'),
          });
        },
      },
      schema: 'pgboss',
      // Maintenance and cron only where work runs; API processes just enqueue.
      supervise: options.runWorkers,
      schedule: options.runWorkers,
      migrate: true,
      maintenanceIntervalSeconds: 120,
    });
    this.boss.on('error', (error) => {
      this.lastError = error;
      // While the database is away pg-boss reports every poll: once a minute per distinct error is enough.
      const described = describeError(error);
      const key = `${described.code ?? ''}:${described.message}`;
      const now = Date.now();
      if (this.stopped || now - (this.errorLoggedAt.get(key) ?? 0) < 60_000) return;
      this.errorLoggedAt.set(key, now);
      log.error({ error: described }, 'job queue error');
    });
  }

  /** Declares a queue and, when this process runs workers, the handler that consumes it. */
  register<Data>(name: string, handler: QueueHandler<Data>, options: QueueOptions = {}): void {
    if (this.started) throw new Error(`Queue ${name} registered after start`);
    if (this.handlers.has(name)) throw new Error(`Queue ${name} registered twice`);
    this.handlers.set(name, { handler: handler as QueueHandler<unknown>, options });
  }

  /** Runs a registered queue on a cron schedule (every process may ask; pg-boss keeps one). */
  schedule(name: string, cron: string): void {
    if (!this.handlers.has(name)) throw new Error(`Unknown queue ${name}`);
    this.schedules.set(name, cron);
  }

  async start(): Promise<void> {
    // pg-boss installs its schema on first start and creating a queue adds a partition:
    // two processes doing either at once collide (unique violations, deadlocks), so one at a time.
    await this.database.withAdvisoryLock(QUEUE_INSTALL_LOCK_KEY, async () => {
      await this.boss.start();
      for (const [name, { options }] of this.handlers) {
        const queue = {
          name,
          retryLimit: options.retryLimit ?? 2,
          retryDelay: options.retryDelaySeconds ?? 5,
          retryBackoff: options.retryBackoff ?? true,
          expireInSeconds: options.expireInSeconds ?? 15 * 60,
          ...(options.policy ? { policy: options.policy } : {}),
        };
        await this.boss.createQueue(name, queue);
        await this.boss.updateQueue(name, queue);
      }
      await this.database.execute(LEASE_TABLES);
      if (this.options.runWorkers) {
        for (const [name, cron] of this.schedules) await this.boss.schedule(name, cron);
        await this.recoverInterruptedJobs();
      }
    });
    this.started = true;
    if (!this.options.runWorkers) return;
    for (const [name, { handler, options }] of this.handlers) {
      const ids: string[] = [];
      this.workerIds.set(name, ids);
      for (let i = 0; i < (options.concurrency ?? this.options.concurrency); i++) {
        let workerId: string | undefined;
        workerId = await this.boss.work<unknown>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollIntervalMs / 1000 },
          async ([job]) => {
            if (!job) return;
            await this.database
              .execute(
                'insert into pgboss.hookline_worker_job (queue_job_id, queue, worker_id) values ($1, $2, $3) on conflict (queue_job_id) do update set worker_id = excluded.worker_id, started_at = now()',
                [job.id, name, this.workerId],
              )
              .catch(() => {}); // without the record the job still runs; expiry stays its safety net
            try {
              return await handler(job.data, {
                queueJobId: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            } finally {
              void this.database
                .execute('delete from pgboss.hookline_worker_job where queue_job_id = $1', [job.id])
                .catch(() => {});
              // pg-boss waits out the polling interval after every job, even when more are
              // queued; a worker that just finished one looks for the next at once instead.
              if (workerId) this.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
    }
    await this.heartbeat();
    this.leaseTimer = setInterval(() => void this.leaseTick(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.leaseTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    await this.database.execute(
      'insert into pgboss.hookline_worker (id, pid, host) values ($1, $2, $3) on conflict (id) do update set heartbeat_at = now()',
      [this.workerId, process.pid, os.hostname()],
    );
  }

  /** Records this process's heartbeat, then hands back the jobs of silent ones. Never throws. */
  private async leaseTick(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.heartbeat();
      await this.recoverAbandonedJobs();
    } catch {
      // The database is away: the next tick tries again (pg-boss reports the outage itself).
    }
  }

  /**
   * Active jobs of worker processes silent for longer than the lease timeout go back to the
   * queue (retried while retries are left, else failed, and the feature told), then the dead
   * leases are removed. Any worker process may do it; a job is failed only while active, so
   * two processes doing it at once hand a job back once.
   */
  async recoverAbandonedJobs(): Promise<number> {
    const timeoutSeconds = (this.options.leaseTimeoutMs ?? LEASE_TIMEOUT_MS) / 1000;
    const { rows } = await this.database.execute<{ queue_job_id: string; queue: string; worker_id: string }>(
      `select j.queue_job_id, j.queue, j.worker_id
         from pgboss.hookline_worker_job j
         left join pgboss.hookline_worker w on w.id = j.worker_id
        where w.id is null or w.heartbeat_at < now() - make_interval(secs => $1)`,
      [timeoutSeconds],
    );
    let handedBack = 0;
    for (const row of rows) {
      if (await this.handBack(row.queue, row.queue_job_id)) handedBack += 1;
      await this.database.execute('delete from pgboss.hookline_worker_job where queue_job_id = $1', [
        row.queue_job_id,
      ]);
    }
    await this.database.execute(
      'delete from pgboss.hookline_worker where heartbeat_at < now() - make_interval(secs => $1)',
      [timeoutSeconds],
    );
    if (handedBack > 0)
      this.log.warn({ jobs: handedBack }, 'handed back the jobs of a worker process that stopped');
    return handedBack;
  }

  /** Fails one active job (pg-boss retries it if it may); tells its feature when it may not. */
  private async handBack(name: string, id: string): Promise<boolean> {
    const { rows } = await this.database.execute<{ state: string; data: unknown }>(
      'select state, data from pgboss.job where name = $1 and id = $2',
      [name, id],
    );
    if (rows[0]?.state !== 'active') return false;
    await this.boss.fail(name, id, { message: 'the worker process running this job stopped' });
    const after = await this.database.execute<{ state: string }>(
      'select state from pgboss.job where name = $1 and id = $2',
      [name, id],
    );
    if (after.rows[0]?.state === 'failed') await this.handlers.get(name)?.options.onAbandoned?.(rows[0].data);
    return true;
  }

  /**
   * The embedded database serves one process only (the DATA_DIR lock), so a job still
   * 'active' at start-up was cut off by a crash: hand it back now (retried while it has
   * retries left) instead of after its expiry. On PostgreSQL other workers may be running
   * those jobs, so there expiry does it.
   */
  private async recoverInterruptedJobs(): Promise<void> {
    if (this.database.driver !== 'pglite') return;
    const { rows } = await this.database.execute<{ id: string; name: string }>(
      "select id, name from pgboss.job where state = 'active'",
    );
    for (const row of rows) await this.handBack(row.name, row.id);
    await this.database.execute('delete from pgboss.hookline_worker_job');
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string> {
    const id = await this.sendUnlessQueued(name, data, options);
    if (!id) throw new Error(`Queue ${name} refused the job`);
    return id;
  }

  /** Like send; null when a 'stately' queue already holds a waiting job with this singletonKey. */
  async sendUnlessQueued(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.handlers.has(name)) throw new Error(`Unknown queue ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.executor ? { db: { executeSql: (t, v) => options.executor!.execute(t, v) } } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
    });
    if (id && !options.executor) this.notify(name);
    return id;
  }

  async cancel(name: string, queueJobId: string): Promise<void> {
    await this.boss.cancel(name, queueJobId);
  }

  /** Wakes this process's idle workers of a queue now instead of at their next poll. */
  notify(name: string): void {
    for (const id of this.workerIds.get(name) ?? []) this.notifyWorker(id);
  }

  private notifyWorker(id: string): void {
    (this.boss as unknown as { notifyWorker(id: string): void }).notifyWorker(id);
  }

  async status(): Promise<QueueStatus> {
    if (!this.started || this.stopped) return 'down';
    try {
      await this.database.execute('select 1 from pgboss.version limit 1');
      return 'up';
    } catch {
      return 'down';
    }
  }

  get error(): Error | undefined {
    return this.lastError;
  }

  /** Stops fetching, lets running handlers finish (up to timeout), leaves the database open. */
  async stop(timeoutMs: number): Promise<void> {
    if (this.stopped || !this.started) {
      this.stopped = true;
      return;
    }
    this.stopped = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    // Stopped cleanly: nothing of ours is running any more.
    await this.database
      .execute('delete from pgboss.hookline_worker where id = $1', [this.workerId])
      .catch(() => {});
  }
}
