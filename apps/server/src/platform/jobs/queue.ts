import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { describeError } from '../db/errors.js';

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
}

export interface SendOptions {
  /** Enqueue inside a caller's transaction (architecture §7: never a second handle in a tx). */
  executor?: { execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  startAfterSeconds?: number;
  singletonKey?: string;
}

export interface JobQueueOptions {
  runWorkers: boolean;
  pollIntervalMs: number;
  concurrency: number;
}

type QueueStatus = 'up' | 'down' | 'disabled';

const QUEUE_INSTALL_LOCK_KEY = 7_281_946_310_246;

/**
 * pg-boss on Hookline's own database handle (PGlite or the pg pool): one queue per job
 * name. API-only processes enqueue; worker processes also run handlers.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: QueueHandler<unknown>; options: QueueOptions }>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly schedules = new Map<string, string>();
  private started = false;
  private stopped = false;
  private lastError: Error | undefined;
  private readonly errorLoggedAt = new Map<string, number>();

  constructor(
    private readonly database: DatabaseHandle,
    log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.execute(text, values) },
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
        };
        await this.boss.createQueue(name, queue);
        await this.boss.updateQueue(name, queue);
      }
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
            try {
              return await handler(job.data, {
                queueJobId: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            } finally {
              // pg-boss waits out the polling interval after every job, even when more are
              // queued; a worker that just finished one looks for the next at once instead.
              if (workerId) this.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
    }
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
    for (const row of rows) {
      await this.boss.fail(row.name, row.id, { message: 'the process stopped while the job was running' });
    }
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string> {
    if (!this.handlers.has(name)) throw new Error(`Unknown queue ${name}`);
    const id = await this.boss.send(name, data, {
      ...(options.executor ? { db: { executeSql: (t, v) => options.executor!.execute(t, v) } } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    if (!id) throw new Error(`Queue ${name} refused the job`);
    if (!options.executor) this.notify(name);
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
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
