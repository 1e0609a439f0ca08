import type { AssetAdLinkMethod } from '@hookline/contract';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ads } from './ad-performance.js';
import { assets } from './assets.js';

/**
 * Which ads use a library file (issue 17 "Beyond the seeds": an asset's ad performance),
 * keyed by asset id and ad id: the asset performance module's own table, rewritten by its
 * link job. META_ID: the file was published to Meta and the ad runs that video; FINGERPRINT:
 * the ad's creative (its AD_ANALYTICS copy) looks like the file, `distance` the most bits any
 * of its pictures differ by (0–64).
 */
export const assetAdLinks = pgTable(
  'asset_ad_links',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull(),
    method: text('method').$type<AssetAdLinkMethod>().notNull(),
    /** FINGERPRINT only: the largest Hamming distance of a compared picture (null for META_ID). */
    distance: integer('distance'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.adId] }),
    index('asset_ad_links_ad_idx').on(t.adId),
    index('asset_ad_links_brand_idx').on(t.brandId, t.assetId),
  ],
);
export type AssetAdLinkRow = typeof assetAdLinks.$inferSelect;
