import type { MediaMetadata, uploadingStates } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, brands, users } from './identity.js';

export type UploadingState = (typeof uploadingStates)[number];

/** Object names (under the asset's storage prefix) of the media processing made. */
export interface AssetVariants {
  /** Small webp thumbnail for grids (about 320 px). */
  thumbnail?: string;
  /** Large webp preview (about 1280 px) for the player. */
  preview?: string;
  /** Video poster frame (webp). */
  poster?: string;
  /** 480p h264 MP4 the player streams. */
  short?: string;
  /** AAC audio track of a video. */
  audio?: string;
  /** Waveform image of an audio file. */
  waveform?: string;
}

/**
 * Files and folders in one table (000 §3 Asset; architecture §5). `path` is the chain of
 * ancestor ids and the item's own id ('/a/b/c/'), so breadcrumbs and subtree operations are
 * one query each (prefix match on an index with text_pattern_ops).
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    library: text('library').$type<'BRAND' | 'AD' | 'UGC' | 'AD_ANALYTICS'>().notNull().default('BRAND'),
    type: text('type')
      .$type<'VIDEO' | 'IMAGE' | 'AUDIO' | 'DOCUMENT' | 'ANIMATION' | 'OTHER' | 'FOLDER'>()
      .notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    path: text('path').notNull(),
    depth: integer('depth').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    isBrandKit: boolean('is_brand_kit').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    description: text('description'),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // ── files (uploads issue) ──
    uploadingState: text('uploading_state').$type<UploadingState>(),
    /** Where the bytes live: '{accountId}/{assetId}/'. Copies share it; the sweeper deletes a
     *  prefix only when no asset names it any more. Keys never contain user file names. */
    storagePrefix: text('storage_prefix'),
    contentType: text('content_type'),
    // The upload's lifecycle (multipart id, retries, failure) lives in `uploads` (uploads.ts).
    /** Keys (relative to storagePrefix) of what processing made: thumbnail, preview, poster, short, audio, waveform. */
    variants: jsonb('variants').$type<AssetVariants>(),
    metadata: jsonb('metadata').$type<MediaMetadata>(),
    length: real('length'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The folder-listing indexes (folders first, then name, date or size; partial on visible
    // rows, with INCLUDE so a page is read in index order) live in a custom migration:
    // drizzle-kit cannot express INCLUDE.
    index('assets_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('assets_storage_prefix_idx').on(t.storagePrefix),
    // The sweeper finds abandoned uploads by state and age.
    index('assets_uploading_idx')
      .on(t.uploadingState, t.createdAt)
      .where(sql`${t.uploadingState} in ('UPLOADING', 'UPLOADED_GENERATING_THUMBNAIL')`),
  ],
);

export type AssetRow = typeof assets.$inferSelect;
export type NewAssetRow = typeof assets.$inferInsert;

/** Starred items per user (000 §7 favorites). */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.assetId] }),
    index('favorites_user_brand_idx').on(t.userId, t.brandId, t.createdAt),
  ],
);

/**
 * Storage prefixes (and unfinished multipart uploads) of deleted assets, waiting for the
 * sweeper: the delete is one SQL statement, the bytes go later, and only when no other
 * asset (a copy) still names the prefix.
 */
export const storageGarbage = pgTable('storage_garbage', {
  id: uuid('id').primaryKey(),
  storagePrefix: text('storage_prefix').notNull(),
  /** An unfinished multipart upload to abort: its key and UploadId. */
  uploadKey: text('upload_key'),
  uploadId: text('upload_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
