import type {
  AnalysisFeature,
  AnalysisStatus,
  CreativeClipType,
  Persona,
  TextEntry,
} from '@hookline/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

/** A transcript as stored: where it came from and its timed lines (ms). */
export interface StoredTranscript {
  /** AI: the transcription server's; LOCAL: pocketsphinx's rough one (AI_LOCAL_TRANSCRIBE). */
  source: 'AI' | 'LOCAL';
  language: string | null;
  /** False when the server answered text without times: one line for the whole file. */
  timed: boolean;
  entries: { startMs: number; endMs: number; text: string }[];
}

/** asset_analyses.notes */
export type AnalysisNotes = Partial<Record<AnalysisFeature, 'AI_TAGS_LIMIT' | 'UNTIMED_TRANSCRIPT'>> & {
  writtenDescription?: string;
};

/**
 * The AI analysis of a library file (issue 15), keyed by its asset id: each feature's status
 * (null where the feature does not apply to the file's type) and what the analysis found that
 * has no home in another module (tags go to the tags module, a description to the item).
 */
export const assetAnalyses = pgTable('asset_analyses', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  tagsStatus: text('tags_status').$type<AnalysisStatus>(),
  descriptionStatus: text('description_status').$type<AnalysisStatus>(),
  personasStatus: text('personas_status').$type<AnalysisStatus>(),
  ocrStatus: text('ocr_status').$type<AnalysisStatus>(),
  transcriptionStatus: text('transcription_status').$type<AnalysisStatus>(),
  breakdownStatus: text('breakdown_status').$type<AnalysisStatus>(),
  personas: jsonb('personas').$type<Persona[]>(),
  textEntries: jsonb('text_entries').$type<TextEntry[]>(),
  /** The file's speech as timed lines (null until transcribed). */
  transcript: jsonb('transcript').$type<StoredTranscript>(),
  /**
   * Why a feature was skipped when its status alone does not say (the plan's AI tag limit);
   * and `writtenDescription`, the description the analysis wrote into the file's empty one
   * (the item is marked 'Written by the AI analysis' while its description is still that text).
   */
  notes: jsonb('notes').$type<AnalysisNotes>(),
  /** Why a feature failed, for operators (logs carry the same); never shown to users. */
  failures: jsonb('failures').$type<Partial<Record<AnalysisFeature, string>>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * AI tag regenerations (POST tags/regenerate-ai), one row per file and request: the plan's
 * aiTagsGenerationsCount counts those of the account in the current UTC month.
 */
export const aiTagGenerations = pgTable(
  'ai_tag_generations',
  {
    // No foreign key: deleting the files does not give the month's regenerations back.
    assetId: uuid('asset_id').notNull(),
    accountId: uuid('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_tag_generations_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * A video's creative clips (issue 15, ai.md §4.2 e): the AI_CLIPS job replaces a file's rows
 * with each breakdown. Times come from the transcript's lines, never from the model.
 */
export const assetClips = pgTable(
  'asset_clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** Its place in the file's breakdown (0 first). */
    position: integer('position').notNull(),
    type: text('type').$type<CreativeClipType>().notNull(),
    subtype: text('subtype'),
    quote: text('quote').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    hook: boolean('hook').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_clips_asset_idx').on(t.assetId, t.position),
    index('asset_clips_type_idx').on(t.type, t.subtype),
  ],
);
