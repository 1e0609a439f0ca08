import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { removeUntouched, SCRATCH_PREFIX } from './scratch.js';
import {
  assertSafeKey,
  type ByteRange,
  type CompletedPart,
  type DownloadUrlOptions,
  type ObjectInfo,
  type PutOptions,
  type Storage,
  StorageError,
  type UploadTargetRequest,
  type UploadTargetResult,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, …) through the AWS SDK: presigned PUTs for
 * single objects and parts, presigned GETs with Content-Disposition. The bucket needs CORS
 * for the web app's origin (PUT, GET, and ETag exposed) — see the README.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  /**
   * Our own folder in the OS temp folder: the sweep removes what is untouched in it, and other
   * programs' files (or a test run's, named like ours) in the temp folder itself are not ours.
   */
  private readonly scratch = path.join(os.tmpdir(), `${SCRATCH_PREFIX}scratch`);

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    mkdirSync(this.scratch, { recursive: true });
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Browsers PUT to presigned URLs: no SDK-computed checksum may be signed into them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  localPath(): undefined {
    return undefined;
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<void> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        }),
      );
      return;
    }
    // Streams of unknown length (zips, transcodes) go up in parts; two 20 MB parts in memory at most.
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      },
      partSize: 20 * 1024 * 1024,
      queueSize: 2,
    }).done();
  }

  async putFile(key: string, file: string, options: PutOptions = {}): Promise<void> {
    await this.put(key, createReadStream(file), options);
    await rm(file, { force: true });
  }

  scratchDir(): string {
    return this.scratch;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageError(`No object ${key}`, 'not_found');
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
        lastModified: answer.LastModified,
        etag: answer.ETag,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async *listObjects(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async uploadActivity(key: string, uploadId?: string): Promise<Date | undefined> {
    try {
      if (!uploadId) {
        const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return head.LastModified;
      }
      const parts = await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
      const times = (parts.Parts ?? []).map((part) => part.LastModified?.getTime() ?? 0);
      return times.length > 0 ? new Date(Math.max(...times)) : undefined;
    } catch {
      // Not there (yet, or any more): no activity to report.
      return undefined;
    }
  }

  /** CopyObject (uploads are at most 1 GB, under its 5 GB limit), then delete the source. */
  async move(from: string, to: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'COPY',
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey')
        throw new StorageError(`No object ${from}`, 'not_found');
      throw error;
    }
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTargetResult> {
    assertSafeKey(request.key);
    const headers = {
      ContentType: request.contentType,
      CacheControl: request.cacheControl,
      ContentDisposition: request.contentDisposition,
    };
    const uploadHeaders = {
      'Content-Type': request.contentType,
      'Cache-Control': request.cacheControl,
      'Content-Disposition': request.contentDisposition,
    };
    if (request.size <= request.partSize) {
      const presignedURL = await getSignedUrl(
        this.client,
        new PutObjectCommand({ Bucket: this.bucket, Key: request.key, ...headers }),
        { expiresIn: request.expiresInSeconds },
      );
      return { presignedURL, uploadHeaders };
    }
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: request.key, ...headers }),
    );
    const uploadId = created.UploadId!;
    const count = Math.ceil(request.size / request.partSize);
    const presignedUrls = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        getSignedUrl(
          this.client,
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: request.key,
            UploadId: uploadId,
            PartNumber: index + 1,
          }),
          { expiresIn: request.expiresInSeconds },
        ),
      ),
    );
    // Parts carry no headers of their own: the object's were set when the upload was created.
    return { uploadId, presignedUrls, partSize: request.partSize, uploadHeaders: {} };
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.eTag })),
          },
        }),
      );
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500)
        throw new StorageError(error.message, 'bad_upload');
      throw error;
    }
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (!isMissing(error) && !(error instanceof S3ServiceException && error.name === 'NoSuchUpload'))
        throw error;
    }
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
      }),
      { expiresIn: Math.min(options.expiresInSeconds, 7 * 86_400) },
    );
  }

  /** Our media jobs' folders (named with SCRATCH_PREFIX) in our scratch folder. */
  sweepScratch(olderThan: Date): Promise<number> {
    return removeUntouched(this.scratch, olderThan, (name) => name.startsWith(SCRATCH_PREFIX));
  }

  /**
   * Aborts multipart uploads started before the cutoff. Stores that cannot list them (some
   * S3 look-alikes) are skipped: give the bucket a lifecycle rule instead (README).
   */
  async sweepAbandonedUploads(olderThan: Date): Promise<number> {
    try {
      return await this.abortOldUploads(olderThan);
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return 0;
      throw error;
    }
  }

  private async abortOldUploads(olderThan: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Initiated && upload.Initiated < olderThan && upload.Key && upload.UploadId) {
          await this.abortMultipartUpload(upload.Key, upload.UploadId);
          removed++;
        }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }
}
