import { createHmac, randomBytes } from 'node:crypto';
import { SHARE_SESSION_PREFIX, SHARE_TOKEN_PREFIX } from '@hookline/contract';
import { Sealer } from '../../platform/security/sealer.js';
import { hashToken } from '../../platform/security/tokens.js';
import type { UrlSigner } from '../../platform/storage/signed-urls.js';

/**
 * Link tokens: 192 random bits after `shr_`. A token finds its share by an HMAC (never
 * stored as is), and is kept sealed (AES-256-GCM) with a key derived from SIGNING_SECRET so
 * the owner can copy the link again. Neither key is the URL-signing key itself.
 */
export class ShareTokens {
  private readonly macKey: Buffer;
  private readonly sealer: Sealer;

  constructor(signer: UrlSigner) {
    this.macKey = signer.deriveKey('share-token-mac');
    this.sealer = new Sealer(signer.deriveKey('share-token-seal'));
  }

  mint(): { token: string; hmac: string; sealed: string } {
    const token = `${SHARE_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
    return { token, hmac: this.hmac(token), sealed: this.sealer.seal(token) };
  }

  hmac(token: string): string {
    return createHmac('sha256', this.macKey).update(token).digest('base64url');
  }

  open(sealed: string): string {
    return this.sealer.open(sealed);
  }
}

/** A locked link's session: a random token, stored hashed. */
export function mintSessionToken(): { token: string; hash: string } {
  const token = `${SHARE_SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}
