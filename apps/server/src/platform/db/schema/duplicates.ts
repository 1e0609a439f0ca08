import type { Library } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

/**
 * What a library file looks like to the duplicates check (issue 15 "Beyond"), keyed by its
 * asset id: its bytes' SHA-256 and its pictures' 64-bit dHashes, and which older file it
 * duplicates until someone resolves it. Made when media processing finishes (or by the
 * backfill job for files processed before this existed); creative analytics reuses them.
 */
export const assetFingerprints = pgTable(
  'asset_fingerprints',
  {
    assetId: uuid('asset_id')
      .primaryKey()
      .references(() => assets.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull(),
    library: text('library').$type<Library>().notNull(),
    kind: text('kind').$type<'IMAGE' | 'VIDEO'>().notNull(),
    /** Hex SHA-256 of the original; null when its bytes could not be read. */
    sha256: text('sha256'),
    /** dHashes as 16 hex digits: an image's one, or a video's keyframes at 10, 30, 50, 70 and 90 %. */
    hashes: text('hashes').array().notNull(),
    /** Each picture's 3 × 3 colour grid (RGB as hex), in the order of hashes: dHashes are blind to hue. */
    colours: text('colours').array().notNull(),
    /**
     * The first hash's 8 bytes tagged with their place (place × 256 + byte), GIN-indexed:
     * two hashes within 6 bits share at least two of them, so a lookup reads only those.
     */
    bands: integer('bands').array().notNull(),
    durationMs: integer('duration_ms'),
    /** The older file this one duplicates (null: none found, or resolved). */
    duplicateOf: uuid('duplicate_of').references(() => assets.id, { onDelete: 'set null' }),
    /** Byte for byte the same as duplicateOf. */
    identical: boolean('identical').notNull().default(false),
    /** Someone kept it (KEEP_BOTH, 'Not duplicates'): it is not marked again. */
    resolved: boolean('resolved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_fingerprints_sha_idx').on(t.brandId, t.library, t.sha256),
    index('asset_fingerprints_bands_idx').using('gin', t.bands),
    index('asset_fingerprints_video_idx')
      .on(t.brandId, t.library, t.durationMs)
      .where(sql`${t.kind} = 'VIDEO'`),
    index('asset_fingerprints_duplicate_idx').on(t.brandId, t.duplicateOf),
  ],
);
export type FingerprintRow = typeof assetFingerprints.$inferSelect;
export type NewFingerprintRow = typeof assetFingerprints.$inferInsert;
