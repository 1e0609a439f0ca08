import type { BoardStatus, RichText } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { accounts, brands, users } from './identity.js';
import { tags } from './tags.js';

/**
 * Boards (000 §3 "Board"): a collection of a brand's items with a status, a description
 * (plain, and the rich editor's document), tags and a backing system folder `Boards/{name}`
 * where files uploaded to the board land. Review mode's options live on the board.
 */
export const boards = pgTable(
  'boards',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    lexicalDescription: jsonb('lexical_description').$type<RichText>(),
    status: text('status').$type<BoardStatus>().notNull().default('DRAFT'),
    /** The backing folder (the library refuses renaming, moving or deleting it). */
    folderId: uuid('folder_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    reviewMode: boolean('review_mode').notNull().default(false),
    reviewerIds: uuid('reviewer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    autoStatus: boolean('auto_status').notNull().default(false),
    /** The last status change: by whom (null: the review, automatically) and when. */
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusAutomatic: boolean('status_automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('boards_brand_name_idx').on(t.brandId, sql`lower(${t.name})`),
    index('boards_folder_idx').on(t.folderId),
  ],
);

export const boardTags = pgTable(
  'board_tags',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.tagId] }), index('board_tags_tag_idx').on(t.tagId)],
);

/**
 * What is on a board: files uploaded into its folder (UPLOAD) and library items added to it
 * (REFERENCE, never copies). Removing one drops the row only. `reviewFrom` is when the item
 * last came on the board or changed: review decisions before it no longer count.
 */
export const boardItems = pgTable(
  'board_items',
  {
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    origin: text('origin').$type<'UPLOAD' | 'REFERENCE'>().notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    reviewFrom: timestamp('review_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.assetId] }), index('board_items_asset_idx').on(t.assetId)],
);

/** Review mode: each reviewer's decisions on a board's assets (the latest since `reviewFrom` counts). */
export const boardReviews = pgTable(
  'board_reviews',
  {
    id: uuid('id').primaryKey(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'APPROVED' | 'NEEDS_CHANGES'>().notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_reviews_board_idx').on(t.boardId, t.assetId, t.createdAt)],
);
