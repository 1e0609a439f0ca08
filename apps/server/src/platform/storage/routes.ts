import path from 'node:path';
import { messages } from '@hookline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.js';
import type { LocalStorage } from './local-storage.js';
import { STORAGE_ROUTE, type StorageGrant, type UrlSigner } from './signed-urls.js';
import { type ByteRange, type Storage, StorageError } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

/** User files never run as pages of this origin, whatever they contain. */
const USER_CONTENT_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
/** PDFs open in the browser's own viewer, framed by the player (a sandbox would block the viewer). */
const PDF_CSP = "frame-ancestors 'self'";
const REDIRECT_SECONDS = 3600;

interface GrantQuery {
  g?: string;
  s?: string;
}

/**
 * The API's signed storage URLs (signed-urls.ts): GET streams a local object with Range
 * support (video seeking) or redirects to S3; PUT receives an upload or one part of it.
 * The grant is the authorisation, so these routes are public.
 */
export async function storageRoutes(
  app: FastifyInstance,
  options: {
    storage: Storage;
    signer: UrlSigner;
    /** Whether a share still stands: URLs handed to its visitors name it (signed-urls.ts `sh`). */
    shareExists?: (id: string) => Promise<boolean>;
  },
) {
  const { storage, signer, shareExists } = options;
  const grantOf = (request: FastifyRequest): StorageGrant => {
    const query = request.query as GrantQuery;
    const grant = signer.verify(query.g, query.s);
    if (!grant) throw forbidden(messages.auth.linkExpired);
    return grant;
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = grantOf(request);
    if (grant.op !== 'get') throw forbidden(messages.auth.linkExpired);
    if (grant.sh && !(await shareExists?.(grant.sh))) throw forbidden(messages.auth.linkExpired);
    if (storage.driver === 's3') {
      // A share visitor's redirect lapses with their URL (10 minutes at most).
      const left = Math.max(1, grant.exp - Math.floor(Date.now() / 1000));
      const url = await storage.downloadUrl(grant.key, {
        expiresInSeconds: grant.sh ? Math.min(left, REDIRECT_SECONDS) : REDIRECT_SECONDS,
        contentDisposition: grant.cd,
        contentType: grant.ct,
        cacheControl: grant.cc,
      });
      return reply.header('cache-control', `private, max-age=${REDIRECT_SECONDS - 60}`).redirect(url, 302);
    }
    const info = await storage.head(grant.key);
    if (!info) throw notFound(messages.library.itemDeleted);
    const contentType = grant.ct ?? CONTENT_TYPES[path.extname(grant.key)] ?? 'application/octet-stream';
    // SVG can carry script: only ever as a download (thumbnails are rasterised webp).
    const disposition = contentType.startsWith('image/svg') ? attachmentOf(grant.cd) : (grant.cd ?? 'inline');
    const etag = `"${info.etag}"`;
    reply
      .header('content-type', contentType)
      .header('content-disposition', disposition)
      .header('cache-control', grant.cc ?? 'private, max-age=2592000')
      .header('content-security-policy', contentType === 'application/pdf' ? PDF_CSP : USER_CONTENT_CSP)
      .header('accept-ranges', 'bytes')
      .header('etag', etag);
    if (info.lastModified) reply.header('last-modified', info.lastModified.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    }
    if (request.method === 'HEAD') return reply.header('content-length', info.size).send();
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(await storage.read(grant.key, range));
    }
    reply.header('content-length', info.size);
    return reply.send(await storage.read(grant.key));
  };

  // Stored bytes go out as they are: media is compressed already and range requests need the original offsets.
  app.get(
    STORAGE_ROUTE,
    { config: { permission: 'public' }, compress: false, schema: { hide: true } },
    serve,
  );

  // Uploads: the body is the file, streamed to disk as it arrives (never parsed or buffered).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.put(
      STORAGE_ROUTE,
      { config: { permission: 'public' }, compress: false, schema: { hide: true } },
      async (request, reply) => {
        const grant = grantOf(request);
        if (storage.driver !== 'local') throw badRequest('Uploads go to the object store directly');
        const local = storage as LocalStorage;
        try {
          if (grant.op === 'put') {
            await local.receive(grant.key, request.raw, grant.max);
            return reply.header('etag', '"single"').send();
          }
          if (grant.op === 'part') {
            const etag = await local.receivePart(grant, request.raw);
            return reply.header('etag', `"${etag}"`).send();
          }
        } catch (error) {
          if (error instanceof StorageError) {
            throw new AppError(error.kind === 'not_found' ? 'not_found' : 'payload_too_large', error.message);
          }
          throw error;
        }
        throw forbidden(messages.auth.linkExpired);
      },
    );
  });
}

function attachmentOf(disposition: string | undefined): string {
  if (!disposition) return 'attachment';
  return disposition.replace(/^inline/, 'attachment');
}

/** One 'bytes=a-b' range (what browsers send for media); undefined = the whole object. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
