import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOcrUnavailable, linesFromTsv, OcrError, ocrAvailable, ocrImage } from './ocr.js';

/**
 * Real tesseract runs. CI installs tesseract-ocr and tesseract-ocr-eng (.ci/run), so a
 * missing binary fails these tests instead of skipping them.
 */

/** A 1600 × 900 ad: a big headline and an offer line in DejaVu Sans (fontconfig, librsvg). */
function adSvg(background: 'gradient' | 'plain'): string {
  const fill = background === 'gradient' ? 'url(#bg)' : '#f5f5f4';
  const headline = background === 'gradient' ? '#ffffff' : '#111111';
  const offer = background === 'gradient' ? '#fde68a' : '#b91c1c';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#7c3aed"/>
  </linearGradient></defs>
  <rect width="1600" height="900" fill="${fill}"/>
  <text x="800" y="380" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="${headline}" text-anchor="middle">Spring sale</text>
  <text x="800" y="560" font-family="DejaVu Sans" font-size="64" fill="${offer}" text-anchor="middle">50% off your first order</text>
</svg>`;
}

const AD_LINES = ['Spring sale', '50% off your first order'];
let dir: string;
let gradientAd: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-ocr-'));
  gradientAd = path.join(dir, 'ad.png');
  await sharp(Buffer.from(adSvg('gradient')))
    .png()
    .toFile(gradientAd);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('tesseract OCR', () => {
  it('is installed with its English data', async () => {
    expect(await ocrAvailable(), 'install tesseract-ocr and tesseract-ocr-eng').toBe(true);
  });

  it('reads an ad headline and offer line over a gradient, exactly', async () => {
    const result = await ocrImage(gradientAd);
    expect(result.lines).toEqual(AD_LINES);
    expect(result.text).toBe(AD_LINES.join('\n'));
  });

  it('reads dark text on a plain background, from a buffer', async () => {
    const png = await sharp(Buffer.from(adSvg('plain')))
      .png()
      .toBuffer();
    expect((await ocrImage(png)).lines).toEqual(AD_LINES);
  });

  it('reads a small picture by enlarging it first', async () => {
    // 240 × 135: the offer line is ~10 px high; read at that size its words score under 70.
    const small = await sharp(gradientAd).resize(240).jpeg({ quality: 90 }).toBuffer();
    expect((await ocrImage(small)).lines).toEqual(AD_LINES);
  });

  it('returns no lines for a picture without text', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    expect(await ocrImage(blank)).toEqual({ lines: [], text: '' });
  });

  it('says tesseract is not installed when the binary is missing', async () => {
    const missing = path.join(dir, 'no-such-tesseract');
    const error = await ocrImage(gradientAd, { tesseractPath: missing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: 'tesseract is not installed' });
    expect(isOcrUnavailable(error)).toBe(true);
    expect(await ocrAvailable(missing)).toBe(false);
  });

  it('says the English data is missing when tesseract has no eng.traineddata', async () => {
    const saved = process.env.TESSDATA_PREFIX;
    process.env.TESSDATA_PREFIX = dir; // a folder without traineddata
    try {
      await expect(ocrImage(gradientAd)).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: "tesseract's English data is not installed (tesseract-ocr-eng)",
      });
    } finally {
      if (saved === undefined) delete process.env.TESSDATA_PREFIX;
      else process.env.TESSDATA_PREFIX = saved;
    }
  });

  it('stops on abort and on timeout', async () => {
    const controller = new AbortController();
    const running = ocrImage(gradientAd, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ code: 'ABORTED' });
    await expect(ocrImage(gradientAd, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ABORTED',
    });
    await expect(ocrImage(gradientAd, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('linesFromTsv', () => {
  const row = (block: number, par: number, line: number, word: number, conf: number, text: string) =>
    ['5', '1', block, par, line, word, 0, 0, 10, 10, conf, text].join('\t');

  it('keeps words of confidence ≥ 80 and joins them by block, paragraph and line', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      ['2', '1', '1', '0', '0', '0', '0', '0', '10', '10', '-1', ''].join('\t'),
      row(1, 1, 1, 1, 96.1, 'Spring'),
      row(1, 1, 1, 2, 95, 'sale'),
      row(1, 1, 2, 1, 42, '~~'),
      row(2, 1, 1, 1, 80, 'Shop'),
      row(2, 1, 1, 2, 79.9, 'n0w'),
      row(2, 1, 1, 3, 91, 'now'),
      row(3, 1, 1, 1, 95, ' '),
      row(3, 1, 1, 2, 12, 'junk'),
      '',
    ].join('\n');
    expect(linesFromTsv(tsv)).toEqual(['Spring sale', 'Shop now']);
    expect(linesFromTsv(tsv, 0)).toEqual(['Spring sale', '~~', 'Shop n0w now', 'junk']);
  });
});
