import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, e-mail tokens, invitation tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as SHA-256 digests only; a database leak reveals no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
