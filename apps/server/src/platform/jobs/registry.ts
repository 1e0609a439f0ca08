import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { QueueOptions } from './queue.js';

export interface JobProgress {
  percent?: number;
  message?: string;
}

/** What a handler gets besides its parameters. */
export interface JobContext {
  jobId: string;
  brandId: string;
  /** Who started it and in which account (null for jobs made before these were kept). */
  userId: string | null;
  accountId: string | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Aborted when the job is cancelled (checked every few seconds, from any process). */
  signal: AbortSignal;
  reportProgress(progress: JobProgress): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * A job type of the generic jobs API (001 §4): its parameter schema (customParams) and its
 * handler. Registering one makes it startable through POST /api/jobs.
 */
export interface JobDefinition<Params extends z.ZodType = z.ZodType, Result = unknown> {
  type: string;
  params: Params;
  handler(params: z.infer<Params>, ctx: JobContext): Promise<Result>;
  queue?: QueueOptions;
  /** Started by the server's own routes only (e.g. zip downloads), not through POST /jobs. */
  internal?: boolean;
}

export function defineJob<Params extends z.ZodType, Result>(
  definition: JobDefinition<Params, Result>,
): JobDefinition<Params, Result> {
  return definition;
}

/** A failure whose message is safe to show to the user; any other error shows a generic one. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition>();

  register(definition: JobDefinition<z.ZodType, unknown>): this {
    if (!/^[A-Z][A-Z0-9_]*$/.test(definition.type)) throw new Error(`Bad job type name ${definition.type}`);
    if (this.definitions.has(definition.type))
      throw new Error(`Job type ${definition.type} registered twice`);
    this.definitions.set(definition.type, definition);
    return this;
  }

  get(type: string): JobDefinition | undefined {
    return this.definitions.get(type);
  }

  list(): JobDefinition[] {
    return [...this.definitions.values()];
  }
}
