import type { Job } from '@hookline/contract';
import type { JobRow } from './repository.js';

export const jobSelfHref = (id: string) => `/api/jobs/${id}`;
export const jobCancelHref = (id: string) => `/api/jobs/${id}/cancel`;

/** The only way a job row becomes a response (001 §3 Jobs: status, result, actions). */
export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    brandId: row.brandId,
    status: row.status,
    ...(row.status === 'FINISHED' ? { result: row.result } : {}),
    ...(row.status === 'FAILED' && row.error ? { error: row.error } : {}),
    ...(row.progress ? { progress: row.progress } : {}),
    createdAt: row.createdAt,
    finishedOn: row.finishedAt ?? null,
    actions: {
      self: { method: 'GET', href: jobSelfHref(row.id) },
      cancel: { method: 'POST', href: jobCancelHref(row.id) },
    },
  };
}
