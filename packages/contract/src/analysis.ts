import { z } from 'zod';
import {
  analysisStatuses,
  personaAgeGroups,
  personaGenders,
  transcriptLanguages,
} from './analysis-constants.js';
import { libraries } from './library-constants.js';

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
  /** Who transcribed it ('AI': the configured transcription server); null without a transcript. */
  source: z.enum(['AI']).nullable(),
  language: z.enum(transcriptLanguages).nullable(),
  entries: z.array(transcriptEntrySchema),
});
export type AssetTranscript = z.infer<typeof assetTranscriptSchema>;

/** POST tags/regenerate-ai: the picked files' AI tags made again (folders are skipped). */
export const regenerateAiTagsBodySchema = z.object({
  // library.ts's entityRefSchema, spelled here: library.ts imports this module's persona.
  entityIds: z
    .array(z.object({ id: z.uuid(), library: z.enum(libraries).default('BRAND') }))
    .min(1)
    .max(1000),
});
export type RegenerateAiTagsBody = z.input<typeof regenerateAiTagsBodySchema>;
export const regenerateAiTagsResponseSchema = z.object({ count: z.number() });
