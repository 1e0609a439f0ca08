import type { AssetTagSource, TagCategoryType } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';
import { brands, users } from './identity.js';

/**
 * Tag categories of a brand (000 §3 "Tag and category"): every brand has the SYSTEM category
 * 'General' (made on first use); names are unique per brand ignoring case.
 */
export const tagCategories = pgTable(
  'tag_categories',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TagCategoryType>().notNull().default('CUSTOM'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tag_categories_brand_name_idx').on(t.brandId, sql`lower(${t.name})`)],
);

/** Tags of a brand; names unique per brand ignoring case. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    // A category's tags move to General before it is deleted.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => tagCategories.id),
    name: text('name').notNull(),
    description: text('description'),
    autoSearchInFiles: boolean('auto_search_in_files').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_brand_name_idx').on(t.brandId, sql`lower(${t.name})`),
    index('tags_category_idx').on(t.categoryId),
    // The account-wide auto-search count.
    index('tags_auto_search_idx').on(t.brandId).where(sql`${t.autoSearchInFiles}`),
  ],
);

/**
 * Tags on items, keyed both ways: an item's tags (the primary key) and a tag's items (for
 * filters and usage counts), each one index-only read.
 */
export const assetTags = pgTable(
  'asset_tags',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    source: text('source').$type<AssetTagSource>().notNull().default('USER'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.tagId] }), index('asset_tags_tag_idx').on(t.tagId, t.assetId)],
);

/**
 * AI tags a person took off an item: the AI analysis does not put them back on it. A person
 * adding the tag to the item again deletes the row.
 */
export const assetTagDismissals = pgTable(
  'asset_tag_dismissals',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The tag's side serves the cascade when a tag is deleted.
  (t) => [primaryKey({ columns: [t.assetId, t.tagId] }), index('asset_tag_dismissals_tag_idx').on(t.tagId)],
);
