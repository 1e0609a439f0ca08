import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets.js';

/**
 * An upload's lifecycle beside its catalogue row (architecture §3: a feature's own data lives
 * in its tables keyed by asset id). The row is made with the file and stays while the file
 * exists; the library's answers read retryCount, canRetry and failureReason from it.
 */
export const uploads = pgTable('uploads', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  /** Multipart upload in progress (S3 UploadId or the local driver's). */
  uploadId: text('upload_id'),
  /** The client's own key for the file (matches answers to the files it sent). */
  clientId: text('client_id'),
  retryCount: integer('retry_count').notNull().default(0),
  canRetry: boolean('can_retry').notNull().default(true),
  failureReason: text('failure_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
