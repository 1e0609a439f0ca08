import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeUntouched } from './scratch.js';
import type { StorageGrant, UrlSigner } from './signed-urls.js';
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

interface MultipartMeta {
  key: string;
  partSize: number;
  size: number;
  createdAt: string;
}

interface PartRecord {
  etag: string;
  size: number;
}

/** Writes buffer up to 1 MB: the socket keeps reading while the disk writes (16 kB halves the speed). */
const WRITE_BUFFER = 1024 * 1024;

/** Flushes a file's data to the disk: an upload is acknowledged only once it is durable, as by an object store. */
async function flush(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Bytes under DATA_DIR/storage: `objects/<key>`, multipart uploads in `uploads/<id>/`
 * (each part written straight to its offset of one file, so completing is a rename, not a
 * copy), single PUTs through `tmp/` then renamed (a crash never leaves half an object).
 * Upload and download URLs are the API's own signed URLs (signed-urls.ts).
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  private readonly objects: string;
  private readonly uploads: string;
  private readonly tmp: string;

  constructor(
    root: string,
    private readonly signer: UrlSigner,
  ) {
    this.objects = path.join(root, 'objects');
    this.uploads = path.join(root, 'uploads');
    this.tmp = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await Promise.all(
      [this.objects, this.uploads, this.tmp].map((dir) => fs.mkdir(dir, { recursive: true })),
    );
  }

  private objectPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.objects, key);
  }

  localPath(key: string): string {
    return this.objectPath(key);
  }

  async put(key: string, body: Readable | Buffer, _options: PutOptions = {}): Promise<void> {
    const target = this.objectPath(key);
    const temp = path.join(this.tmp, randomUUID());
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp, { highWaterMark: WRITE_BUFFER }));
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.objectPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another disk: copy, then drop the work file.
      await this.put(key, createReadStream(file));
      await fs.rm(file, { force: true });
    }
  }

  scratchDir(): string {
    return this.tmp;
  }

  /** Writes a request body to a new object; refuses more than maxBytes. Answers the size. */
  async receive(key: string, body: Readable, maxBytes: number): Promise<number> {
    const target = this.objectPath(key);
    const temp = path.join(this.tmp, randomUUID());
    await fs.mkdir(path.dirname(target), { recursive: true });
    const counter = byteLimit(maxBytes);
    try {
      await pipeline(body, counter, createWriteStream(temp, { highWaterMark: WRITE_BUFFER }));
      await flush(temp);
      await fs.rename(temp, target);
      return counter.bytes;
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /** Writes one part of a multipart upload at its offset; answers its ETag. */
  async receivePart(grant: Extract<StorageGrant, { op: 'part' }>, body: Readable): Promise<string> {
    const dir = this.uploadDir(grant.uploadId);
    const meta = await this.readMeta(grant.uploadId);
    if (!meta || meta.key !== grant.key)
      throw new StorageError('This upload is over or was cancelled', 'not_found');
    const data = path.join(dir, 'data');
    // 'a' creates the file without truncating the parts other requests are writing.
    await (await fs.open(data, 'a')).close();
    const counter = byteLimit(grant.partSize);
    await pipeline(
      body,
      counter,
      createWriteStream(data, {
        flags: 'r+',
        start: (grant.part - 1) * grant.partSize,
        highWaterMark: WRITE_BUFFER,
      }),
    );
    await flush(data);
    const etag = randomBytes(16).toString('hex');
    // The record is written after the bytes: a part without one did not arrive.
    await fs.writeFile(
      path.join(dir, 'parts', `${grant.part}.json`),
      JSON.stringify({ etag, size: counter.bytes } satisfies PartRecord),
    );
    return etag;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.objectPath(key);
    try {
      const handle = await fs.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StorageError(`No object ${key}`, 'not_found');
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.stat(this.objectPath(key));
      if (!stat.isFile()) return null;
      return {
        size: stat.size,
        lastModified: stat.mtime,
        etag: `${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}`,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.objectPath(key), { force: true });
  }

  /**
   * Moves an object into a new file (a reflink or a copy, then a rename), never a rename of
   * the source: a multipart part still being written holds the source open, and its late
   * bytes must land in the discarded source, not in the object that was just checked.
   */
  async move(from: string, to: string): Promise<void> {
    const source = this.objectPath(from);
    const target = this.objectPath(to);
    const temp = path.join(this.tmp, randomUUID());
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(source, temp, fsConstants.COPYFILE_FICLONE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StorageError(`No object ${from}`, 'not_found');
      throw error;
    }
    await fs.rename(temp, target);
    await fs.rm(source, { force: true });
  }

  async *listObjects(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    const walk = async function* (dir: string): AsyncIterable<string> {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full);
        else yield full;
      }
    };
    for await (const file of walk(path.join(this.objects, prefix))) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat)
        yield { key: path.relative(this.objects, file).split(path.sep).join('/'), lastModified: stat.mtime };
    }
  }

  async uploadActivity(key: string, uploadId?: string): Promise<Date | undefined> {
    const files = uploadId
      ? await fs
          .readdir(path.join(this.uploadDir(uploadId), 'parts'))
          .then((names) => names.map((name) => path.join(this.uploadDir(uploadId), 'parts', name)))
          .catch(() => [])
      : [this.objectPath(key)];
    let newest: number | undefined;
    for (const file of files) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat) newest = Math.max(newest ?? 0, stat.mtimeMs);
    }
    return newest === undefined ? undefined : new Date(newest);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    await fs.rm(path.join(this.objects, prefix), { recursive: true, force: true });
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTargetResult> {
    assertSafeKey(request.key);
    const exp = Math.floor(Date.now() / 1000) + request.expiresInSeconds;
    const uploadHeaders = {
      'Content-Type': request.contentType,
      'Cache-Control': request.cacheControl,
      'Content-Disposition': request.contentDisposition,
    };
    if (request.size <= request.partSize) {
      return {
        presignedURL: this.signer.url({ op: 'put', key: request.key, exp, max: request.size }),
        uploadHeaders,
      };
    }
    const uploadId = randomUUID();
    const dir = this.uploadDir(uploadId);
    await fs.mkdir(path.join(dir, 'parts'), { recursive: true });
    await fs.writeFile(
      path.join(dir, 'meta.json'),
      JSON.stringify({
        key: request.key,
        partSize: request.partSize,
        size: request.size,
        createdAt: new Date().toISOString(),
      } satisfies MultipartMeta),
    );
    const count = Math.ceil(request.size / request.partSize);
    const presignedUrls = Array.from({ length: count }, (_, index) =>
      this.signer.url({
        op: 'part',
        key: request.key,
        exp,
        uploadId,
        part: index + 1,
        partSize: request.partSize,
      }),
    );
    return { uploadId, presignedUrls, partSize: request.partSize, uploadHeaders };
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    const meta = await this.readMeta(uploadId);
    if (!meta || meta.key !== key)
      throw new StorageError('This upload is over or was cancelled', 'bad_upload');
    const dir = this.uploadDir(uploadId);
    const expected = Math.ceil(meta.size / meta.partSize);
    const given = new Map(parts.map((p) => [p.partNumber, p.eTag.replaceAll('"', '')]));
    if (given.size !== expected) throw new StorageError('Some parts are missing', 'bad_upload');
    let total = 0;
    for (let part = 1; part <= expected; part++) {
      const record = await readJson<PartRecord>(path.join(dir, 'parts', `${part}.json`));
      if (!record || record.etag !== given.get(part))
        throw new StorageError(`Part ${part} did not arrive`, 'bad_upload');
      const wanted = part < expected ? meta.partSize : meta.size - meta.partSize * (expected - 1);
      if (record.size !== wanted) throw new StorageError(`Part ${part} has the wrong size`, 'bad_upload');
      total += record.size;
    }
    const data = path.join(dir, 'data');
    // Retried parts may have left the file longer than the object.
    await fs.truncate(data, total);
    const target = this.objectPath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(data, target);
    await fs.rm(dir, { recursive: true, force: true });
  }

  async abortMultipartUpload(_key: string, uploadId: string): Promise<void> {
    await fs.rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    return this.signer.url({
      op: 'get',
      key,
      exp: Math.floor(Date.now() / 1000) + options.expiresInSeconds,
      cd: options.contentDisposition,
      ct: options.contentType,
      cc: options.cacheControl,
    });
  }

  async sweepAbandonedUploads(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const entry of await fs.readdir(this.uploads).catch(() => [])) {
      const meta = await this.readMeta(entry);
      const created = meta ? new Date(meta.createdAt) : (await fs.stat(this.uploadDir(entry))).mtime;
      if (created < olderThan) {
        await fs.rm(this.uploadDir(entry), { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  sweepScratch(olderThan: Date): Promise<number> {
    return removeUntouched(this.tmp, olderThan, () => true);
  }

  private uploadDir(uploadId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new StorageError('Unknown upload', 'not_found');
    return path.join(this.uploads, uploadId);
  }

  private readMeta(uploadId: string): Promise<MultipartMeta | undefined> {
    return readJson<MultipartMeta>(path.join(this.uploadDir(uploadId), 'meta.json'));
  }
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Passes bytes through, counting them; fails once more than max arrive. */
function byteLimit(max: number): Transform & { bytes: number } {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      stream.bytes += chunk.length;
      if (stream.bytes > max) callback(new StorageError('The upload is larger than announced', 'bad_upload'));
      else callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  stream.bytes = 0;
  return stream;
}
