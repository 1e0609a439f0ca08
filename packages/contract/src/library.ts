import { z } from 'zod';
import { personaSchema } from './analysis.js';
import { analysisStatuses } from './analysis-constants.js';
import { customFieldValueSchema, customFieldValuesSchema } from './custom-fields.js';
import { dateTime } from './dates.js';
import {
  assetSortFields,
  assetTypes,
  FOLDER_BATCH_MAX,
  libraries,
  ROOT_FOLDER_ID,
  uploadingStates,
} from './library-constants.js';
import { FILE_NAME_MAX_LENGTH, PAGE_SIZE, TEXT_LIMITS } from './limits.js';
import { assetTagSources, TAG_LIMITS } from './tag-constants.js';
import { descriptionString, nameString } from './text.js';

/** Library contract (000 §3 Asset, §7 "Assets and folders" and "Library"). */

export const userRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** What probing found (ffprobe, sharp): the info tab lists it. */
export const mediaMetadataSchema = z.object({
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.number().optional(),
  videoCodec: z.string().optional(),
  audioCodec: z.string().optional(),
  frameRate: z.number().optional(),
  bitRate: z.number().optional(),
  format: z.string().optional(),
  pages: z.number().optional(),
});
export type MediaMetadata = z.infer<typeof mediaMetadataSchema>;

/** What the asset field `duplicateOf` says: the older file it matches (duplicates at upload, issue 15). */
export const duplicateOfSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Byte for byte the same file (equal SHA-256), not only alike. */
  identical: z.boolean(),
});
export type DuplicateOf = z.infer<typeof duplicateOfSchema>;

export const assetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(assetTypes),
    size: z.number(),
    createdAt: dateTime,
    creator: userRefSchema.nullable(),
    owner: userRefSchema.nullable(),
    library: z.enum(libraries),
    /** null for items at the root. */
    parentId: z.string().nullable(),
    brandId: z.string(),
    accountId: z.string(),
    isSystem: z.boolean(),
    isBrandKit: z.boolean(),
    isFavorite: z.boolean(),
    isShared: z.boolean(),
    isHidden: z.boolean(),
    previewURL: z.string().nullable(),
    url: z.string().nullable(),
    transcodingUrls: z.record(z.string(), z.string()).nullable(),
    length: z.number().nullable(),
    childCount: z.number(),
    commentsCount: z.number(),
    /**
     * The item's tags by name; `source` is there only on tags the AI analysis or a tag's
     * auto-search put on it (absent: a person did).
     */
    tags: z.array(z.object({ id: z.string(), name: z.string(), source: z.enum(assetTagSources).optional() })),
    /** Custom field values by field id (fields without a value are left out). */
    customFields: z.record(z.string(), customFieldValueSchema),
    description: z.string().nullable(),
    /** The AI analysis (issue 15): the least finished of tags, description and read text; null when not analysed. */
    mediaAnalysisStatus: z.enum(analysisStatuses).nullable(),
    personasStatus: z.enum(analysisStatuses).nullable(),
    transcriptionBreakdownStatus: z.enum(analysisStatuses).nullable(),
    /** The people the analysis saw; null until personasStatus is COMPLETED. */
    personas: z.array(personaSchema).nullable(),
    /** The description is the one the AI analysis wrote (no person has changed it since). */
    isAiDescription: z.boolean(),
    /** The older file this one matches (duplicates at upload); null when none or resolved. */
    duplicateOf: duplicateOfSchema.nullable(),
    uploadingState: z.enum(uploadingStates).nullable(),
    /** A failed upload may be tried again (retryCount under 3 and canRetry). */
    canRetry: z.boolean(),
    retryCount: z.number(),
    /** Why an upload failed or was refused, safe to show. */
    failureReason: z.string().nullable(),
    contentType: z.string().nullable(),
    metadata: mediaMetadataSchema.nullable(),
    /** Items shared with the caller (library/shared): who shared them and when. */
    sharedByUser: userRefSchema.nullable().optional(),
    sharedAt: dateTime.nullable().optional(),
  })
  // Named, so the API document refers to it rather than repeating it in every answer (a
  // document of 130 routes with it inline was too large for Swagger UI to render).
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof assetSchema>;

export const breadcrumbSchema = z.object({ id: z.string(), name: z.string(), isSystem: z.boolean() });
/** GET library/{library}/{id}: the item with its ancestors, root first. */
export const assetDetailSchema = assetSchema.extend({ ancestors: z.array(breadcrumbSchema) });
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** A folder as the tree shows it, without its own subfolders listed. */
export const folderTreeChildSchema = z.object({
  id: z.string(),
  type: z.literal('FOLDER'),
  name: z.string(),
  parentId: z.string().nullable(),
  isSystem: z.boolean(),
  /** Whether it has subfolders of its own (the tree shows an expander). */
  hasSubfolders: z.boolean(),
});
export type FolderTreeChild = z.infer<typeof folderTreeChildSchema>;

/**
 * A folder tree node (000 §3: id, type, name, parentId, isSystem, subfolders): `subfolders`
 * lists its direct subfolders (one level down; expanding one asks for its own).
 */
export const folderTreeNodeSchema = folderTreeChildSchema.extend({
  subfolders: z.array(folderTreeChildSchema),
});
export type FolderTreeNode = z.infer<typeof folderTreeNodeSchema>;

export const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const folderIdSchema = z.union([z.literal(ROOT_FOLDER_ID), z.uuid()]);

