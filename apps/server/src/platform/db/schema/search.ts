import type { SearchFilterItem, SearchSort } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands, users } from './identity.js';

/**
 * Saved searches (issue 16): a keyword, the web's filter items and a sort under a name, kept
 * by a user in a brand, private or shared with the brand. (The search index itself,
 * `search_documents`, is made by raw SQL migrations: 0024, 0025.)
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyword: text('keyword').notNull().default(''),
    filters: jsonb('filters').$type<SearchFilterItem[]>().notNull().default(sql`'[]'::jsonb`),
    sort: text('sort').$type<SearchSort>().notNull().default('relevance'),
    order: text('order').$type<'asc' | 'desc'>().notNull().default('desc'),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_owner_idx').on(t.brandId, t.userId),
    index('saved_searches_shared_idx').on(t.brandId).where(sql`${t.shared}`),
  ],
);
