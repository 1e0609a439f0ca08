import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type Database, transactionExecutor } from '../../platform/db/client.js';
import type { AssetRow, NewAssetRow } from '../../platform/db/schema/assets.js';
import { assets, storageGarbage } from '../../platform/db/schema/index.js';

export type UploadExecutor = ReturnType<typeof transactionExecutor>;

/** Upload and processing state of assets, and the storage garbage queue. */
export class UploadsRepository {
  constructor(private readonly db: Database) {}

  /** Runs fn in a transaction; the executor lets pg-boss enqueue inside it. */
  transaction<T>(fn: (repository: UploadsRepository, executor: UploadExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn(new UploadsRepository(tx as unknown as Database), transactionExecutor(tx as unknown as Database)),
    );
  }

  async insert(rows: NewAssetRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(assets).values(rows);
  }

  /** Workers load an asset by id alone (the job carries the brand it was queued for). */
  async findById(id: string): Promise<AssetRow | undefined> {
    const [row] = await this.db.select().from(assets).where(eq(assets.id, id)).limit(1);
    return row;
  }

  /**
   * Changes an asset only while it is in one of the `from` states: two requests (or a retry
   * racing a worker) cannot both move it. Answers the updated row, or undefined.
   */
  async transition(
    id: string,
    from: NonNullable<AssetRow['uploadingState']>[],
    values: Partial<NewAssetRow>,
  ): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(assets.id, id), inArray(assets.uploadingState, from)))
      .returning();
    return row;
  }

  async update(id: string, values: Partial<NewAssetRow>): Promise<void> {
    await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(assets.id, id));
  }

  /** Uploads never completed: still UPLOADING (or FAILED and retryable) since before the cutoff. */
  async abandonedUploads(olderThan: Date, limit: number): Promise<AssetRow[]> {
    return this.db
      .select()
      .from(assets)
      .where(and(eq(assets.uploadingState, 'UPLOADING'), lt(assets.createdAt, olderThan)))
      .orderBy(asc(assets.createdAt))
      .limit(limit);
  }

  /** Deletes rows by id and queues their bytes for the sweeper, in one statement. */
  async deleteWithBytes(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      with deleted as (
        delete from assets where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        returning storage_prefix, upload_id
      )
      insert into storage_garbage (id, storage_prefix, upload_key, upload_id)
      select gen_random_uuid(), storage_prefix,
             case when upload_id is not null then storage_prefix || 'original' end, upload_id
      from deleted where storage_prefix is not null`);
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
