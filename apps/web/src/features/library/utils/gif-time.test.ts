import { describe, expect, it } from 'vitest';
import {
  canGenerateGif,
  formatGifTime,
  GIF_MAX_DURATION_MS,
  gifRangeProblem,
  maskGifTime,
  normalizeGifTime,
  parseGifTime,
} from './gif-time';

describe('GIF time mask (000 §5)', () => {
  it('keeps digits only and adds a colon after each complete pair as the user types', () => {
    expect(maskGifTime('')).toBe('');
    expect(maskGifTime('1')).toBe('1');
    expect(maskGifTime('12')).toBe('12');
    expect(maskGifTime('123')).toBe('12:3');
    expect(maskGifTime('1234')).toBe('12:34');
    expect(maskGifTime('12345')).toBe('12:34:5');
    expect(maskGifTime('123456')).toBe('12:34:56');
    expect(maskGifTime('a1b2:c3')).toBe('12:3');
    expect(maskGifTime('00:03:00')).toBe('00:03:00');
  });

  it('trims digits past the hundredths', () => {
    expect(maskGifTime('0003005')).toBe('00:03:00');
    expect(maskGifTime('00:03:999')).toBe('00:03:99');
  });

  it('caps minutes and seconds at 60', () => {
    expect(maskGifTime('75')).toBe('60');
    expect(maskGifTime('0075')).toBe('00:60');
    expect(maskGifTime('7561')).toBe('60:60');
    expect(maskGifTime('6060')).toBe('60:60');
    expect(maskGifTime('005999')).toBe('00:59:99');
  });

  it('a deleted colon comes back with the next digit (backspace just removes digits)', () => {
    expect(maskGifTime('00:03:')).toBe('00:03');
    expect(maskGifTime('00:0')).toBe('00:0');
  });
});

describe('GIF time parsing and formatting', () => {
  it('reads MM:SS:MS where MS are hundredths', () => {
    expect(parseGifTime('00:03:00')).toBe(3000);
    expect(parseGifTime('01:02:50')).toBe(62_500);
    expect(parseGifTime('00:00:01')).toBe(10);
    expect(parseGifTime('60:60:99')).toBe(3_660_990);
  });

  it('counts missing parts and an empty field as zero', () => {
    expect(parseGifTime('')).toBe(0);
    expect(parseGifTime('  ')).toBe(0);
    expect(parseGifTime('01')).toBe(60_000);
    expect(parseGifTime('00:05')).toBe(5000);
  });

  it('refuses what the mask never produces', () => {
    expect(parseGifTime('61:00:00')).toBeNull();
    expect(parseGifTime('00:61:00')).toBeNull();
    expect(parseGifTime('00:00:100')).toBeNull();
    expect(parseGifTime('ab')).toBeNull();
    expect(parseGifTime('1:2:3:4')).toBeNull();
  });

  it('formats milliseconds as MM:SS:MS, rounding to hundredths', () => {
    expect(formatGifTime(0)).toBe('00:00:00');
    expect(formatGifTime(3000)).toBe('00:03:00');
    expect(formatGifTime(62_504)).toBe('01:02:50');
    expect(formatGifTime(62_506)).toBe('01:02:51');
    expect(formatGifTime(-5)).toBe('00:00:00');
    expect(formatGifTime(parseGifTime('12:34:56') ?? -1)).toBe('12:34:56');
  });

  it('normalizes a partly typed value to the full format', () => {
    expect(normalizeGifTime('3')).toBe('03:00:00');
    expect(normalizeGifTime('00:3')).toBe('00:03:00');
    expect(normalizeGifTime('')).toBe('00:00:00');
    expect(normalizeGifTime('xx')).toBe('xx');
  });
});

describe('GIF range', () => {
  it("wants the start before the end ('validation.time'), unless either is zero", () => {
    expect(gifRangeProblem(0, 3000)).toBeNull();
    expect(gifRangeProblem(1000, 3000)).toBeNull();
    expect(gifRangeProblem(3000, 3000)).toBe('order');
    expect(gifRangeProblem(5000, 3000)).toBe('order');
    expect(gifRangeProblem(5000, 0)).toBeNull();
    expect(gifRangeProblem(0, 0)).toBeNull();
  });

  it('refuses ranges longer than the server makes', () => {
    expect(gifRangeProblem(0, GIF_MAX_DURATION_MS)).toBeNull();
    expect(gifRangeProblem(0, GIF_MAX_DURATION_MS + 10)).toBe('tooLong');
  });

  it('generates only for a parsed range that ends after it starts', () => {
    expect(canGenerateGif(0, 3000)).toBe(true);
    expect(canGenerateGif(5000, 0)).toBe(false);
    expect(canGenerateGif(0, 0)).toBe(false);
    expect(canGenerateGif(3000, 1000)).toBe(false);
    expect(canGenerateGif(null, 1000)).toBe(false);
    expect(canGenerateGif(0, 40_000)).toBe(false);
  });
});
