import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  type Asset,
  type CreateUploadItem,
  type CreateUploadsResponse,
  type CustomFieldValue,
  checkUploadFile,
  EDITABLE_DOCUMENT_EXTENSIONS,
  EDITABLE_DOCUMENT_MAX_BYTES,
  fileExtension,
  type Library,
  MULTIPART_PART_SIZE_BYTES,
  messages,
  ROOT_FOLDER_ID,
  UPLOAD_RETRIES,
  type UploadAsset,
  uploadMessages,
} from '@hookline/contract';
import type { Config } from '../../config.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { UploadRow } from '../../platform/db/schema/uploads.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { contentTypeOfExtension } from '../../platform/media/content-types.js';
import { contentMatchesExtension, SNIFF_BYTES, sniff } from '../../platform/media/sniff.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';
import { type Storage, StorageError, type UploadTargetResult } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import type { BoardsService } from '../boards/service.js';
import type { CustomFieldsService } from '../custom-fields/service.js';
import type { LibraryItems } from '../library/items-service.js';
import {
  attachmentDisposition,
  ORIGINAL_CACHE_CONTROL,
  originalKey,
  uploadKey,
} from '../library/media-urls.js';
import { actorUserId, type ItemScope, type LibraryScope } from '../library/scope.js';
import type { PlansService } from '../plans/service.js';
import { firstBytes } from './first-bytes.js';
import { PublicFiles } from './public-files.js';
import type { UploadsRepository } from './repository.js';

/** A file row with what uploads keeps about it (uploads table). */
type UploadingFile = AssetRow & Pick<UploadRow, 'uploadId' | 'clientId' | 'retryCount' | 'canRetry'>;

export const MEDIA_PROCESS_QUEUE = 'MEDIA_PROCESS';
/** A browser upload's processing runs before waiting server-side ingests (the demo's media). */
const USER_UPLOAD_PRIORITY = 10;
export interface MediaProcessPayload {
  assetId: string;
}

/** Upload URLs live a day: a 1 GB file on a slow line still finishes, and retries reuse them. */
const UPLOAD_URL_TTL_SECONDS = 24 * 3600;

/**
 * The upload protocol (000 §4 "Upload", §7): batch create → bytes PUT to signed URLs (one,
 * or 20 MB parts) → complete-upload (sniffed, then processed by a job) → UPLOADED; failures
 * reported by the client, retried up to 3 times; small single uploads (public-files.ts).
 */
