import type { AnalysisFeature, AnalysisStatus, Persona, TextEntry } from '@hookline/contract';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

/** A transcript as stored: where it came from and its timed lines (ms). */
export interface StoredTranscript {
  source: 'AI';
  language: string | null;
  /** False when the server answered text without times: one line for the whole file. */
  timed: boolean;
  entries: { startMs: number; endMs: number; text: string }[];
}

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
  /** Why a feature was skipped when its status alone does not say (the plan's AI tag limit). */
  notes: jsonb('notes').$type<Partial<Record<AnalysisFeature, 'AI_TAGS_LIMIT'>>>(),
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
