import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Remote feature flag values (000 §6); rows override the contract's defaults. */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
