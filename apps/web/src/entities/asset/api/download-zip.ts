import {
  downloadsApi,
  JOB_POLL,
  jobsApi,
  ZIP_JOB_POLL_INTERVAL_MS,
  type ZipJob,
  type ZipStatus,
} from '@hookline/contract';
import { call } from '@/lib/call';
import { backoffDelay } from '@/lib/job-poller';
import { getAssets } from './get-assets';
import { type BrandScope, brandParams } from './keys';

/** The most items one zip request names (the contract's zipRequestBodySchema). */
export const ZIP_MAX_ENTITIES = 1000;

/**
 * POST …/library/download {entities, name?}: queues a zip of the items (folders keep their
 * structure). 413 when it would be too large. Silent: the caller reports failures (the 413
 * has its own message).
 */
export function requestZip(scope: BrandScope, ids: readonly string[], name?: string): Promise<ZipJob> {
  return call(
    downloadsApi.requestZip,
    {
      params: brandParams(scope),
      body: { entities: ids.map((id) => ({ id, library: 'BRAND' as const })), name },
    },
    { silent: true },
  );
}

/** GET …/library/download/{jobId}: the zip job's status, and its URL once done. */
export function getZipJob(scope: BrandScope, jobId: string, signal?: AbortSignal): Promise<ZipJob> {
  return call(downloadsApi.zipStatus, { params: { ...brandParams(scope), jobId } }, { signal, silent: true });
}

/** The zip runs as a job of the generic jobs API, so its cancel action applies (001 §4). */
export function cancelZipJob(jobId: string): Promise<unknown> {
  return call(jobsApi.cancel, { params: { jobId } }, { silent: true });
}

export function isZipInProgress(status: ZipStatus): boolean {
  return status === 'pending' || status === 'running';
}

export interface ZipWaitOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  onUpdate?: (job: ZipJob) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a zip job every 2.5 s while it is pending or running (000 §4 "Zip download") and
 * answers the job as it ended (success, failed or cancelled). A failed poll is retried like
 * other jobs (500 ms doubling up to 20 s); more than JOB_POLL.maxErrors in a row throws the
 * last error. Rejects with the signal's reason when aborted.
 */
export async function waitForZip(
  scope: BrandScope,
  job: ZipJob,
  { intervalMs = ZIP_JOB_POLL_INTERVAL_MS, signal, onUpdate }: ZipWaitOptions = {},
): Promise<ZipJob> {
  let current = job;
  let errors = 0;
  while (isZipInProgress(current.status)) {
    await sleep(
      errors === 0 ? intervalMs : backoffDelay(errors, JOB_POLL.retryDelayMs, JOB_POLL.maxRetryDelayMs),
      signal,
    );
    try {
      current = await getZipJob(scope, current.jobId, signal);
      errors = 0;
      onUpdate?.(current);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      errors += 1;
      if (errors > JOB_POLL.maxErrors) throw error;
    }
  }
  return current;
}

/**
 * Every child id of a folder, for a select-all that reaches past the loaded pages. Stops at
 * ZIP_MAX_ENTITIES + 1 (enough to know the request would be refused).
 */
export async function listChildIds(scope: BrandScope, folderId: string): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await getAssets(scope, {
      folderId,
      offset: ids.length,
      sort: { sort: 'name', order: 'asc' },
    });
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length === 0 || ids.length >= page.total || ids.length > ZIP_MAX_ENTITIES) return ids;
  }
}
