import { z } from 'zod';
import {
  analysisStatuses,
  CREATIVE_CLIP_LIMITS,
  creativeClipTypes,
  personaAgeGroups,
  personaGenders,
  transcriptLanguages,
} from './analysis-constants.js';
import { libraries, ROOT_FOLDER_ID } from './library-constants.js';
import { repeatedQuery as repeated } from './query.js';

/** AI analysis of library files (000 §3 "Asset", "Persona"; issue 15): answer schemas. */

export const analysisStatusSchema = z.enum(analysisStatuses);

/** A person seen in a file; fields no model can tell are null (the local model gives gender and age group). */
export const personaSchema = z.object({
  gender: z.enum(personaGenders).nullable(),
  ageGroup: z.enum(personaAgeGroups).nullable(),
  complexion: z.string().nullable(),
  hairColor: z.string().nullable(),
  hasBeard: z.boolean().nullable(),
  hasMustache: z.boolean().nullable(),
  hasSunglasses: z.boolean().nullable(),
  hasEyeglasses: z.boolean().nullable(),
});
export type Persona = z.infer<typeof personaSchema>;

/** A line of text read in a file; an image's lines are at 0 ms. */
export const textEntrySchema = z.object({ startMs: z.number(), endMs: z.number(), text: z.string() });
export type TextEntry = z.infer<typeof textEntrySchema>;

/** GET assets/{id}/text: the text read in an image or a video's frames (OCR). */
export const assetTextSchema = z.object({
  status: analysisStatusSchema.nullable(),
  message: z.string(),
  entries: z.array(textEntrySchema),
});
export type AssetText = z.infer<typeof assetTextSchema>;

/** Each analysed feature's status and message (POST assets/{id}/analysis/retry answers it). */
export const assetAnalysisSchema = z.object({
  features: z.array(
    z.object({
      feature: z.enum(['tags', 'description', 'personas', 'ocr', 'transcription', 'breakdown']),
      status: analysisStatusSchema.nullable(),
      message: z.string(),
    }),
  ),
});
export type AssetAnalysis = z.infer<typeof assetAnalysisSchema>;

/** A timed transcript entry (000 §3): times in ms. */
export const transcriptEntrySchema = z.object({
  timestamp: z.number(),
  endTimestamp: z.number(),
  content: z.string(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

/** GET assets/{id}/transcript: the speech of a video or audio file. */
export const assetTranscriptSchema = z.object({
  status: analysisStatusSchema.nullable(),
  message: z.string(),
  /**
   * Who transcribed it: 'AI', the configured transcription server; 'LOCAL', this server's rough
   * English transcript (AI_LOCAL_TRANSCRIBE=pocketsphinx). Null without a transcript.
   */
  source: z.enum(['AI', 'LOCAL']).nullable(),
  language: z.enum(transcriptLanguages).nullable(),
  entries: z.array(transcriptEntrySchema),
});
export type AssetTranscript = z.infer<typeof assetTranscriptSchema>;

/**
 * POST tags/regenerate-ai: the picked files' AI tags made again (folders are skipped). The
 * bulk selection of bulk tag and bulk delete (000 §3 "ids with library, or a query, plus
 * totalCount"): entityIds, or with shouldApplyAll every item of parentId in a library, as
 * many as the user confirmed (totalCount; a folder that gained items since is refused).
 */
export const regenerateAiTagsBodySchema = z
  .object({
    // library.ts's entityRefSchema and folderIdSchema, spelled here: library.ts imports this module's persona.
    entityIds: z
      .array(z.object({ id: z.uuid(), library: z.enum(libraries).default('BRAND') }))
      .max(1000)
      .default([]),
    shouldApplyAll: z.boolean().default(false),
    parentId: z.union([z.literal(ROOT_FOLDER_ID), z.uuid()]).optional(),
    library: z.enum(libraries).default('BRAND'),
    totalCount: z.number().int().min(0).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.shouldApplyAll && body.parentId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['parentId'],
        message: 'parentId is required with shouldApplyAll',
      });
    if (body.shouldApplyAll && body.totalCount === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['totalCount'],
        message: 'totalCount is required with shouldApplyAll',
      });
    if (!body.shouldApplyAll && body.entityIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['entityIds'], message: 'Select at least one item' });
  });
export type RegenerateAiTagsBody = z.input<typeof regenerateAiTagsBodySchema>;
export type RegenerateAiTagsSelection = z.output<typeof regenerateAiTagsBodySchema>;
export const regenerateAiTagsResponseSchema = z.object({ count: z.number() });

const clipType = z.enum(creativeClipTypes);

/** A creative clip of a video (000 §3 "Breakdown item"): times in ms, from the transcript's lines. */
export const breakdownItemSchema = z.object({
  id: z.uuid(),
  type: clipType,
  subtype: z.string().nullable(),
  quote: z.string(),
  startTimestampMs: z.number(),
  endTimestampMs: z.number(),
  /** Its place in the file's breakdown (0 first). */
  index: z.number(),
  /** The file's short video from the clip's start to its end (a media fragment), or null while it has none. */
  previewURL: z.string().nullable(),
  /** It opens the ad: it starts within the first 3 s. */
  hook: z.boolean(),
});
export type BreakdownItem = z.infer<typeof breakdownItemSchema>;

/** GET assets/{id}/transcription-breakdown: a video's creative clips, or why it has none. */
export const assetBreakdownSchema = z.object({
  status: analysisStatusSchema.nullable(),
  message: z.string(),
  items: z.array(breakdownItemSchema),
});
export type AssetBreakdown = z.infer<typeof assetBreakdownSchema>;

/** GET video-intelligence-types: each clip type with the brand's subtypes of it (most used first). */
export const videoIntelligenceTypeSchema = z.object({
  type: clipType,
  subtypes: z.array(z.string()),
});
export type VideoIntelligenceType = z.infer<typeof videoIntelligenceTypeSchema>;

/** Scene subtype search: the brand's subtypes of these types matching q, most used first. */
export const clipSubtypesQuerySchema = z.object({
  types: repeated(clipType, creativeClipTypes.length),
  q: z.string().trim().max(CREATIVE_CLIP_LIMITS.subtype).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CREATIVE_CLIP_LIMITS.subtypesFirstPage),
  offset: z.coerce.number().int().min(0).default(0),
});
export const clipSubtypeSchema = z.object({ type: clipType, subtype: z.string(), count: z.number() });
export type ClipSubtype = z.infer<typeof clipSubtypeSchema>;

/** GET creative-clips: the brand's clips of these types and subtypes (all when none is given). */
export const creativeClipsQuerySchema = z.object({
  types: repeated(clipType, creativeClipTypes.length),
  subtypes: repeated(z.string().max(CREATIVE_CLIP_LIMITS.subtype), 50),
  hook: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  limit: z.coerce.number().int().min(1).max(100).default(CREATIVE_CLIP_LIMITS.page),
  offset: z.coerce.number().int().min(0).default(0),
});
export type CreativeClipsQuery = z.input<typeof creativeClipsQuerySchema>;

/** A clip in the brand-wide grid, with the file it is cut from. */
export const creativeClipSchema = breakdownItemSchema.extend({
  asset: z.object({
    id: z.uuid(),
    name: z.string(),
    library: z.enum(libraries),
    parentId: z.string().nullable(),
    /** The file's poster. */
    previewURL: z.string().nullable(),
  }),
});
export type CreativeClip = z.infer<typeof creativeClipSchema>;
