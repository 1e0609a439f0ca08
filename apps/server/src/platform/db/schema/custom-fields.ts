import type { CustomFieldType } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
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
import { assets } from './assets.js';
import { brands } from './identity.js';

export interface CustomFieldOption {
  id: string;
  label: string;
}

/** Custom fields of a brand, in the order `position` gives; names unique ignoring case. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<CustomFieldType>().notNull(),
    options: jsonb('options').$type<CustomFieldOption[]>().notNull().default([]),
    description: text('description'),
    requiredOnUpload: boolean('required_on_upload').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_brand_name_idx').on(t.brandId, sql`lower(${t.name})`),
    index('custom_fields_brand_position_idx').on(t.brandId, t.position),
  ],
);

/**
 * An item's value of a field, in the column of the field's type (text and URL in text, dates
 * as dates, selects as option ids), each indexed with the field so a filter on a value is
 * one indexed query.
 */
export const assetFieldValues = pgTable(
  'asset_field_values',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    textValue: text('text_value'),
    numberValue: doublePrecision('number_value'),
    dateValue: date('date_value', { mode: 'string' }),
    optionIds: uuid('option_ids').array(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.fieldId] }),
    index('asset_field_values_text_idx').on(t.fieldId, t.textValue),
    index('asset_field_values_number_idx').on(t.fieldId, t.numberValue),
    index('asset_field_values_date_idx').on(t.fieldId, t.dateValue),
    index('asset_field_values_options_idx').using('gin', t.optionIds),
  ],
);