export const assetListQuerySchema = z.object({
  parentId: folderIdSchema.default(ROOT_FOLDER_ID),
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE.assets),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(assetSortFields).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  includeShared: booleanQuery,
  library: z.enum(libraries).default('BRAND'),
  /** A board's content instead of a folder's (its items of every library; parentId is ignored). */
  boardId: z.uuid().optional(),
});

export const favoritesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE.favorites),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['createdAt', 'name']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  includeCommentsCount: booleanQuery,
});

export const folderTreeQuerySchema = z.object({
  folderId: folderIdSchema.default(ROOT_FOLDER_ID),
  includeShared: booleanQuery,
});

export const assetNameSchema = nameString()
  .trim()
  .min(1, 'requiredName')
  .max(FILE_NAME_MAX_LENGTH)
  .refine((name) => !/[\\/]/.test(name), 'A name cannot contain / or \\');

/** 000 §3 "Folder create payload": name, parentId, brandId, type (the library), isBrandKit. */
export const createFolderBodySchema = z.object({
  name: assetNameSchema,
  parentId: folderIdSchema.optional(),
  brandId: z.uuid().optional(),
  type: z.enum(libraries).optional(),
  isBrandKit: z.boolean().optional(),
});

/** Folder uploads: a tree of up to 100 folders, parents referenced by the client's keys. */
export const createFolderBatchBodySchema = z.object({
  parentId: folderIdSchema.default(ROOT_FOLDER_ID),
  folders: z
    .array(
      z.object({
        key: z.string().min(1).max(512),
        name: assetNameSchema,
        /** A folder made earlier in this call. */
        parentKey: z.string().max(512).optional(),
        /** An existing folder (one made by an earlier call of a large folder upload). */
        parentId: folderIdSchema.optional(),
      }),
    )
    .min(1)
    .max(FOLDER_BATCH_MAX),
});
export const createFolderBatchResponseSchema = z.object({
  folders: z.array(z.object({ key: z.string(), id: z.string() })),
});

export const updateAssetBodySchema = z.object({
  name: assetNameSchema.optional(),
  parentId: folderIdSchema.optional(),
  description: descriptionString().max(TEXT_LIMITS.assetDescription).nullable().optional(),
  /** The item's whole set of tags (ids of the brand's tags): the player's tag selector. */
  tags: z.array(z.uuid()).max(TAG_LIMITS.bulkTagIds).optional(),
  /** Custom field values to set (null clears one); fields not named keep theirs. */
  customFields: customFieldValuesSchema.optional(),
});

export const updateDescriptionBodySchema = z.object({
  description: descriptionString().max(TEXT_LIMITS.assetDescription).nullable(),
});

export const entityRefSchema = z.object({ id: z.uuid(), library: z.enum(libraries).default('BRAND') });
/**
 * Bulk delete (000 §3 "Bulk selection: ids with library, or a query, plus totalCount"): the
 * picked items, or with shouldApplyAll every child of parentId; totalCount is how many the
 * user confirmed, so a folder that gained items since is refused rather than emptied of them.
 */
export const deleteEntitiesBodySchema = z
  .object({
    entities: z.array(entityRefSchema).max(1000).default([]),
    shouldApplyAll: z.boolean().default(false),
    parentId: folderIdSchema.optional(),
    totalCount: z.number().int().min(0).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.shouldApplyAll && body.parentId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['parentId'],
        message: 'parentId is required with shouldApplyAll',
      });
    if (!body.shouldApplyAll && body.entities.length === 0)
      ctx.addIssue({ code: 'custom', path: ['entities'], message: 'Select at least one item' });
  });
export const deleteIdsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });
export const deleteResponseSchema = z.object({
  count: z.number(),
  deletedEntities: z.array(z.string()),
  /** More than ASYNC_LIBRARY_OPERATION_THRESHOLD items: the delete finishes in a background job. */
  isAsync: z.boolean().optional(),
});
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;

export const bulkUpdateBodySchema = z.object({
  entities: z.array(entityRefSchema).min(1).max(1000),
  updateQuery: z.object({
    isHidden: z.boolean().optional(),
    /** Tags added to each item (files; folders are skipped). */
    tags: z.array(z.uuid()).max(TAG_LIMITS.bulkTagIds).optional(),
    /** Custom field values set on each item (null clears). */
    customFields: customFieldValuesSchema.optional(),
    /** Adds the items to a board as references (no folder may be among them). */
    boardId: z.uuid().optional(),
  }),
});
export const bulkUpdateResponseSchema = z.object({ updatedEntities: z.array(z.string()) });

/** Move and copy: the items (assetIds, or every child of parentId with shouldApplyAll) and the destination. */
export const moveCopyQuerySchema = z.object({
  parentId: folderIdSchema.optional(),
  assetIds: z
    .union([z.uuid(), z.array(z.uuid())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  shouldApplyAll: booleanQuery,
});
export const copyBodySchema = z.object({ folderId: folderIdSchema });
export const moveBodySchema = z.object({ parentId: folderIdSchema });
export const bulkMoveCopyBodySchema = z.object({
  destFolderId: folderIdSchema,
  parentId: folderIdSchema.optional(),
  assetIds: z.array(z.uuid()).max(1000).optional(),
  shouldApplyAll: z.boolean().default(false),
});
/** What a client sends (shouldApplyAll may be left out). */
export type BulkMoveCopyBody = z.input<typeof bulkMoveCopyBodySchema>;
export const moveCopyResponseSchema = z.object({
  assets: z.array(assetSchema),
  count: z.number(),
  isAsync: z.boolean(),
});
export type MoveCopyResponse = z.infer<typeof moveCopyResponseSchema>;
