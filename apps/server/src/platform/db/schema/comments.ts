import type { Annotation, Pin } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { boards } from './boards.js';
import { brands, users } from './identity.js';

/**
 * Comments on items (000 §3 "Comment"): threads of a root and its replies, a time range on
 * video and audio, a drawing or a pin. Deleting is soft (restorable by the author for 30
 * days, then purged). Board, video ad, version, session and take ids are kept for the
 * features that come with them.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    start: real('start'),
    end: real('end'),
    annotation: jsonb('annotation').$type<Annotation>(),
    pin: jsonb('pin').$type<Pin>(),
    /** User ids the text mentions ('0': the company editor, the account's admins). */
    mentionUserIds: text('mention_user_ids').array().notNull().default(sql`'{}'::text[]`),
    resolved: boolean('resolved').notNull().default(false),
    /** A comment on a board (with assetId: about one of its items). */
    boardId: uuid('board_id').references(() => boards.id, { onDelete: 'cascade' }),
    videoAdId: uuid('video_ad_id'),
    versionId: uuid('version_id'),
    sessionId: uuid('session_id'),
    takeId: uuid('take_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_asset_idx').on(t.assetId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('comments_parent_idx').on(t.parentId),
    index('comments_board_idx').on(t.boardId).where(sql`${t.boardId} is not null`),
    index('comments_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** One emoji per user per comment and kind. */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: uuid('id').primaryKey(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('comment_reactions_unique_idx').on(t.commentId, t.userId, t.emoji)],
);