export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly access: AccessService,
    private readonly library: LibraryItems,
    private readonly plans: PlansService,
    private readonly customFields: CustomFieldsService,
    private readonly storage: Storage,
    signer: UrlSigner,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'uploadLimits'>,
    /**
     * Uploads into a board (modules/boards): its folder and the board's item rows; replaced
     * content is reviewed afresh on the boards it is on.
     */
    private readonly boards: Pick<BoardsService, 'uploadTarget' | 'contentChanged'>,
  ) {
    this.publicFiles = new PublicFiles(access, storage, signer);
  }

  /** Small single uploads (logos, profile images) and the public files they become. */
  readonly publicFiles: PublicFiles;

  private get limits() {
    const l = this.config.uploadLimits;
    return { imageMaxBytes: l.imageMaxBytes, videoMaxBytes: l.videoMaxBytes, otherMaxBytes: l.otherMaxBytes };
  }

  // ── batch create ────────────────────────────────────────────────────────
  async createBatch(
    s: LibraryScope,
    items: CreateUploadItem[],
    customFields?: Record<string, CustomFieldValue | null>,
    boardId?: string,
  ): Promise<CreateUploadsResponse> {
    // Into a board: whoever may change the board (an editor it is shared with too) uploads
    // into its folder, and the files go on the board in the same transaction.
    const board = boardId ? await this.boards.uploadTarget(s, boardId) : null;
    if (board) items = items.map((item) => ({ ...item, parentId: board.folderId, library: 'BRAND' }));
    // Into folders: each folder decides (an editor of a shared folder uploads into it); at the
    // top of the library, the brand.
    const folders = [...new Set(items.map((item) => item.parentId).filter((id) => id !== ROOT_FOLDER_ID))];
    if (!board && folders.length > 0) await this.access.require(s.actor, 'folder.write', folders);
    if (!board && (folders.length === 0 || items.some((item) => item.parentId === ROOT_FOLDER_ID)))
      await this.access.require(s.actor, 'asset.create', [s.brandId]);
    // Fields required on upload need a value before any file starts (400 naming them).
    const fieldValues = await this.customFields.requireForUpload(s, customFields);
    const skipped: CreateUploadsResponse['skipped'] = [];
    const accepted: { item: CreateUploadItem; type: NonNullable<AssetRow['type']> }[] = [];
    for (const item of items) {
      if (item.brandId && item.brandId !== s.brandId)
        throw badRequest('brandId does not match the brand in the path');
      const check = checkUploadFile(item, this.limits);
      if (check.ok) accepted.push({ item, type: check.type });
      else
        skipped.push({
          clientId: item.clientId ?? null,
          name: item.name,
          reason: check.reason,
          message: check.message,
        });
    }
    if (accepted.length === 0) return { assets: [], skipped };

    // Each item's folder, looked up in the item's library (a folder of another library is 404).
    const parents = new Map<string, AssetRow | null>();
    const parentKey = (item: CreateUploadItem) => `${item.library}:${item.parentId}`;
    for (const { item } of accepted) {
      if (!parents.has(parentKey(item)))
        parents.set(
          parentKey(item),
          await this.library.folder({ ...s, library: item.library }, item.parentId),
        );
    }
    await this.plans.assertAssetAllocation(
      s.accountId,
      accepted.length,
      accepted.reduce((sum, { item }) => sum + item.size, 0),
    );

    const prepared = await Promise.all(
      accepted.map(async ({ item, type }) => {
        const id = uuidv7();
        const parent = parents.get(parentKey(item)) ?? null;
        const row = {
          id,
          accountId: s.accountId,
          brandId: s.brandId,
          library: item.library,
          parent,
          type,
          name: item.name.trim(),
          size: item.size,
          creatorId: actorUserId(s.actor),
          ownerId: actorUserId(s.actor),
          uploadingState: 'UPLOADING' as const,
          storagePrefix: `${s.accountId}/${id}/`,
          contentType: contentTypeOfExtension(fileExtension(item.name)),
        };
        const target = await this.uploadTarget(row);
        return { row, target, clientId: item.clientId ?? null };
      }),
    );
    // The library places and writes the rows (one insert per destination folder).
    const byFolder = new Map<string, typeof prepared>();
    for (const p of prepared) {
      const key = `${p.row.library}:${p.row.parent?.id ?? ''}`;
      byFolder.set(key, [...(byFolder.get(key) ?? []), p]);
    }
    await this.repository.transaction(async () => {
      // Checked again under the account's lock with the rows written in the same transaction:
      // parallel batches see each other's reservations.
      await this.plans.assertAssetAllocation(
        s.accountId,
        prepared.length,
        prepared.reduce((sum, p) => sum + p.row.size, 0),
      );
      for (const group of byFolder.values()) {
        const { library, parent } = group[0]!.row;
        await this.library.createFiles(
          { accountId: s.accountId, brandId: s.brandId, library },
          parent?.id ?? null,
          group.map(({ row: { accountId: _a, brandId: _b, library: _l, parent: _p, ...file } }) => file),
        );
      }
      await this.customFields.writeValues(
        prepared.map((p) => p.row.id),
        fieldValues,
      );
      await this.repository.insertUploads(
        prepared.map((p) => ({
          assetId: p.row.id,
          uploadId: p.target.uploadId ?? null,
          clientId: p.clientId,
        })),
      );
      if (board) await board.record(prepared.map((p) => p.row.id));
    });
    const presented = await this.library.present(
      s,
      prepared.map((p) => p.row.id),
    );
    const byId = new Map(prepared.map((p) => [p.row.id, p]));
    return {
      assets: presented.map((asset) =>
        withTarget(asset, byId.get(asset.id)!.target, byId.get(asset.id)!.clientId),
      ),
      skipped,
    };
  }

  private uploadTarget(
    row: Pick<AssetRow, 'storagePrefix' | 'contentType' | 'name' | 'size'>,
  ): Promise<UploadTargetResult> {
    return this.storage.createUploadTarget({
      key: uploadKey(row),
      size: row.size,
      contentType: row.contentType ?? 'application/octet-stream',
      cacheControl: ORIGINAL_CACHE_CONTROL,
      contentDisposition: attachmentDisposition(row.name),
      partSize: MULTIPART_PART_SIZE_BYTES,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
  }

  /**
   * A server-side upload (the demo workspace; imports later): the same records, checks and
   * processing as a browser upload, with the bytes put straight into storage.
   */
  async ingest(
    s: LibraryScope,
    input: { name: string; file: string; parentId: string; boardId?: string; library?: Library },
  ): Promise<Asset> {
    const size = (await stat(input.file)).size;
    const batch = await this.createBatch(
      s,
      [{ name: input.name, size, parentId: input.parentId, library: input.library ?? 'BRAND' }],
      undefined,
      input.boardId,
    );
    const created = batch.assets[0];
    if (!created) throw badRequest(batch.skipped[0]?.message ?? messages.library.createAssetsError);
    const row = (await this.uploadingFile(s, created.id))!;
    if (row.uploadId) {
      await this.storage.abortMultipartUpload(uploadKey(row), row.uploadId);
      await this.repository.updateUpload(row.id, { uploadId: null });
    }
    await this.storage.put(uploadKey(row), createReadStream(input.file), {
      contentType: row.contentType ?? undefined,
      cacheControl: ORIGINAL_CACHE_CONTROL,
    });
    return this.complete(s, row.id, {}, { background: true });
  }

  /** A file of the brand with its upload's lifecycle (defaults when it has no uploads row). */
  private async uploadingFile(scope: ItemScope, id: string): Promise<UploadingFile | undefined> {
    const row = await this.library.find(scope, id);
    if (!row) return undefined;
    const upload = await this.repository.findUpload(id);
    return {
      ...row,
      uploadId: upload?.uploadId ?? null,
      clientId: upload?.clientId ?? null,
      retryCount: upload?.retryCount ?? 0,
      canRetry: upload?.canRetry ?? true,
    };
  }

  // ── complete ────────────────────────────────────────────────────────────
  async complete(
    s: LibraryScope,
    id: string,
    body: { uploadId?: string | undefined; parts?: { eTag: string; partNumber: number }[] | undefined },
    /** A server-side ingest (the demo's media): its processing waits behind people's uploads. */
    options: { background?: boolean } = {},
  ): Promise<Asset> {
    await this.access.require(s.actor, 'asset.upload', [id]);
    const row = await this.uploadingFile(s, id);
    if (!row?.storagePrefix) throw notFound(messages.library.itemDeleted);
    if (row.uploadingState !== 'UPLOADING') {
      if (row.uploadingState === 'FAILED_TO_UPLOAD') throw badRequest(uploadMessages.notUploading);
      return (await this.library.present(s, [id]))[0]!; // completed twice: answer what it is
    }
    const staging = uploadKey(row);
    if (row.uploadId) {
      if (body.uploadId && body.uploadId !== row.uploadId)
        throw badRequest('uploadId does not match this upload');
      if (!body.parts?.length) throw badRequest(uploadMessages.missingParts);
      try {
        await this.storage.completeMultipartUpload(staging, row.uploadId, body.parts);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        await this.failRetryable(row, uploadMessages.missingParts);
        throw badRequest(uploadMessages.missingParts);
      }
    }
    // The bytes leave the key the client can write to before anything looks at them.
    const key = originalKey(row);
    await this.storage.move(staging, key).catch((error: unknown) => {
      // Already moved by a concurrent completion of the same upload: check what is there.
      if (!(error instanceof StorageError && error.kind === 'not_found')) throw error;
    });
    const head = await this.storage.head(key);
    if (!head) {
      await this.failRetryable(row, uploadMessages.missingParts);
      throw badRequest(uploadMessages.missingParts);
    }
    if (head.size !== row.size) {
      await this.storage.delete(key);
      await this.failRetryable(row, uploadMessages.sizeMismatch);
      throw badRequest(uploadMessages.sizeMismatch);
    }
    const extension = fileExtension(row.name);
    const sniffed = sniff(
      head.size === 0
        ? Buffer.alloc(0)
        : await firstBytes(
            await this.storage.read(key, { start: 0, end: Math.min(head.size, SNIFF_BYTES) - 1 }),
            SNIFF_BYTES,
          ),
    );
    if (sniffed.kind === 'executable' || !contentMatchesExtension(sniffed, extension)) {
      const reason =
        sniffed.kind === 'executable'
          ? uploadMessages.executable
          : uploadMessages.contentMismatch.replace('{extension}', extension);
      await this.refuse(row, reason);
      throw badRequest(reason);
    }
    const started = await this.repository.transaction(async () => {
      const executor = this.repository.queueExecutor();
      const updated = await this.library.transitionFile(id, ['UPLOADING'], {
        uploadingState: 'UPLOADED_GENERATING_THUMBNAIL',
        uploadedAt: new Date(),
      });
      if (updated) {
        await this.repository.updateUpload(id, { uploadId: null, failureReason: null });
        // Someone waits for their upload's thumbnail: it goes before server-side ingests.
        await this.queue.send(MEDIA_PROCESS_QUEUE, { assetId: id } satisfies MediaProcessPayload, {
          executor,
          priority: options.background ? 0 : USER_UPLOAD_PRIORITY,
        });
      }
      return updated;
    });
    if (started) this.queue.notify(MEDIA_PROCESS_QUEUE);
    return (await this.library.present(s, [id]))[0]!;
  }

  /** The upload failed but may be tried again (the client re-sends the bytes). */
  private async failRetryable(row: UploadingFile, reason: string): Promise<void> {
    if (row.uploadId) await this.storage.abortMultipartUpload(uploadKey(row), row.uploadId).catch(() => {});
    await this.repository.transaction(async () => {
      const failed = await this.library.transitionFile(row.id, ['UPLOADING'], {
        uploadingState: 'FAILED_TO_UPLOAD',
      });
      if (failed) await this.repository.updateUpload(row.id, { failureReason: reason, uploadId: null });
    });
  }

  /** The file is refused for good (wrong content, too long, …): no retry; its bytes go. */
  async refuse(row: AssetRow, reason: string): Promise<void> {
    const upload = await this.repository.findUpload(row.id);
    await this.repository.transaction(async () => {
      await this.library.updateFile(row.id, {
        uploadingState: 'FAILED_TO_UPLOAD',
        storagePrefix: null,
        variants: null,
      });
      await this.repository.upsertUpload(row.id, { canRetry: false, failureReason: reason, uploadId: null });
      if (row.storagePrefix) {
        await this.repository.addGarbage(
          row.storagePrefix,
          upload?.uploadId ? { key: uploadKey(row), uploadId: upload.uploadId } : undefined,
        );
      }
    });
  }

  // ── state updates (failure reported, retry) ─────────────────────────────
  async setState(
    s: LibraryScope,
    id: string,
    body: { uploadingState: 'FAILED_TO_UPLOAD' | 'UPLOADING'; reason?: string | undefined },
  ): Promise<UploadAsset> {
    await this.access.require(s.actor, 'asset.upload', [id]);
    const row = await this.uploadingFile(s, id);
    if (!row?.storagePrefix) throw notFound(messages.library.itemDeleted);
    if (body.uploadingState === 'FAILED_TO_UPLOAD') {
      if (row.uploadingState === 'UPLOADING')
        await this.failRetryable(row, body.reason?.trim() || uploadMessages.failedText);
      else if (row.uploadingState !== 'FAILED_TO_UPLOAD') throw badRequest(uploadMessages.notUploading);
      return { ...(await this.library.present(s, [id]))[0]!, clientId: row.clientId };
    }
    if (row.uploadingState !== 'FAILED_TO_UPLOAD') throw badRequest(uploadMessages.notUploading);
    if (!row.canRetry || row.retryCount >= UPLOAD_RETRIES) throw badRequest(uploadMessages.retriesExhausted);
    const target = await this.uploadTarget(row);
    const updated = await this.repository.transaction(async () => {
      // A failed upload held nothing: retrying reserves its size again (402 when it no longer fits).
      await this.plans.assertAssetAllocation(s.accountId, 1, row.size);
      const retried = await this.library.transitionFile(id, ['FAILED_TO_UPLOAD'], {
        uploadingState: 'UPLOADING',
      });
      if (retried)
        await this.repository.upsertUpload(id, {
          retryCount: row.retryCount + 1,
          failureReason: null,
          uploadId: target.uploadId ?? null,
        });
      return retried;
    });
    if (!updated) throw badRequest(uploadMessages.notUploading);
    return withTarget((await this.library.present(s, [id]))[0]!, target, row.clientId);
  }

  // ── document content ────────────────────────────────────────────────────
  /** Saves new text for a txt or csv document (000 §9 "Document editing"). */
  async updateContent(s: LibraryScope, id: string, content: string): Promise<Asset> {
    await this.access.require(s.actor, 'asset.update', [id]);
    const row = await this.library.find(s, id);
    if (!row?.storagePrefix) throw notFound(messages.library.itemDeleted);
    const extension = fileExtension(row.name);
    if (row.type !== 'DOCUMENT' || !(EDITABLE_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension))
      throw badRequest(`.${extension} files cannot be edited here`);
    if (row.uploadingState !== 'UPLOADED' && row.uploadingState !== 'UPLOADED_WITHOUT_THUMBNAIL')
      throw badRequest('The file is not ready yet');
    const bytes = Buffer.from(content, 'utf8');
    if (row.size > EDITABLE_DOCUMENT_MAX_BYTES || bytes.length > EDITABLE_DOCUMENT_MAX_BYTES)
      throw badRequest(
        `Files over ${(EDITABLE_DOCUMENT_MAX_BYTES / 1024 / 1024).toFixed(1)} MB cannot be edited here`,
      );
    if (sniff(bytes.subarray(0, SNIFF_BYTES)).kind !== 'text')
      throw badRequest('The content must be plain text');
    await this.plans.assertAssetAllocation(s.accountId, 0, Math.max(0, bytes.length - row.size));
    // Originals are immutable under their key (cached 180 days): new text gets a new prefix,
    // and the old bytes go to the sweeper unless a copy still uses them.
    const prefix = `${s.accountId}/${uuidv7()}/`;
    await this.storage.put(`${prefix}original`, bytes, {
      contentType: row.contentType ?? 'text/plain; charset=utf-8',
      cacheControl: ORIGINAL_CACHE_CONTROL,
    });
    await this.repository.transaction(async () => {
      await this.library.updateFile(id, { storagePrefix: prefix, size: bytes.length, variants: null });
      await this.repository.addGarbage(row.storagePrefix!);
      await this.boards.contentChanged(id);
    });
    return (await this.library.present(s, [id]))[0]!;
  }
}

function withTarget(asset: Asset, target: UploadTargetResult, clientId: string | null): UploadAsset {
  return {
    ...asset,
    clientId,
    ...(target.presignedURL ? { presignedURL: target.presignedURL } : {}),
    ...(target.uploadId
      ? { uploadId: target.uploadId, presignedUrls: target.presignedUrls!, partSize: target.partSize! }
      : {}),
    uploadHeaders: target.uploadHeaders,
  };
}
