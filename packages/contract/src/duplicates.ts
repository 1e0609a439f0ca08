import { z } from 'zod';
import { DUPLICATE_LIMITS, duplicateActions } from './duplicate-constants.js';
import { assetSchema } from './library.js';

/** The calls of duplicates at upload (issue 15 "Beyond"); what they share is in duplicate-constants.ts. */

export const duplicateResolutionBodySchema = z.object({ action: z.enum(duplicateActions) });
export type DuplicateResolutionBody = z.infer<typeof duplicateResolutionBodySchema>;
export const duplicateResolutionSchema = z.object({ assetId: z.string(), action: z.enum(duplicateActions) });
export type DuplicateResolution = z.infer<typeof duplicateResolutionSchema>;

export const duplicateGroupsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(DUPLICATE_LIMITS.page),
  offset: z.coerce.number().int().min(0).default(0),
});
export type DuplicateGroupsQuery = z.infer<typeof duplicateGroupsQuerySchema>;

/**
 * A file and the newer files marked as its duplicates (each with `duplicateOf`), oldest
 * group first: `id` is the original's id.
 */
export const duplicateGroupSchema = z.object({
  id: z.string(),
  original: assetSchema,
  duplicates: z.array(assetSchema),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;
