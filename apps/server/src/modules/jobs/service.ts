import { type CreateJobBody, interpolate, type Job, messages } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { DeliveryInfo, JobQueue } from '../../platform/jobs/queue.js';
import { type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import type { AccessService } from '../access/service.js';
import { presentJob } from './presenter.js';
import type { JobRow, JobsRepository } from './repository.js';

export type { JobRow };

/** How often a running job looks for a cancel made by any process. */
const CANCEL_CHECK_INTERVAL_MS = 2000;

interface JobPayload {
  jobId: string;
}

/**
 * The generic jobs API (001 §4): create, read, cancel, and the worker side that runs a job's
 * handler and records its outcome. Only callers who may use the job's brand see or cancel it.
 */
export class JobsService {
  constructor(
    private readonly repository: JobsRepository,
    private readonly registry: JobRegistry,
    private readonly queue: JobQueue,
    private readonly access: AccessService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Declares one queue per registered job type; call before the queue starts. */
  registerQueues(): void {
    for (const definition of this.registry.list()) {
      this.queue.register<JobPayload>(
        definition.type,
        (payload, delivery) => this.run(payload.jobId, delivery),
        {
          ...definition.queue,
          // Its worker process died on the last attempt: the row must not say "running" for ever.
          onAbandoned: async (payload) => {
            const { jobId } = payload as JobPayload;
            await this.repository.finish(jobId, { status: 'FAILED', error: messages.api.jobWorkerStopped });
          },
        },
      );
    }
  }

  async create(actor: Actor, input: CreateJobBody): Promise<Job> {
    await this.access.require(actor, 'job.create', [input.brandId]);
    const user = userOf(actor);
    const accountId = this.access.accountOfBrand(user, input.brandId);
    const definition = this.registry.get(input.type);
    if (!definition || definition.internal) {
      throw validationFailed([
        { path: 'body.type', message: interpolate(messages.api.unknownJobType, { type: input.type }) },
      ]);
    }
    const parsed = definition.params.safeParse(input.customParams ?? {});
    if (!parsed.success) {
      throw validationFailed(
        parsed.error.issues.map((issue) => ({
          path: ['body', 'customParams', ...issue.path.map(String)].join('.'),
          message: issue.message,
        })),
      );
    }
    return presentJob(
      await this.enqueue(definition.type, parsed.data as Record<string, unknown>, {
        brandId: input.brandId,
        accountId,
        userId: user.userId,
      }),
    );
  }

  /**
   * Starts a job for a server route that has already checked the caller (internal types
   * such as zip downloads); answers the stored row.
   */
  async start(
    type: string,
    params: Record<string, unknown>,
    owner: { brandId: string; accountId: string; userId: string | null },
  ): Promise<JobRow> {
    const definition = this.registry.get(type);
    if (!definition) throw new Error(`Job type ${type} is not registered`);
    return this.enqueue(type, definition.params.parse(params) as Record<string, unknown>, owner);
  }

  private async enqueue(
    type: string,
    params: Record<string, unknown>,
    owner: { brandId: string; accountId: string; userId: string | null },
  ): Promise<JobRow> {
    const row = await this.repository.insert({ id: uuidv7(), type, params, status: 'CREATED', ...owner });
    // Enqueued after the row commits, so a worker always finds the row it is told about.
    const queueJobId = await this.queue.send(type, { jobId: row.id } satisfies JobPayload);
    await this.repository.setQueueJobId(row.id, queueJobId);
    return { ...row, queueJobId };
  }

  /** A job of this type in this brand, for routes that present jobs their own way (zip status). */
  async findInBrand(type: string, brandId: string, id: string): Promise<JobRow> {
    const row = await this.repository.findById(id);
    if (row?.type !== type || row.brandId !== brandId) throw notFound(messages.api.jobNotFound);
    return row;
  }

  /**
   * Waits for a job a request started to settle (a GIF the caller waits for); answers its
   * row, still CREATED when the wait ran out. Polls the row, so any worker process may run it.
   */
  async waitFor(id: string, timeoutMs: number): Promise<JobRow> {
    const deadline = Date.now() + timeoutMs;
    for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
      const row = await this.visibleJob(id);
      if (row.status !== 'CREATED' || Date.now() >= deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  async get(actor: Actor, id: string): Promise<Job> {
    await this.access.require(actor, 'job.read', [id]);
    return presentJob(await this.visibleJob(id));
  }

  /** The job (its access already checked). */
  private async visibleJob(id: string) {
    const row = await this.repository.findById(id);
    if (!row) throw notFound(messages.api.jobNotFound);
    return row;
  }

  async cancel(actor: Actor, id: string): Promise<Job> {
    await this.access.require(actor, 'job.cancel', [id]);
    const row = await this.visibleJob(id);
    if (row.status === 'CANCELLED') return presentJob(row);
    if (row.status !== 'CREATED') throw conflict(messages.api.jobAlreadyFinished);
    const cancelled = await this.repository.finish(id, { status: 'CANCELLED' });
    if (!cancelled) {
      // It finished between the read and the write: answer what it became.
      return this.get(actor, id);
    }
    if (row.queueJobId) {
      await this.queue.cancel(row.type, row.queueJobId).catch((error) => {
        this.log.warn({ err: error, jobId: id }, 'could not cancel the queued job; the runner will skip it');
      });
    }
    return presentJob(cancelled);
  }

  /** Worker side: runs one delivery of a job. Throws to let the queue retry. */
  async run(jobId: string, delivery: DeliveryInfo): Promise<void> {
    const started = await this.repository.markStarted(jobId);
    if (!started) return; // cancelled, already finished, or gone
    const definition = this.registry.get(started.type);
    const log = this.log.child({ jobId, jobType: started.type });
    if (!definition) {
      await this.repository.finish(jobId, {
        status: 'FAILED',
        error: interpolate(messages.api.unknownJobType, { type: started.type }),
      });
      return;
    }

    const controller = new AbortController();
    const watcher = setInterval(() => {
      this.repository
        .status(jobId)
        .then((status) => {
          if (status !== 'CREATED') controller.abort();
        })
        .catch(() => {});
    }, CANCEL_CHECK_INTERVAL_MS);
    watcher.unref();

    const context: JobContext = {
      jobId,
      brandId: started.brandId,
      userId: started.userId,
      accountId: started.accountId,
      attempt: delivery.retryCount + 1,
      signal: controller.signal,
      log,
      reportProgress: (progress) => this.repository.setProgress(jobId, progress),
    };

    try {
      const params = definition.params.parse(started.params);
      const result = await definition.handler(params, context);
      await this.repository.finish(jobId, { status: 'FINISHED', result: result ?? null });
    } catch (error) {
      if (controller.signal.aborted) return; // cancelled: the row already says so
      const lastAttempt = delivery.retryCount >= delivery.retryLimit;
      log.warn({ err: error, attempt: context.attempt, lastAttempt }, 'job attempt failed');
      if (!lastAttempt) throw error;
      await this.repository.finish(jobId, { status: 'FAILED', error: publicMessage(error) });
    } finally {
      clearInterval(watcher);
    }
  }
}

function publicMessage(error: unknown): string {
  if (error instanceof JobFailure || error instanceof AppError) return error.message;
  return messages.error.title;
}
