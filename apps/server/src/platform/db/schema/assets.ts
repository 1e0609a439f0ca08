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
    uploadingState: text('uploading_state'),
    previewUrl: text('preview_url'),
    url: text('url'),
    transcodingUrls: jsonb('transcoding_urls'),
    length: real('length'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The folder-listing indexes (folders first, then name, date or size; partial on visible
    // rows, with INCLUDE so a page is read in index order) live in a custom migration:
    // drizzle-kit cannot express INCLUDE.
    index('assets_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
  ],
);

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
