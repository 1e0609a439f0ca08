import { z } from 'zod';
import { entityRefSchema, folderIdSchema } from './library.js';
import { libraries } from './library-constants.js';
import { assetTagSources, TAG_LIMITS, tagCategoryTypes } from './tag-constants.js';
import { descriptionString, nameString } from './text.js';

/** Tags and tag categories (000 §3 "Tag and category", §7 "Tags"). */

/** A tag on an item; `source` only when the AI analysis or a tag's auto-search put it there. */
export const tagRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(assetTagSources).optional(),
});
export type TagRef = z.infer<typeof tagRefSchema>;

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string(),
  autoSearchInFiles: z.boolean(),
  description: z.string().nullable(),
  /** Items carrying the tag; 0 unless asked for (includeCount). */
  usageCount: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(tagCategoryTypes),
  tagsCount: z.number(),
  /** The category's tags, by name. */
  children: z.array(tagSchema),
});
export type TagCategory = z.infer<typeof tagCategorySchema>;

export const tagNameSchema = nameString().trim().min(1, 'requiredName').max(TAG_LIMITS.nameMax);
export const tagCategoryNameSchema = nameString()
  .trim()
  .min(1, 'requiredName')
  .max(TAG_LIMITS.categoryNameMax);

export const tagListQuerySchema = z.object({
  includeCount: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const tagCategoryBodySchema = z.object({ name: tagCategoryNameSchema });

export const createTagBodySchema = z.object({
  name: tagNameSchema,
  /** Defaults to the brand's General category. */
  categoryId: z.uuid().optional(),
});

export const createTagsBulkBodySchema = z.object({
  names: z.array(tagNameSchema).min(1).max(TAG_LIMITS.bulkNames),
  categoryId: z.uuid().optional(),
});

export const updateTagBodySchema = z.object({
  name: tagNameSchema.optional(),
  categoryId: z.uuid().optional(),
  autoSearchInFiles: z.boolean().optional(),
  description: descriptionString().trim().max(TAG_LIMITS.descriptionMax).nullable().optional(),
});

/**
 * Bulk tag (000 §7): the picked items (entityIds), or with shouldApplyAll every item of
 * parentId in a library; tagIds are added, or taken off with remove. Folders in a selection
 * are skipped: tags belong to files.
 */
export const bulkTagBodySchema = z
  .object({
    entityIds: z.array(entityRefSchema).max(1000).default([]),
    shouldApplyAll: z.boolean().default(false),
    parentId: folderIdSchema.optional(),
    library: z.enum(libraries).default('BRAND'),
    tagIds: z.array(z.uuid()).min(1).max(TAG_LIMITS.bulkTagIds),
    remove: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.shouldApplyAll && body.parentId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['parentId'],
        message: 'parentId is required with shouldApplyAll',
      });
    if (!body.shouldApplyAll && body.entityIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['entityIds'], message: 'Select at least one item' });
  });
export type BulkTagBody = z.input<typeof bulkTagBodySchema>;

export const bulkTagResponseSchema = z.object({
  /** Files the call tagged (empty when a background job does it). */
  updatedEntities: z.array(z.string()),
  count: z.number(),
  isAsync: z.boolean(),
});
