import { z } from 'zod';
import { creativeClipTypes } from './analysis-constants.js';
import { assetSchema } from './library.js';
import { assetTypes, libraries } from './library-constants.js';
import { PAGE_SIZE } from './limits.js';
import { repeatedQuery } from './query.js';
import {
  aspectRatios,
  marketingPlatforms,
  matchSources,
  metadataFields,
  metadataOperators,
  SEARCH_LIMITS,
  searchLanguages,
  searchOptionEntities,
  searchSorts,
  textFilterOperators,
} from './search-constants.js';

/** Search calls (issue 16; 000 §7 "Search", 001 §7 search-options). */

const booleanDefault = (value: boolean) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? value : v === 'true'));

const dateQuery = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date')
  .transform((v) => new Date(v));

/** `length:gt:10`: a media field, an operator and a number. */
export const metadataFilterSchema = z.string().transform((value, ctx) => {
  const [field, operator, raw = ''] = value.split(':');
  const number = Number(raw);
  if (!metadataFields.includes(field as never)) {
    ctx.addIssue({ code: 'custom', message: `Unknown field ${field ?? ''} (length, width or height)` });
    return z.NEVER;
  }
  if (!metadataOperators.includes(operator as never)) {
    ctx.addIssue({ code: 'custom', message: `Unknown operator ${operator ?? ''} (gt, gte, lt, lte or eq)` });
    return z.NEVER;
  }
  if (raw.trim() === '' || !Number.isFinite(number)) {
    ctx.addIssue({ code: 'custom', message: `${raw} is not a number` });
    return z.NEVER;
  }
  return {
    field: field as (typeof metadataFields)[number],
    operator: operator as (typeof metadataOperators)[number],
    value: number,
  };
});
export type MetadataFilter = z.output<typeof metadataFilterSchema>;

const customFieldOperators = [...textFilterOperators, ...metadataOperators] as const;
/** `fieldId:operator:value` (the value may hold colons); the field's type decides what fits. */
export const customFieldFilterSchema = z.string().transform((value, ctx) => {
  const [fieldId = '', operator = '', ...rest] = value.split(':');
  if (!z.uuid().safeParse(fieldId).success) {
    ctx.addIssue({ code: 'custom', message: `${fieldId} is not a custom field id` });
    return z.NEVER;
  }
  if (!customFieldOperators.includes(operator as never)) {
    ctx.addIssue({
      code: 'custom',
      message: `Unknown operator ${operator} (CONTAINS, NOT_CONTAINS, EQUALS, gt, gte, lt, lte or eq)`,
    });
    return z.NEVER;
  }
  return {
    fieldId,
    operator: operator as (typeof customFieldOperators)[number],
    value: rest.join(':'),
  };
});
export type CustomFieldFilter = z.output<typeof customFieldFilterSchema>;

const many = <T extends z.ZodType<string, string>>(item: T) => repeatedQuery(item, SEARCH_LIMITS.values);

export const searchQuerySchema = z.object({
  keyword: z.string().trim().max(SEARCH_LIMITS.keyword).optional(),
  sort: z.enum(searchSorts).default('relevance'),
  order: z.enum(['asc', 'desc']).default('desc'),
  quality: z.enum(['eco']).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPage).default(PAGE_SIZE.search),
  offset: z.coerce.number().int().min(0).default(0),
  folderId: z.uuid().optional(),
  includeSubFolders: booleanDefault(true),
  includeCommentsCount: booleanDefault(false),
  includeShared: booleanDefault(false),
  library: repeatedQuery(z.enum(libraries), libraries.length).transform((v) =>
    v.length === 0 ? (['BRAND'] as (typeof libraries)[number][]) : v,
  ),
  boards: many(z.uuid()),
  transcriptionBreakdownTypes: repeatedQuery(z.enum(creativeClipTypes), creativeClipTypes.length),
  transcriptionBreakdownSubtypes: many(z.string().max(200)),
  types: repeatedQuery(z.enum(assetTypes), assetTypes.length),
  tagIds: many(z.uuid()),
  createdFrom: dateQuery.optional(),
  createdTo: dateQuery.optional(),
  metadata: repeatedQuery(z.string(), 10).pipe(z.array(metadataFilterSchema)),
  aspectRatios: repeatedQuery(z.enum(aspectRatios), aspectRatios.length),
  languages: repeatedQuery(z.enum(searchLanguages), searchLanguages.length),
  platforms: repeatedQuery(z.enum(marketingPlatforms), marketingPlatforms.length),
  customFields: repeatedQuery(z.string(), 20).pipe(z.array(customFieldFilterSchema)),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;
export type SearchParams = z.output<typeof searchQuerySchema>;

/** Where a keyword matched: the text around it, the matched words' places in it, and its time. */
export const searchMatchSchema = z.object({
  source: z.enum(matchSources),
  snippet: z.string(),
  /** [start, end) character offsets of matched words in `snippet`. */
  highlights: z.array(z.tuple([z.number(), z.number()])),
  /** Where in the video or audio (transcript lines, text read on screen); null elsewhere. */
  timestampMs: z.number().nullable(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const searchResultSchema = assetSchema.extend({
  matches: z.array(searchMatchSchema),
  /** Relevance 0–1, for super users only. */
  score: z.number().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchOptionsQuerySchema = z.object({
  entity: z.enum(searchOptionEntities),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPage).default(PAGE_SIZE.searchOptions),
  offset: z.coerce.number().int().min(0).default(0),
  /** CUSTOM_FIELD_VALUE: the field whose values are listed. */
  fieldId: z.uuid().optional(),
  /** FOLDER: the libraries looked in (default BRAND). */
  library: repeatedQuery(z.enum(libraries), libraries.length),
});
export type SearchOptionsQuery = z.input<typeof searchOptionsQuerySchema>;

export const searchOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  entity: z.enum(searchOptionEntities),
  /** A tag's category, a folder's path, a value's field (creative info: its field's key), a subtype's clip type. */
  detail: z.string().nullable(),
});
export type SearchOption = z.infer<typeof searchOptionSchema>;

export const libraryOptionsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  library: repeatedQuery(z.enum(libraries), libraries.length),
  types: repeatedQuery(z.enum(assetTypes), assetTypes.length),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPage).default(PAGE_SIZE.searchOptions),
  offset: z.coerce.number().int().min(0).default(0),
});
export type LibraryOptionsQuery = z.input<typeof libraryOptionsQuerySchema>;

/** How a similar item was found: image or text embeddings, or its look (perceptual hashes). */
export const similarMethods = ['EMBEDDING', 'LAYOUT'] as const;
export type SimilarMethod = (typeof similarMethods)[number];

/** More like this (issue 16 "Beyond the seeds"): the brand's items most like one item. */
export const similarQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPage).default(PAGE_SIZE.search),
  offset: z.coerce.number().int().min(0).default(0),
});
export type SimilarQuery = z.input<typeof similarQuerySchema>;

export const similarResultSchema = assetSchema.extend({
  /** Likeness 0–1 (1: the same picture). */
  score: z.number(),
  method: z.enum(similarMethods),
});
export type SimilarResult = z.infer<typeof similarResultSchema>;
