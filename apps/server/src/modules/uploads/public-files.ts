import { randomUUID } from 'node:crypto';
import { fileExtension, MULTIPART_PART_SIZE_BYTES, messages, UPLOAD_LIMITS } from '@hookline/contract';
import type { Actor } from '../../platform/http/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { contentTypeOfExtension } from '../../platform/media/content-types.js';
import { contentMatchesExtension, SNIFF_BYTES, sniff } from '../../platform/media/sniff.js';
import { stableExpiry, type UrlSigner } from '../../platform/storage/signed-urls.js';
import { type Storage, StorageError } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import { VARIANT_CACHE_CONTROL } from '../library/media-urls.js';
import { firstBytes } from './first-bytes.js';

const SMALL_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'];

/**
 * Small single uploads (POST /upload/url: a brand logo, a profile image under 2 MB) and the
 * public files they become, checked once on first read.
 */
export class PublicFiles {
  constructor(
    private readonly access: AccessService,
    private readonly storage: Storage,
    private readonly signer: UrlSigner,
  ) {}

  /** POST /upload/url: a signed PUT for a logo or profile image under 2 MB, and where it will be read. */
  async smallUploadUrl(
    actor: Actor,
    body: { fileName: string; contentType: string; size: number },
  ): Promise<{ presignedURL: string; uploadHeaders: Record<string, string>; url: string }> {
    await this.access.require(actor, 'upload.small');
    if (body.size >= UPLOAD_LIMITS.profileImageMaxBytes) throw badRequest(messages.library.fileTooLarge);
    const extension = fileExtension(body.fileName).replace('jpeg', 'jpg');
    if (!SMALL_UPLOAD_EXTENSIONS.includes(extension))
      throw badRequest('Please choose a JPG, PNG, WebP or GIF image');
    const id = randomUUID();
    // The URL writes a staging object; the file is made from it once, when first read, and
    // only if its bytes are the image its name says (publicFileUrl).
    const target = await this.storage.createUploadTarget({
      key: `public/${id}/upload`,
      size: body.size,
      contentType: contentTypeOfExtension(extension),
      cacheControl: VARIANT_CACHE_CONTROL,
      contentDisposition: 'inline',
      partSize: MULTIPART_PART_SIZE_BYTES,
      expiresInSeconds: 3600,
    });
    return {
      presignedURL: target.presignedURL!,
      uploadHeaders: target.uploadHeaders,
      url: `/api/public-files/${id}.${extension}`,
    };
  }

  /**
   * Where GET /api/public-files/{name} sends the browser (a fresh signed URL). The first read
   * turns the staging object the client PUT into the public file, after checking it is an
   * image of its extension under the size limit; from then on the file never changes, so the
   * upload URL cannot be used to host other bytes (security review). 404 otherwise.
   */
  async publicFileUrl(name: string): Promise<string> {
    const match = /^([0-9a-f-]{36})\.(jpg|png|webp|gif)$/.exec(name);
    if (!match) throw notFound();
    const [, id, extension] = match as unknown as [string, string, string];
    const key = `public/${id}/file.${extension}`;
    if (!(await this.storage.head(key))) await this.promotePublicFile(id!, extension!, key);
    return this.signer.url({ op: 'get', key, exp: stableExpiry(), cc: VARIANT_CACHE_CONTROL });
  }

  private async promotePublicFile(id: string, extension: string, key: string): Promise<void> {
    const staging = `public/${id}/upload`;
    const head = await this.storage.head(staging);
    if (!head) throw notFound();
    const refuse = async () => {
      await this.storage.delete(staging);
      throw notFound();
    };
    if (head.size === 0 || head.size >= UPLOAD_LIMITS.profileImageMaxBytes) return refuse();
    const bytes = await firstBytes(
      await this.storage.read(staging, { start: 0, end: Math.min(head.size, SNIFF_BYTES) - 1 }),
      SNIFF_BYTES,
    );
    if (!contentMatchesExtension(sniff(bytes), extension)) return refuse();
    await this.storage.move(staging, key).catch((error: unknown) => {
      // Promoted by a concurrent first read.
      if (!(error instanceof StorageError && error.kind === 'not_found')) throw error;
    });
  }
}
