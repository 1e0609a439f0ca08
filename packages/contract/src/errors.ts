import { z } from 'zod';
import { errorCodes } from './error-codes.js';

/** The body of every error answer (the codes and their defaults are in error-codes.ts). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(errorCodes),
  title: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  fields: z.array(fieldErrorSchema).optional(),
  allocation: z.number().nullable().optional(),
  resourceName: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
