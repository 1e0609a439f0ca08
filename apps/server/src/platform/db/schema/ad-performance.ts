import type { AdFileType, AdSource, NamingField, NamingValues } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { accounts, brands } from './identity.js';

/**
 * Ad performance (the Meta integration issue): platform-neutral tables the Meta sync, the
 * Ads Manager export import and the demo write through one store's upserts, and creative
 * analytics reads. Rows carry the platform's ids (`external_id`) so writing the same data
 * again updates in place. Money is numeric (sums stay exact); counts are integers.
 */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** `act_…` for Meta; `import:…` for exports without ids. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('USD'),
    timezone: text('timezone').notNull().default('UTC'),
    accountStatus: integer('account_status'),
    disableReason: integer('disable_reason'),
    /** Synced (and offered for publishing). */
    enabled: boolean('enabled').notNull().default(false),
    /** No longer among the connection's ad accounts (its history stays). */
    deleted: boolean('deleted').notNull().default(false),
    source: text('source').$type<AdSource>().notNull(),
    purchaseActionType: text('purchase_action_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_accounts_brand_external_idx').on(t.brandId, t.externalId)],
);

export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey(),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    objective: text('objective'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_campaigns_account_external_idx').on(t.adAccountId, t.externalId)],
);

export const adSets = pgTable(
  'ad_sets',
  {
    id: uuid('id').primaryKey(),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_sets_account_external_idx').on(t.adAccountId, t.externalId)],
);

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey(),
    adAccountId: uuid('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    adSetId: uuid('ad_set_id')
      .notNull()
      .references(() => adSets.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    previewUrl: text('preview_url'),
    permalink: text('permalink'),
    fileType: text('file_type').$type<AdFileType>().notNull(),
    /** On the platform. */
    createdTime: timestamp('created_time', { withTimezone: true }),
    updatedTime: timestamp('updated_time', { withTimezone: true }),
    /** When delivery was last written for it (usage counts ads synced this month). */
    deliverySyncedAt: timestamp('delivery_synced_at', { withTimezone: true }),
    /**
     * The name's values under the brand's naming convention ({ format: 'UGC', 'custom:Market':
     * 'US' }), written with the ad and again when the convention is saved; null when the name
     * does not fit or the brand has none. Grouped and filtered by creative analytics.
     */
    namingValues: jsonb('naming_values').$type<NamingValues>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ads_account_external_idx').on(t.adAccountId, t.externalId),
    index('ads_brand_idx').on(t.brandId),
    index('ads_ad_set_idx').on(t.adSetId),
    index('ads_naming_values_idx').using('gin', t.namingValues),
  ],
);

/** A brand's ad naming convention (issue 17 "Beyond the seeds"): one per brand, saved by admins. */
export const adNamingConventions = pgTable('ad_naming_conventions', {
  brandId: uuid('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  delimiter: text('delimiter').notNull(),
  /** Ordered by position; each position and each kind (custom: label) once. */
  fields: jsonb('fields').$type<NamingField[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ad's creative: one per ad (its copy, actor and media). */
export const adCreatives = pgTable('ad_creatives', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  externalId: text('external_id'),
  actorId: text('actor_id'),
  actorName: text('actor_name'),
  postId: text('post_id'),
  title: text('title'),
  body: text('body'),
  ctaType: text('cta_type'),
  landingPage: text('landing_page'),
  thumbnailUrl: text('thumbnail_url'),
  videoId: text('video_id'),
  imageHash: text('image_hash'),
});

/**
 * A creative's media as a library item (AD_ANALYTICS): one asset per Meta video id or image
 * hash per brand, however many ads use it.
 */
export const adMedia = pgTable(
  'ad_media',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'VIDEO' | 'IMAGE'>().notNull(),
    /** Meta's video id or image hash. */
    externalId: text('external_id').notNull(),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    /** Why it has no asset (an allocation reached, the media unreadable). */
    skippedReason: text('skipped_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.kind, t.externalId] }),
    index('ad_media_asset_idx').on(t.assetId),
  ],
);

/** Ad → its AD_ANALYTICS assets. */
export const adAssets = pgTable(
  'ad_assets',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adId, t.assetId] }), index('ad_assets_asset_idx').on(t.assetId)],
);

