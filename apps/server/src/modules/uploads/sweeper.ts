import { DAY_MS } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { LibraryItems } from '../library/items-service.js';
import { uploadKey } from '../library/media-urls.js';
import type { UploadsRepository } from './repository.js';
import { MEDIA_PROCESS_QUEUE, type MediaProcessPayload } from './service.js';

export const STORAGE_SWEEP_QUEUE = 'STORAGE_SWEEP';
export const STORAGE_ORPHANS_QUEUE = 'STORAGE_ORPHANS';
const STALLED_REASON = 'The upload stopped before the whole file arrived';
/** A file's folder ('{accountId}/{id}/'), the unit the orphan sweep decides on. */
const FILE_PREFIX = /^([0-9a-f-]{36}\/[0-9a-f-]{36}\/)/i;
/** An upload that received no bytes for this long has stopped (000 §4: it fails, with retry). */
export const STALLED_UPLOAD_MS = 15 * 60 * 1000;
/** Bytes newer than this may belong to a row still being written (an edit's new prefix). */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Uploads never completed are given up after a day (the rule). */
export const ABANDONED_UPLOAD_MS = DAY_MS;
/** A file still "generating" this long after its last change lost its job: process it again. */
const STUCK_PROCESSING_MS = 60 * 60_000;
const BATCH = 200;

export interface SweepResult {
  stalledUploads: number;
  abandonedAssets: number;
  deletedPrefixes: number;
  keptPrefixes: number;
  abandonedUploads: number;
  scratchFiles: number;
  requeued: number;
}

/**
 * The periodic clean-up (every minute, one worker at a time): gives up uploads never
 * completed after 24 h, deletes the bytes of deleted or refused files once no copy uses
 * them, aborts stale multipart uploads, and re-queues processing whose job was lost.
 */
export class StorageSweeper {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly library: LibraryItems,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerQueues(): void {
    this.queue.register(STORAGE_SWEEP_QUEUE, () => this.sweep(), { retryLimit: 0, expireInSeconds: 15 * 60 });
    this.queue.schedule(STORAGE_SWEEP_QUEUE, '* * * * *');
    // A full listing of the store: hourly, not every minute.
    this.queue.register(STORAGE_ORPHANS_QUEUE, () => this.sweepOrphans(), {
      retryLimit: 0,
      expireInSeconds: 60 * 60,
    });
    this.queue.schedule(STORAGE_ORPHANS_QUEUE, '17 * * * *');
  }

  /**
   * Uploads that received no bytes for STALLED_UPLOAD_MS (the browser went away, the API
   * process that took the PUT restarted mid-transfer) become FAILED_TO_UPLOAD with retry
   * allowed, and their unfinished multipart upload is aborted then, not after 24 hours.
   */
  private async failStalledUploads(now: Date): Promise<number> {
    const stalled = await this.repository.stalledUploads(new Date(now.getTime() - STALLED_UPLOAD_MS), BATCH);
    let failed = 0;
    for (const upload of stalled) {
      const activity = await this.storage.uploadActivity(uploadKey(upload), upload.uploadId ?? undefined);
      if (activity && now.getTime() - activity.getTime() < STALLED_UPLOAD_MS) continue;
      if (upload.uploadId)
        await this.storage.abortMultipartUpload(uploadKey(upload), upload.uploadId).catch(() => {});
      await this.repository.transaction(async () => {
        const moved = await this.library.transitionFile(upload.id, ['UPLOADING'], {
          uploadingState: 'FAILED_TO_UPLOAD',
        });
        if (moved)
          await this.repository.updateUpload(upload.id, { uploadId: null, failureReason: STALLED_REASON });
      });
      failed++;
    }
    return failed;
  }

  /**
   * Deletes file folders no asset names any more: bytes PUT through an upload URL after its
   * file was deleted (or after the deletion's own sweep ran), never counted, never served.
   * Folders written in the last hour are left alone. Answers how many went.
   */
  async sweepOrphans(now = new Date()): Promise<number> {
    const newest = new Map<string, number>();
    for await (const object of this.storage.listObjects('')) {
      const prefix = FILE_PREFIX.exec(object.key)?.[1];
      if (!prefix) continue;
      newest.set(prefix, Math.max(newest.get(prefix) ?? 0, object.lastModified.getTime()));
    }
    let deleted = 0;
    for (const [prefix, modified] of newest) {
      if (now.getTime() - modified < ORPHAN_GRACE_MS) continue;
      if (await this.repository.prefixInUse(prefix)) continue;
      await this.storage.deletePrefix(prefix);
      deleted++;
    }
    if (deleted > 0) this.log.info({ deleted }, 'storage: orphaned file folders removed');
    return deleted;
  }

  async sweep(now = new Date()): Promise<SweepResult> {
    const result: SweepResult = {
      stalledUploads: 0,
      abandonedAssets: 0,
      deletedPrefixes: 0,
      keptPrefixes: 0,
      abandonedUploads: 0,
      scratchFiles: 0,
      requeued: 0,
    };
    const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MS);

    result.stalledUploads = await this.failStalledUploads(now);

    const abandoned = await this.repository.abandonedUploads(cutoff, BATCH);
    await this.library.deleteFiles(abandoned.map((a) => a.id));
    result.abandonedAssets = abandoned.length;

    for (;;) {
      const garbage = await this.repository.garbage(BATCH);
      if (garbage.length === 0) break;
      for (const item of garbage) {
        if (item.uploadKey && item.uploadId)
          await this.storage.abortMultipartUpload(item.uploadKey, item.uploadId);
        if (await this.repository.prefixInUse(item.storagePrefix)) {
          result.keptPrefixes++;
        } else {
          await this.storage.deletePrefix(item.storagePrefix);
          result.deletedPrefixes++;
        }
      }
      await this.repository.removeGarbage(garbage.map((g) => g.id));
      if (garbage.length < BATCH) break;
    }

    result.abandonedUploads = await this.storage.sweepAbandonedUploads(cutoff);
    // Scratch files of PUTs and media jobs cut off by a crash: gone once untouched as long as a
    // stalled upload.
    result.scratchFiles = await this.storage.sweepScratch(new Date(now.getTime() - STALLED_UPLOAD_MS));

    const stuck = await this.repository.stuckProcessing(new Date(now.getTime() - STUCK_PROCESSING_MS), BATCH);
    for (const asset of stuck) {
      await this.library.updateFile(asset.id, {});
      await this.queue.send(MEDIA_PROCESS_QUEUE, { assetId: asset.id } satisfies MediaProcessPayload);
    }
    result.requeued = stuck.length;

    if (Object.values(result).some((n) => n > 0)) this.log.info(result, 'storage sweep');
    return result;
  }
}
