import { z } from 'zod';
import { customFieldValuesSchema } from './custom-fields.js';
import { assetSchema, folderIdSchema } from './library.js';
import { assetTypes, libraries } from './library-constants.js';
import { FILE_NAME_MAX_LENGTH, GIF_FRAME_RATES } from './limits.js';
import { smallUploadPurposes, zipStatuses } from './upload-rules.js';

/** Upload, download and media-job schemas (000 §7); the checks both sides run are in upload-rules.ts. */

export const createUploadItemSchema = z.object({
  name: z.string().min(1).max(1024),
  size: z.number().int().min(0),
  type: z.enum(assetTypes).optional(),
  brandId: z.uuid().optional(),
  parentId: folderIdSchema.default('root'),
  contentType: z.string().max(255).optional(),
  library: z.enum(libraries).default('BRAND'),
  /** The client's own id for the file, echoed back so it can match answers to files. */
  clientId: z.string().max(200).optional(),
});
export const createUploadsBodySchema = z.object({
  assets: z.array(createUploadItemSchema).min(1).max(100),
  /**
   * Custom field values for every file of the batch: fields required on upload must have one
   * (400 'Missing required fields: …'); folders are exempt.
   */
  customFields: customFieldValuesSchema.optional(),
  /** Uploads into a board: the files land in its folder and on the board (parentId is ignored). */
  boardId: z.uuid().optional(),
});
export type CreateUploadItem = z.infer<typeof createUploadItemSchema>;

/** Where and how the client sends the bytes. */
export const uploadTargetSchema = z.object({
  /** Single PUT (files up to one part). */
  presignedURL: z.string().optional(),
  /** Multipart: one URL per part, in order; then complete-upload with the parts' ETags. */
  uploadId: z.string().optional(),
  presignedUrls: z.array(z.string()).optional(),
  partSize: z.number().optional(),
  /** Headers to send with every PUT (Content-Type, Cache-Control, Content-Disposition). */
  uploadHeaders: z.record(z.string(), z.string()),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const uploadAssetSchema = assetSchema
  .extend({ clientId: z.string().nullable() })
  .extend(uploadTargetSchema.partial({ uploadHeaders: true }).shape);
export type UploadAsset = z.infer<typeof uploadAssetSchema>;

export const skippedUploadSchema = z.object({
  clientId: z.string().nullable(),
  name: z.string(),
  reason: z.enum(['unsupported', 'tooLarge', 'nameTooLong', 'dotFile', 'invalidName']),
  message: z.string(),
});
export const createUploadsResponseSchema = z.object({
  assets: z.array(uploadAssetSchema),
  skipped: z.array(skippedUploadSchema),
});
export type CreateUploadsResponse = z.infer<typeof createUploadsResponseSchema>;

export const completeUploadBodySchema = z.object({
  uploadId: z.string().optional(),
  parts: z
    .array(z.object({ eTag: z.string().min(1).max(200), partNumber: z.number().int().min(1).max(10_000) }))
    .max(10_000)
    .optional(),
});

/** Upload state update: the client reports a failure, or asks to retry (new URLs come back). */
export const uploadStateBodySchema = z.object({
  uploadingState: z.enum(['FAILED_TO_UPLOAD', 'UPLOADING']),
  reason: z.string().max(500).optional(),
});

/** POST /upload/url: small single uploads (brand logo, profile image) under 2 MB. */
export const smallUploadBodySchema = z.object({
  fileName: z.string().min(1).max(FILE_NAME_MAX_LENGTH),
  contentType: z.string().max(255),
  size: z.number().int().min(1),
  purpose: z.enum(smallUploadPurposes).default('brandLogo'),
});
export const smallUploadResponseSchema = z.object({
  /** PUT the bytes here with uploadHeaders. */
  presignedURL: z.string(),
  uploadHeaders: z.record(z.string(), z.string()),
  /** Where the file can be read once uploaded (stable, for logos and avatars). */
  url: z.string(),
});

// ── downloads ────────────────────────────────────────────────────────────

export const downloadStreamBodySchema = z.object({
  id: z.uuid(),
  library: z.enum(libraries).default('BRAND'),
  /** Optional name for the saved file; sanitised like every download name. */
  filename: z.string().max(FILE_NAME_MAX_LENGTH).optional(),
});
export const downloadStreamResponseSchema = z.object({ href: z.string() });

export const zipJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(zipStatuses),
  /** The download URL once status is success. */
  result: z.string().nullable(),
  /** Why the zip failed, when it did. */
  error: z.string().nullable().optional(),
});
export type ZipJob = z.infer<typeof zipJobSchema>;
export const zipRequestBodySchema = z.object({
  entities: z
    .array(z.object({ id: z.uuid(), library: z.enum(libraries).default('BRAND') }))
    .min(1)
    .max(1000),
  name: z.string().max(FILE_NAME_MAX_LENGTH).optional(),
});

export const gifRequestBodySchema = z.object({
  id: z.uuid(),
  framesPerSec: z.enum(GIF_FRAME_RATES.map(String) as [string, ...string[]]).default('12'),
  /** Milliseconds from the start of the video. */
  timeStart: z.number().int().min(0),
  timeEnd: z.number().int().min(1),
  isLoop: z.boolean().default(true),
});
export const gifResponseSchema = z.object({ data: z.object({ url: z.string() }) });

/** DOWNLOAD_CLIP and SAVE_CLIP_AS_ASSET customParams (000 §7 "Jobs"). */
export const clipJobParamsSchema = z.object({
  assetId: z.uuid(),
  startOffsetMs: z.number().int().min(0),
  endOffsetMs: z.number().int().min(1),
  clipSubType: z.string().max(100).optional(),
  targetFolderId: folderIdSchema.optional(),
});
export type ClipJobParams = z.infer<typeof clipJobParamsSchema>;