/** One ad's delivery on one day of its account's timezone. */
export const adInsightsDaily = pgTable(
  'ad_insights_daily',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    spend: numeric('spend', { precision: 14, scale: 2 }).notNull().default('0'),
    impressions: integer('impressions').notNull().default(0),
    reach: integer('reach').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
    outboundClicks: integer('outbound_clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    conversionValue: numeric('conversion_value', { precision: 14, scale: 2 }).notNull().default('0'),
    otherActions: jsonb('other_actions').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    plays: integer('plays').notNull().default(0),
    threeSecondViews: integer('three_second_views').notNull().default(0),
    p25: integer('p25').notNull().default(0),
    p50: integer('p50').notNull().default(0),
    p75: integer('p75').notNull().default(0),
    p95: integer('p95').notNull().default(0),
    p100: integer('p100').notNull().default(0),
    thruplays: integer('thruplays').notNull().default(0),
    avgWatchTimeSeconds: real('avg_watch_time_seconds').notNull().default(0),
    retention: jsonb('retention').$type<number[]>(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.date] }), index('ad_insights_daily_date_idx').on(t.date)],
);

/**
 * Creative analytics' pre-aggregation (issue 17 benchmark): each delivered ad's sums over each
 * date preset's window (ratios of these stay exact) and its creative scores there, so a list or
 * group-by reads one row per ad instead of its daily rows. CUSTOM ranges read the daily rows.
 * Partitioned by preset (migration 0033, which drizzle-kit does not model), so a list scans
 * one preset's rows.
 */
export const adRollups = pgTable(
  'ad_rollups',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    preset: text('preset').notNull(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    spend: doublePrecision('spend').notNull(),
    impressions: doublePrecision('impressions').notNull(),
    clicks: doublePrecision('clicks').notNull(),
    linkClicks: doublePrecision('link_clicks').notNull(),
    outboundClicks: doublePrecision('outbound_clicks').notNull(),
    conversions: doublePrecision('conversions').notNull(),
    conversionValue: doublePrecision('conversion_value').notNull(),
    plays: doublePrecision('plays').notNull(),
    threeSecondViews: doublePrecision('three_second_views').notNull(),
    watchSecondsTimesPlays: doublePrecision('watch_seconds_times_plays').notNull(),
    thruplays: doublePrecision('thruplays').notNull(),
    // The ad's attributes a list, its filters and its groups read (copied at refresh, so a
    // list of the brand's ads reads this table alone). Their writers (the sync, the import,
    // linking assets) bump the brand's data version, so copies are never answered stale.
    name: text('name').notNull(),
    fileType: text('file_type').$type<AdFileType>().notNull(),
    effectiveStatus: text('effective_status'),
    /** The ad's AD_ANALYTICS assets, sorted (ad_assets): tag groups sum ads by their asset set. */
    assetIds: uuid('asset_ids').array().notNull(),
    hookScore: integer('hook_score'),
    holdScore: integer('hold_score'),
    clickScore: integer('click_score'),
    convertScore: integer('convert_score'),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.preset] }),
    index('ad_rollups_brand_preset_spend_idx').on(t.brandId, t.preset, t.spend.desc().nullsLast()),
  ],
);

/**
 * Whether a brand's rollups may answer: writers of its delivery bump `dataVersion` in their
 * transaction; a refresh records the version it read before summing and the windows it summed
 * (per preset, per ad account), so rollups count only while both still hold.
 */
export const adRollupStates = pgTable('ad_rollup_states', {
  brandId: uuid('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(1),
  rolledVersion: bigint('rolled_version', { mode: 'number' }).notNull().default(0),
  windows: jsonb('windows').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});
