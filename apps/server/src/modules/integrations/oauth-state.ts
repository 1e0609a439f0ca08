import { createHmac, randomBytes } from 'node:crypto';
import type { IntegrationVendor } from '@hookline/contract';
import { hashToken, safeEqual } from '../../platform/security/tokens.js';

/** How long an authorization may take (the Meta integration issue: 10 minutes, single use). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface StatePayload {
  nonce: string;
  userId: string;
  brandId: string;
  vendor: IntegrationVendor;
  expiresAt: number;
}

/**
 * The `state` an authorization dialog carries back: who started it, for which brand and
 * vendor, until when, signed (HMAC-SHA256) so it cannot be forged; its nonce is stored
 * hashed and used once.
 */
export class OauthStates {
  constructor(private readonly key: Buffer) {}

  mint(
    input: Omit<StatePayload, 'nonce' | 'expiresAt'>,
    now = Date.now(),
  ): { state: string; payload: StatePayload } {
    const payload: StatePayload = {
      ...input,
      nonce: randomBytes(16).toString('base64url'),
      expiresAt: now + OAUTH_STATE_TTL_MS,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { state: `${body}.${this.sign(body)}`, payload };
  }

  /** The payload of a well-signed, unexpired state; null otherwise (single use is the caller's store). */
  read(state: string, now = Date.now()): StatePayload | null {
    const [body, signature, extra] = state.split('.');
    if (!body || !signature || extra !== undefined) return null;
    if (!safeEqual(this.sign(body), signature)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
      return typeof payload.expiresAt === 'number' && payload.expiresAt > now ? payload : null;
    } catch {
      return null;
    }
  }

  static nonceHash(nonce: string): string {
    return hashToken(nonce);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
