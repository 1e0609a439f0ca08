import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Signed storage URLs served by the API: a grant (what may be done with which key until
 * when) and its HMAC. Every API and worker process signs with the same secret
 * (SIGNING_SECRET, or one generated once into DATA_DIR on a single machine).
 */

export const STORAGE_ROUTE = '/api/storage/object';

export type StorageGrant =
  | {
      op: 'get';
      key: string;
      exp: number;
      /** Content-Disposition. */
      cd?: string | undefined;
      /** Content-Type. */
      ct?: string | undefined;
      /** Cache-Control. */
      cc?: string | undefined;
      /** The share a visitor's URL was handed out under: refused once the share is gone. */
      sh?: string | undefined;
    }
  | { op: 'put'; key: string; exp: number; max: number }
  | { op: 'part'; key: string; exp: number; uploadId: string; part: number; partSize: number };

export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  /** A path with the grant and its signature ('/api/storage/object?g=…&s=…'). */
  url(grant: StorageGrant): string {
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${STORAGE_ROUTE}?g=${payload}&s=${this.sign(payload)}`;
  }

  /**
   * The grant when the signature is right and it has not expired; undefined otherwise. Each
   * part must come once: a repeated `g` or `s` (the query parser answers an array) is no grant.
   */
  verify(payload: unknown, signature: unknown, now = Date.now()): StorageGrant | undefined {
    if (typeof payload !== 'string' || typeof signature !== 'string' || !payload || !signature)
      return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StorageGrant;
      return typeof grant.exp === 'number' && grant.exp * 1000 > now ? grant : undefined;
    } catch {
      return undefined;
    }
  }

  /** A key for another purpose derived from the same secret (HKDF), e.g. sealing share links. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.secret, Buffer.alloc(0), `hookline:${purpose}`, 32));
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/**
 * Expiry for URLs that lists hand out: the end of tomorrow (UTC), so the same object gets
 * the same URL all day and the browser's cache works, and every URL lives 24–48 hours.
 */
export function stableExpiry(now = Date.now()): number {
  const day = 86_400;
  return (Math.floor(now / 1000 / day) + 2) * day;
}

const SECRET_FILE = 'signing-secret';

/** SIGNING_SECRET, or the one stored in DATA_DIR (created on first use, readable by the owner only). */
export async function loadSigningSecret(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    await fs.writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another start won the race: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64url');
    throw error;
  }
}
