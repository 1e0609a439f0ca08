import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, brands, invitations, users } from './identity.js';

/**
 * Shares (000 §3 "Share", §4, §6): an item of a brand's library (an asset, a folder with
 * its items, later a board) given to a person (COMMENTER or EDITOR; a user, or an
 * invitation until the addressee signs up) or by a public link (VIEWER; to anyone holding
 * it, or to signed-in members of the sharer's brand). Access checks read the shared item's
 * current materialised path, so a share follows a moved item. Removing a share deletes its
 * row (and its link sessions): revocation is immediate.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    library: text('library').notNull(),
    scope: text('scope').$type<'ASSET' | 'FOLDER' | 'BOARD'>().notNull(),
    /** The shared item (an `assets` row for ASSET and FOLDER). */
    resourceId: uuid('resource_id').notNull(),
    kind: text('kind').$type<'PERSON' | 'PUBLIC'>().notNull(),
    role: text('role').$type<'VIEWER' | 'COMMENTER' | 'EDITOR'>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'cascade' }),
    /** The address a person share was sent to. */
    email: text('email'),
    audience: text('audience').$type<'ANYONE' | 'BRAND'>(),
    /** HMAC of the link token (how a token finds its share). */
    tokenHmac: text('token_hmac'),
    /** The link token sealed with a key derived from SIGNING_SECRET (owners copy the link again). */
    tokenSealed: text('token_sealed'),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadsAllowed: boolean('downloads_allowed').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    shareText: text('share_text'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shares_token_idx').on(t.tokenHmac),
    // One live link per item, one share per item and person.
    uniqueIndex('shares_public_idx').on(t.resourceId).where(sql`${t.kind} = 'PUBLIC'`),
    uniqueIndex('shares_person_idx')
      .on(t.resourceId, t.userId)
      .where(sql`${t.kind} = 'PERSON' and ${t.userId} is not null`),
    uniqueIndex('shares_invitation_idx')
      .on(t.resourceId, t.invitationId)
      .where(sql`${t.invitationId} is not null`),
    index('shares_user_idx').on(t.userId, t.createdAt),
    index('shares_brand_idx').on(t.brandId),
  ],
);

/** Sessions of a password-locked link: random tokens stored hashed, 2 hours each. */
export const shareSessions = pgTable(
  'share_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('share_sessions_share_idx').on(t.shareId)],
);

/** When each visitor (a hash of IP and user agent) was last counted on a link. */
export const shareViews = pgTable(
  'share_views',
  {
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.visitorHash] })],
);

/** Share e-mails sent per user and day (200, then 429). */
export const shareMailCounts = pgTable(
  'share_mail_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
