import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SHARE_SESSION_PREFIX, SHARE_TOKEN_PREFIX } from '@hookline/contract';
import { hashToken } from '../../platform/security/tokens.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';

/**
 * Link tokens: 192 random bits after `shr_`. A token finds its share by an HMAC (never
 * stored as is), and is kept sealed (AES-256-GCM) with a key derived from SIGNING_SECRET so
 * the owner can copy the link again. Neither key is the URL-signing key itself.
 */
export class ShareTokens {
  private readonly macKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(signer: UrlSigner) {
    this.macKey = signer.deriveKey('share-token-mac');
    this.sealKey = signer.deriveKey('share-token-seal');
  }

  mint(): { token: string; hmac: string; sealed: string } {
    const token = `${SHARE_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
    return { token, hmac: this.hmac(token), sealed: this.seal(token) };
  }

  hmac(token: string): string {
    return createHmac('sha256', this.macKey).update(token).digest('base64url');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  private seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }
}

/** A locked link's session: a random token, stored hashed. */
export function mintSessionToken(): { token: string; hash: string } {
  const token = `${SHARE_SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}
