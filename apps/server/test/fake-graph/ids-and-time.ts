import { randomBytes } from 'node:crypto';

/** Seeded randomness, Meta's timestamps and day arithmetic, random trace ids and tokens. */

export const DAY_MS = 86_400_000;
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Meta's timestamp format: 2026-10-01T12:00:00+0000. */
export const fbTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');
export const parseFbTime = (value: string) => new Date(value.replace(/\+0000$/, 'Z'));
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => isoDay(new Date(dayMs(day) + days * DAY_MS));
export const traceId = () => `A${randomBytes(8).toString('base64url')}`;
export const newToken = () => `EAAF${randomBytes(30).toString('base64url')}`;
