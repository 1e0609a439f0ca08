import { JOB_POLL, type Job, jobsApi } from '@hookline/contract';
import { ApiError } from './api-client';
import { followLink } from './call';
import { showErrorToast } from './notify';

/**
 * Shared job polling (001 §4 "Jobs and polling"): after a job starts, its self link is
 * polled every 2.5 s. FINISHED ends with the result, FAILED with nothing, CANCELLED when the
 * job was cancelled. More than 3 consecutive poll errors stop it with the error toast; after
 * an error the next poll waits 500 ms, doubling up to 20 s. Imports pass IMPORT_JOB_POLL.
 */

/** A job as the client holds it (decoded by the typed client: dates are Date objects). */
export type ClientJob = Job;

export interface JobPollTiming {
  intervalMs: number;
  maxErrors: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

export interface JobPollOptions extends Partial<JobPollTiming> {
  /** Called with the job as first given and after every successful poll. */
  onUpdate?: (job: ClientJob) => void;
  /** No toasts: the caller reports failures itself. */
  silent?: boolean;
}

export type JobPollOutcome<R> =
  | { status: 'FINISHED'; result: R; job: ClientJob }
  | { status: 'FAILED'; error: string | undefined; job: ClientJob }
  | { status: 'CANCELLED'; job: ClientJob }
  /** Gave up after more than maxErrors consecutive poll errors. */
  | { status: 'ERROR'; error: unknown }
  /** Stopped by the caller (unmount, navigation). */
  | { status: 'STOPPED' };

export interface JobPoll<R> {
  readonly promise: Promise<JobPollOutcome<R>>;
  /** Calls the job's cancel link; polling continues if that call fails. */
  cancel(): Promise<void>;
  /** Stops polling without touching the job. */
  stop(): void;
}

/** Delay before the next poll after the n-th consecutive error (n ≥ 1). */
export function backoffDelay(errorCount: number, retryDelayMs: number, maxRetryDelayMs: number): number {
  return Math.min(retryDelayMs * 2 ** Math.max(0, errorCount - 1), maxRetryDelayMs);
}

function errorToast(error: unknown) {
  const body = error instanceof ApiError ? error.body : null;
  showErrorToast({ title: body?.title, message: body?.message });
}

export function pollJob<R = unknown>(job: ClientJob, options: JobPollOptions = {}): JobPoll<R> {
  const timing: JobPollTiming = {
    intervalMs: options.intervalMs ?? JOB_POLL.intervalMs,
    maxErrors: options.maxErrors ?? JOB_POLL.maxErrors,
    retryDelayMs: options.retryDelayMs ?? JOB_POLL.retryDelayMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? JOB_POLL.maxRetryDelayMs,
  };
  let latest = job;
  let settled = false;
  let errorCount = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let resolvePromise: (outcome: JobPollOutcome<R>) => void = () => {};
  const promise = new Promise<JobPollOutcome<R>>((resolve) => {
    resolvePromise = resolve;
  });

  const finish = (outcome: JobPollOutcome<R>) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    inFlight?.abort();
    resolvePromise(outcome);
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void poll(), delayMs);
  };

  const handle = (current: ClientJob) => {
    latest = current;
    options.onUpdate?.(current);
    switch (current.status) {
      case 'FINISHED':
        finish({ status: 'FINISHED', result: current.result as R, job: current });
        return;
      case 'FAILED':
        if (!options.silent) showErrorToast({ message: current.error });
        finish({ status: 'FAILED', error: current.error, job: current });
        return;
      case 'CANCELLED':
        finish({ status: 'CANCELLED', job: current });
        return;
      default:
        schedule(timing.intervalMs);
    }
  };

  const poll = async () => {
    if (settled) return;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const next = await followLink(latest.actions.self, jobsApi.get, {
        signal: controller.signal,
        silent: true,
      });
      if (settled) return;
      if (!next) throw new Error('The job answer was empty');
      errorCount = 0;
      handle(next);
    } catch (error) {
      if (settled) return;
      errorCount += 1;
      if (errorCount > timing.maxErrors) {
        if (!options.silent) errorToast(error);
        finish({ status: 'ERROR', error });
        return;
      }
      schedule(backoffDelay(errorCount, timing.retryDelayMs, timing.maxRetryDelayMs));
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
  };

  handle(job);

  return {
    promise,
    cancel: async () => {
      if (settled) return;
      const cancelled = await followLink(latest.actions.cancel, jobsApi.cancel, {
        silent: options.silent,
      });
      const finalJob: ClientJob = cancelled ?? { ...latest, status: 'CANCELLED' };
      if (!settled) options.onUpdate?.(finalJob);
      finish({ status: 'CANCELLED', job: finalJob });
    },
    stop: () => finish({ status: 'STOPPED' }),
  };
}
