import type {
  IntegrationIssueCode,
  IntegrationLevel,
  IntegrationVendor,
  MetaPage,
  PublishStatus,
} from '@hookline/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { adAccounts } from './ad-performance.js';
import { assets } from './assets.js';
import { accounts, brands, users } from './identity.js';

/**
 * Integrations (001 §3): a brand's Meta connection (ACCOUNT level, one per brand) and each
 * user's own Drive and Dropbox connections (USER level). The access token is sealed
 * (AES-256-GCM, a key derived from SIGNING_SECRET) and never leaves the server.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vendor: text('vendor').$type<IntegrationVendor>().notNull(),
    level: text('level').$type<IntegrationLevel>().notNull(),
    /** The user a USER-level integration belongs to (null for ACCOUNT level). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The demo workspace's connection: no token, a DEMO ad account. */
    isDemo: boolean('is_demo').notNull().default(false),
    sealedToken: text('sealed_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** The platform's user id and name (`/me`). */
    externalUserId: text('external_user_id'),
    externalUserName: text('external_user_name'),
    pages: jsonb('pages').$type<MetaPage[]>().notNull().default(sql`'[]'::jsonb`),
    /** The default ad account for publishing (`act_…`). */
    defaultAdAccountId: text('default_ad_account_id'),
    syncStartAt: timestamp('sync_start_at', { withTimezone: true }),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    /** Disconnected (tokens dropped, syncing stopped); history stays with the ad accounts. */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integrations_account_level_idx')
      .on(t.brandId, t.vendor)
      .where(sql`${t.level} = 'ACCOUNT' and ${t.disconnectedAt} is null`),
    uniqueIndex('integrations_user_level_idx')
      .on(t.brandId, t.vendor, t.userId)
      .where(sql`${t.level} = 'USER' and ${t.disconnectedAt} is null`),
  ],
);

/** An open problem with a connection (001 §8 Meta issue codes); a later good run resolves it. */
export const integrationIssues = pgTable(
  'integration_issues',
  {
    id: uuid('id').primaryKey(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    code: text('code').$type<IntegrationIssueCode>().notNull(),
    /** The Page or Instagram actor, or the ad account, it is about ('' when none). */
    actorId: text('actor_id').notNull().default(''),
    /** What Meta said, for support (never a token). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_issues_open_idx')
      .on(t.integrationId, t.code, t.actorId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** An authorization in flight: the state a dialog carries, used once within 10 minutes. */
export const integrationOauthStates = pgTable('integration_oauth_states', {
  /** The state's nonce, hashed. */
  nonceHash: text('nonce_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  vendor: text('vendor').$type<IntegrationVendor>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Each ad account's sync: where the backfill stands, the last and next runs. */
export const adAccountSyncs = pgTable('ad_account_syncs', {
  adAccountId: uuid('ad_account_id')
    .primaryKey()
    .references(() => adAccounts.id, { onDelete: 'cascade' }),
  state: text('state').$type<'IDLE' | 'QUEUED' | 'RUNNING' | 'FAILED'>().notNull().default('IDLE'),
  /** The earliest day the synced data covers, and the first day not yet backfilled. */
  syncedFrom: date('synced_from', { mode: 'string' }),
  backfillCursor: date('backfill_cursor', { mode: 'string' }),
  /** Ads updated since this moment are re-read on the next run. */
  adsUpdatedSince: timestamp('ads_updated_since', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  rowsSynced: integer('rows_synced').notNull().default(0),
  progress: integer('progress'),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A library video uploaded to an ad account, and its state there (001 §3 publish statuses). */
export const assetAdPlatformVideos = pgTable(
  'asset_ad_platform_videos',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<'FACEBOOK'>().notNull().default('FACEBOOK'),
    videoId: text('video_id'),
    status: text('status').$type<PublishStatus>().notNull(),
    error: text('error'),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.adAccountId] }),
    index('asset_ad_platform_videos_video_idx').on(t.videoId),
  ],
);
