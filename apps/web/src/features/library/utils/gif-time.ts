/**
 * GIF times (000 §5): MM:SS:MS where MS are hundredths of a second (two digits), so
 * 00:03:00 is 3 seconds. Digits only, a colon added as the user types, minutes and seconds
 * 0 to 60, hundredths at most 99 (more digits are trimmed). The API takes milliseconds.
 */

export const GIF_TIME_FORMAT = 'MM:SS:MS';
/** Minutes and seconds go up to 60 (000 §5). */
const MAX_MINUTES_OR_SECONDS = 60;
const MAX_HUNDREDTHS = 99;
const DIGITS = 6;

/**
 * The longest GIF the server makes (its GIF_MAX_SECONDS; not in packages/contract yet):
 * longer ranges are refused before the request.
 */
export const GIF_MAX_DURATION_MS = 30_000;

const MINUTE_MS = 60_000;
const SECOND_MS = 1000;
const HUNDREDTH_MS = 10;

/**
 * The typing mask: keeps digits only (at most six: more are trimmed), caps a complete
 * minutes or seconds pair at 60, and puts a colon after every complete pair that is
 * followed by more digits: '123' → '12:3', '0003005' → '00:03:00', '7561' → '60:60'.
 */
export function maskGifTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, DIGITS);
  const pairs = digits.match(/\d{1,2}/g) ?? [];
  return pairs
    .map((pair, index) =>
      index < 2 && pair.length === 2 && Number(pair) > MAX_MINUTES_OR_SECONDS
        ? String(MAX_MINUTES_OR_SECONDS)
        : pair,
    )
    .join(':');
}

/**
 * MM[:SS[:MS]] → milliseconds; an empty field is zero; null for anything that is not a
 * masked value (letters, a unit out of range). Missing parts count as zero.
 */
export function parseGifTime(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const match = /^(\d{1,2})(?::(\d{1,2}))?(?::(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]);
  const seconds = Number(match[2] ?? 0);
  const hundredths = Number(match[3] ?? 0);
  if (minutes > MAX_MINUTES_OR_SECONDS || seconds > MAX_MINUTES_OR_SECONDS || hundredths > MAX_HUNDREDTHS)
    return null;
  return minutes * MINUTE_MS + seconds * SECOND_MS + hundredths * HUNDREDTH_MS;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Milliseconds → 'MM:SS:MS' (rounded to hundredths; negative values count as zero). */
export function formatGifTime(ms: number): string {
  const total = Math.max(0, Math.round(ms / HUNDREDTH_MS));
  const hundredths = total % 100;
  const seconds = Math.floor(total / 100) % 60;
  const minutes = Math.floor(total / 6000);
  return `${pad(minutes)}:${pad(seconds)}:${pad(hundredths)}`;
}

/** A field's text as shown after editing: complete, zero-padded ('3' → '03:00:00'). */
export function normalizeGifTime(text: string): string {
  const ms = parseGifTime(text);
  return ms === null ? text : formatGifTime(ms);
}

export type GifRangeProblem = 'order' | 'tooLong';

/**
 * 'order': the start is not before the end while both are set ('validation.time'; a zero
 * start or end passes, 000 §5). 'tooLong': more than GIF_MAX_DURATION_MS.
 */
export function gifRangeProblem(startMs: number, endMs: number): GifRangeProblem | null {
  if (startMs > 0 && endMs > 0 && startMs >= endMs) return 'order';
  if (endMs - startMs > GIF_MAX_DURATION_MS) return 'tooLong';
  return null;
}

/** Generate is possible for a parsed range with an end after the start and no problem. */
export function canGenerateGif(startMs: number | null, endMs: number | null): boolean {
  if (startMs === null || endMs === null) return false;
  return endMs > startMs && gifRangeProblem(startMs, endMs) === null;
}
