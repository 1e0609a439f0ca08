import type { Readable } from 'node:stream';

/**
 * Object storage (architecture §2 "files"): the `local` driver keeps bytes under
 * DATA_DIR/storage and serves signed URLs itself; the `s3` driver talks to any
 * S3-compatible store and hands out presigned URLs. Keys are built from internal ids
 * only ('{accountId}/{assetId}/original'), never from user file names.
 */

export interface ObjectInfo {
  size: number;
  contentType?: string | undefined;
  lastModified?: Date | undefined;
  etag?: string | undefined;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string | undefined;
  cacheControl?: string | undefined;
}

export interface UploadTargetRequest {
  key: string;
  size: number;
  contentType: string;
  cacheControl: string;
  contentDisposition: string;
  /** Files larger than this go in parts of this size. */
  partSize: number;
  expiresInSeconds: number;
}

export interface UploadTargetResult {
  presignedURL?: string;
  uploadId?: string;
  presignedUrls?: string[];
  partSize?: number;
  /** Headers the client sends with every PUT (signed into S3's URLs). */
  uploadHeaders: Record<string, string>;
}

export interface CompletedPart {
  partNumber: number;
  eTag: string;
}

export interface DownloadUrlOptions {
  expiresInSeconds: number;
  /** Content-Disposition the response carries ('inline' or 'attachment; filename=…'). */
  contentDisposition?: string | undefined;
  contentType?: string | undefined;
  cacheControl?: string | undefined;
}

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    message: string,
    readonly kind: 'not_found' | 'bad_upload' | 'unavailable',
  ) {
    super(message);
  }
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<void>;
  /** Stores a finished local file under key; the file is consumed (moved when it can be). */
  putFile(key: string, file: string, options?: PutOptions): Promise<void>;
  /** A folder for work files (on the storage's own disk for the local driver, so putFile is a rename). */
  scratchDir(): string;
  /** The object's bytes (a range of them when asked); StorageError not_found when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /**
   * Moves an object to another key (uploads: from the key the client could write to, to the
   * one nobody can, before the bytes are checked). StorageError not_found when missing.
   */
  move(from: string, to: string): Promise<void>;
  /** Every object under prefix with when it was last written, page by page (the orphan sweep). */
  listObjects(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Deletes every object whose key starts with prefix (an asset's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** Where to PUT a new object: one URL, or an uploadId and a URL per part. */
  createUploadTarget(request: UploadTargetRequest): Promise<UploadTargetResult>;
  /** Finishes a multipart upload (StorageError bad_upload when parts are missing or wrong). */
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * When bytes of an upload last arrived: the newest part of a multipart upload, or the
   * object itself for a single PUT; undefined when nothing arrived (or the upload is gone).
   */
  uploadActivity(key: string, uploadId?: string): Promise<Date | undefined>;
  /** A URL that downloads the object directly (S3 presigned GET, or the API's signed URL). */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  /** A path on this machine when the bytes are local files (media tools read it directly). */
  localPath(key: string): string | undefined;
  /** Aborts multipart uploads started before the cutoff. */
  sweepAbandonedUploads(olderThan: Date): Promise<number>;
  /**
   * Removes scratch files untouched since the cutoff (a PUT or a media job cut off by a crash
   * leaves one): a file still being written is touched all the time, so other live processes
   * sharing the folder keep theirs. Answers how many went.
   */
  sweepScratch(olderThan: Date): Promise<number>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Keys are ours (ids and fixed names); refuse anything that could leave the storage root. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    if (!(key.endsWith('/') && SAFE_KEY.test(key.slice(0, -1)))) throw new Error(`Unsafe storage key ${key}`);
  }
}
