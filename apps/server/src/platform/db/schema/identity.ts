import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An account holds brands and members, and carries the package plan (001 §3 "Plan allocation"). */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  packageName: text('package_name').notNull().default('Unlimited'),
  // Allocation: null means unlimited.
  assetsCount: integer('alloc_assets_count'),
  storageBytes: bigint('alloc_storage_bytes', { mode: 'number' }),
  usersCount: integer('alloc_users_count'),
  aiTagsCount: integer('alloc_ai_tags_count'),
  aiTagsGenerationsCount: integer('alloc_ai_tags_generations_count'),
  analyzedAdsMonthlyCount: integer('alloc_analyzed_ads_monthly_count'),
  adPlatformSyncMonthsCount: integer('alloc_ad_platform_sync_months_count'),
  agentMessagesMonthlyCount: integer('alloc_agent_messages_monthly_count'),
  createdAt: createdAt(),
});

export interface BrandKitColumns {
  colors?: {
    textColor: string;
    backgroundColor: string;
    buttonTextColor: string;
    buttonBackgroundColor: string;
    colors: string[];
  };
  font?: string | null;
  subtitlesFont?: 'BRAND' | 'PLATFORM_NATIVE';
  subtitlesColors?: 'BRAND' | 'PLATFORM_NATIVE';
}

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    industryId: integer('industry_id').references(() => industries.id),
    isFree: boolean('is_free').notNull().default(false),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    vettingMethod: text('vetting_method'),
    logoUrl: text('logo_url'),
    fullLogoUrl: text('full_logo_url'),
    website: text('website'),
    description: text('description'),
    brandKit: jsonb('brand_kit').$type<BrandKitColumns>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('brands_account_idx').on(t.accountId)],
);

/** Value propositions (guidelines of type VALUE_PROPS); integer ids so the web can use negative ones for unsaved rows. */
export const brandGuidelines = pgTable(
  'brand_guidelines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    type: text('type').notNull().default('VALUE_PROPS'),
    createdAt: createdAt(),
  },
  (t) => [index('brand_guidelines_brand_idx').on(t.brandId)],
);

export const industries = pgTable('industries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    isSuperUser: boolean('is_super_user').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // E-mail is unique ignoring case.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const accountMembers = pgTable(
  'account_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'admin' | 'member'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('account_members_user_idx').on(t.userId)],
);

/**
 * Brands a member is limited to. No rows: every brand of the account (the default for
 * admins and for members invited to the whole account).
 */
export const memberBrands = pgTable(
  'member_brands',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);

/** Opaque bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use e-mail tokens (verification 24 h, password reset 1 h), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify_email' | 'reset_password'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Invitations into an account. The id is what `inviteId` carries (random, unguessable);
 * team invitations also carry a token for the /invitation link (stored hashed).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    /** TEAM joins the account; SHARE only opens items shared with the address (sign-up makes a workspace of one's own). */
    kind: text('kind').$type<'TEAM' | 'SHARE'>().notNull().default('TEAM'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_account_idx').on(t.accountId), index('invitations_email_idx').on(t.email)],
);

/** Fixed-window counters shared by every API process (login, sign-up, … rate limits). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
