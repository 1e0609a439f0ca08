import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { transactionExecutor } from '../../platform/db/client.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import {
  assets,
  type NewUploadRow,
  storageGarbage,
  type UploadRow,
  uploads,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type UploadExecutor = ReturnType<typeof transactionExecutor>;

/**
 * The storage garbage queue, and the reads uploads and the sweeper make of files. Files
 * themselves are written by the library module only (its createFiles, transitionFile,
 * updateFile and deleteFiles).
 */
export class UploadsRepository extends Repository {
  /** Lets pg-boss enqueue inside the caller's transaction (call it inside `transaction`). */
  queueExecutor(): UploadExecutor {
    return transactionExecutor(this.db);
  }

  /** Uploads still UPLOADING whose row has not changed since the cutoff, with their multipart id. */
  async stalledUploads(olderThan: Date, limit: number): Promise<(AssetRow & { uploadId: string | null })[]> {
    const rows = await this.db
      .select({ asset: assets, uploadId: uploads.uploadId })
      .from(assets)
      .leftJoin(uploads, eq(uploads.assetId, assets.id))
      .where(and(eq(assets.uploadingState, 'UPLOADING'), lt(assets.updatedAt, olderThan)))
      .orderBy(asc(assets.updatedAt))
      .limit(limit);
    return rows.map((row) => ({ ...row.asset, uploadId: row.uploadId }));
  }

  /**
   * Uploads never completed: made before the cutoff and still UPLOADING, or failed and left
   * untouched (no retry) since the cutoff.
   */
  async abandonedUploads(olderThan: Date, limit: number): Promise<AssetRow[]> {
    return this.db
      .select()
      .from(assets)
      .where(
        and(
          inArray(assets.uploadingState, ['UPLOADING', 'FAILED_TO_UPLOAD']),
          lt(assets.createdAt, olderThan),
          lt(assets.updatedAt, olderThan),
        ),
      )
      .orderBy(asc(assets.createdAt))
      .limit(limit);
  }

  // ── uploads (the lifecycle beside each uploaded file's row) ─────────────
  async insertUploads(rows: NewUploadRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(uploads).values(rows);
  }

  async findUpload(assetId: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.assetId, assetId)).limit(1);
    return row;
  }

  async updateUpload(assetId: string, values: Partial<NewUploadRow>): Promise<void> {
    await this.db
      .update(uploads)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(uploads.assetId, assetId));
  }

  /** Sets upload fields, making the row for a file that had none (a clip refused by processing). */
  async upsertUpload(assetId: string, values: Omit<Partial<NewUploadRow>, 'assetId'>): Promise<void> {
    await this.db
      .insert(uploads)
      .values({ ...values, assetId })
      .onConflictDoUpdate({ target: uploads.assetId, set: { ...values, updatedAt: sql`now()` } });
  }

  /** Queues a prefix (a refused file's bytes) for the sweeper. */
  async addGarbage(storagePrefix: string, upload?: { key: string; uploadId: string }): Promise<void> {
    await this.db.insert(storageGarbage).values({
      id: sql`gen_random_uuid()` as unknown as string,
      storagePrefix,
      uploadKey: upload?.key ?? null,
      uploadId: upload?.uploadId ?? null,
    });
  }

  async garbage(limit: number) {
    return this.db.select().from(storageGarbage).orderBy(asc(storageGarbage.createdAt)).limit(limit);
  }

  async removeGarbage(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(storageGarbage).where(inArray(storageGarbage.id, ids));
  }

  /** Whether any asset (a copy) still uses these bytes. */
  async prefixInUse(storagePrefix: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(and(isNotNull(assets.storagePrefix), eq(assets.storagePrefix, storagePrefix)))
      .limit(1);
    return Boolean(row);
  }

  /** Assets whose processing job was lost (enqueued long ago, still generating). */
  async stuckProcessing(olderThan: Date, limit: number): Promise<AssetRow[]> {
    return this.db
      .select()
      .from(assets)
      .where(and(eq(assets.uploadingState, 'UPLOADED_GENERATING_THUMBNAIL'), lt(assets.updatedAt, olderThan)))
      .limit(limit);
  }
}
