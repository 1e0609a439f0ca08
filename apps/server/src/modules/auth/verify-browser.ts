import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/security/tokens.js';

/**
 * The cookie that marks the browser which chose an unverified account's password (at sign-up,
 * or by typing it at a sign-in that answered 403): only there does a verification link verify
 * on its own (AuthService.verifyEmail). HttpOnly, SameSite=Strict, sent to the verify route only.
 * Its value is an HMAC of the user and their current password hash, so it needs no table and
 * proves nothing once the password changes.
 */
export const VERIFY_BROWSER_COOKIE = 'hookline_verify_browser';
const VERIFY_BROWSER_PATH = '/api/auth/verify-email';

export class VerifyBrowser {
  constructor(
    /** Derived from the signing secret (index.ts). */
    private readonly key: Buffer,
    private readonly secure: boolean,
    private readonly maxAgeMs: number,
  ) {}

  /** The proof of a user's current password (none without a password). */
  proof(userId: string, passwordHash: string | null): string | undefined {
    if (!passwordHash) return undefined;
    return createHmac('sha256', this.key).update(`${userId}\n${passwordHash}`).digest('base64url');
  }

  /** Whether the cookie a request came with proves this user's current password. */
  proves(cookie: string | undefined, userId: string, passwordHash: string | null): boolean {
    const expected = this.proof(userId, passwordHash);
    return Boolean(expected && cookie && safeEqual(cookie, expected));
  }

  /** The Set-Cookie value that keeps (or, with null, clears) a proof. */
  cookie(proof: string | null): string {
    const secure = this.secure ? '; Secure' : '';
    const maxAge = proof === null ? 0 : Math.floor(this.maxAgeMs / 1000);
    return `${VERIFY_BROWSER_COOKIE}=${proof ?? ''}; Path=${VERIFY_BROWSER_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
  }
}
