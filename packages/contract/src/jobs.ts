import { z } from 'zod';
import { dateTime } from './dates.js';
import { jobStatuses } from './job-statuses.js';

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
