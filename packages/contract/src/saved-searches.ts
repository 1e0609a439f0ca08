import { z } from 'zod';
import { dateTime } from './dates.js';
import { userRefSchema } from './library.js';
import { SEARCH_LIMITS, searchSorts } from './search-constants.js';

/**
 * Saved searches (issue 16 "Beyond the seeds"): a keyword, filter items and a sort under a
 * name, private to their owner or shared with the brand (read-only to the others).
 */

export const SAVED_SEARCH_LIMITS = {
  name: 60,
  /** Saved searches one user keeps in one brand. */
  perUser: 50,
  /** Filter items in one search. */
  filters: 30,
} as const;

export const savedSearchMessages = {
  nameRequired: 'Give the search a name',
  nameTooLong: `A name has at most ${SAVED_SEARCH_LIMITS.name} characters`,
  tooMany: `You can keep up to ${SAVED_SEARCH_LIMITS.perUser} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  ownerOrAdmin: 'Only its owner or an admin can change a shared search',
} as const;

/** A chosen value of a filter item: an id and what its chip shows. */
export const searchFilterChoiceSchema = z.object({
  id: z.string().max(300),
  name: z.string().max(300),
});
export type SearchFilterChoice = z.infer<typeof searchFilterChoiceSchema>;

/**
 * A filter item (001 §3): {id, name, operator, children, parentId, params}. `id` is the
 * filter's kind ('tags', 'boards', 'folder'…), for a custom field 'field:{fieldId}'.
 */
export const searchFilterItemSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(300),
  operator: z.string().max(40).optional(),
  children: z.array(searchFilterChoiceSchema).max(SEARCH_LIMITS.values).optional(),
  parentId: z.string().max(100).optional(),
  params: z
    .object({
      from: z.string().max(40).optional(),
      to: z.string().max(40).optional(),
      value: z.string().max(300).optional(),
      includeSubFolders: z.boolean().optional(),
      /** A custom field's type (its operators and value input follow it). */
      fieldType: z.string().max(40).optional(),
    })
    .optional(),
});
export type SearchFilterItem = z.infer<typeof searchFilterItemSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(SAVED_SEARCH_LIMITS.name, savedSearchMessages.nameTooLong);

export const savedSearchBodySchema = z.object({
  name: nameSchema,
  keyword: z.string().trim().max(SEARCH_LIMITS.keyword).default(''),
  filters: z.array(searchFilterItemSchema).max(SAVED_SEARCH_LIMITS.filters).default([]),
  sort: z.enum(searchSorts).default('relevance'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Shared with the brand's members (read-only to all but its owner and admins). */
  shared: z.boolean().default(false),
});
export type SavedSearchBody = z.input<typeof savedSearchBodySchema>;

export const savedSearchUpdateSchema = z
  .object({
    name: nameSchema,
    keyword: z.string().trim().max(SEARCH_LIMITS.keyword),
    filters: z.array(searchFilterItemSchema).max(SAVED_SEARCH_LIMITS.filters),
    sort: z.enum(searchSorts),
    order: z.enum(['asc', 'desc']),
    shared: z.boolean(),
  })
  .partial();
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  keyword: z.string(),
  /** The filter items whose tags, boards and folders still exist (gone choices are left out). */
  filters: z.array(searchFilterItemSchema),
  sort: z.enum(searchSorts),
  order: z.enum(['asc', 'desc']),
  shared: z.boolean(),
  createdBy: userRefSchema.nullable(),
  /** The caller may change or delete it (its owner; for a shared one, also admins). */
  canEdit: z.boolean(),
  /** Names of filter choices left out because their tag, board or folder is gone. */
  droppedFilters: z.array(z.string()),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
