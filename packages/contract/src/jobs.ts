import { z } from 'zod';
import { dateTime } from './dates.js';

/** Job types named by the seeds (000 §7, 001 §3). Each arrives with its feature's issue. */
export const jobTypes = [
  'DOWNLOAD_CLIP',
  'SAVE_CLIP_AS_ASSET',
  'IMPORT_EXTERNAL_ASSETS',
  'PUBLISH_TO_AD_PLATFORM',
  'EXPORT_ANALYTICS_CSV',
] as const;

/** Job statuses the API answers (001 §4): CREATED while queued or running. */
export const jobStatuses = ['CREATED', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobActionSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  href: z.string(),
});
export type JobAction = z.infer<typeof jobActionSchema>;

export const jobSchema = z.object({
  id: z.string(),
  type: z.string(),
  brandId: z.string(),
  status: z.enum(jobStatuses),
  /** Set when FINISHED. */
  result: z.unknown().optional(),
  /** Set when FAILED: a message safe to show. */
  error: z.string().optional(),
  /** Optional progress the handler reports (0–100 and/or a note). */
  progress: z
    .object({ percent: z.number().min(0).max(100).optional(), message: z.string().optional() })
    .optional(),
  createdAt: dateTime,
  finishedOn: dateTime.nullable().optional(),
  actions: z.object({ self: jobActionSchema, cancel: jobActionSchema }),
});
export type Job = z.infer<typeof jobSchema>;

export const createJobBodySchema = z.object({
  brandId: z.uuid(),
  type: z.string().min(1),
  customParams: z.record(z.string(), z.unknown()).default({}),
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

export const isTerminalJobStatus = (status: JobStatus): boolean => status !== 'CREATED';
