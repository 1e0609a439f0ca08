import { JOB_POLL, type Job, jobsApi } from '@hookline/contract';
import { call } from '@/lib/call';

/**
 * Follows a job until it ends (001 §4 "Jobs and polling"): FINISHED, FAILED or
 * CANCELLED give the final job; more than 3 consecutive poll errors give 'ERROR' (the next
 * poll after an error waits 500 ms, doubling up to 20 s). The interval is asked before every
 * poll, so a caller can slow down while the page is hidden.
 *
 * The integrations' own loop rather than lib/job-poller's pollJob, through the typed client
 * rather than the job's links (followLink): those modules ride in the first load (their
 * other exports are used there), and every export of them used anywhere would ride with them.
 */
export interface FollowJobOptions {
  /** Asked before every poll (default 2.5 s). */
  intervalMs?: () => number;
  onUpdate?: (job: Job) => void;
  signal?: AbortSignal;
}

export type FollowJobOutcome = Job | 'ERROR' | 'STOPPED';

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const ended = (job: Job) =>
  job.status === 'FINISHED' || job.status === 'FAILED' || job.status === 'CANCELLED';

export async function followJob(job: Job, options: FollowJobOptions): Promise<FollowJobOutcome> {
  let current = job;
  let errors = 0;
  while (!ended(current)) {
    const delay =
      errors > 0
        ? Math.min(JOB_POLL.retryDelayMs * 2 ** (errors - 1), JOB_POLL.maxRetryDelayMs)
        : (options.intervalMs?.() ?? JOB_POLL.intervalMs);
    await wait(delay, options.signal);
    if (options.signal?.aborted) return 'STOPPED';
    try {
      // The job's self link is this route (GET /api/jobs/{id}).
      const next = await call(
        jobsApi.get,
        { params: { jobId: current.id } },
        { silent: true, signal: options.signal },
      );
      errors = 0;
      current = next;
      if (options.signal?.aborted) return 'STOPPED';
      options.onUpdate?.(current);
    } catch {
      if (options.signal?.aborted) return 'STOPPED';
      errors += 1;
      if (errors > JOB_POLL.maxErrors) return 'ERROR';
    }
  }
  return current;
}
