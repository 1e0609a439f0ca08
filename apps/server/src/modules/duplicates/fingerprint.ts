import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DUPLICATE_KEYFRAMES } from '@hookline/contract';
import sharp from 'sharp';
import type { MediaTools } from '../../platform/media/media-tools.js';

/** What the duplicates check keeps of a file (asset_fingerprints without its resolution). */
export interface Fingerprint {
  kind: 'IMAGE' | 'VIDEO';
  sha256: string | null;
  /** 16 hex digits each: an image's dHash, or a video's keyframes' (empty: no picture could be read). */
  hashes: string[];
  /** Each picture's 3 × 3 colour grid (RGB, 54 hex digits), in the order of `hashes`. */
  colours: string[];
  bands: number[];
  durationMs: number | null;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The 64-bit difference hash of a picture: greyscale at 9 × 8, one bit per pair of
 * neighbours in a row (left brighter). Scaling, re-encoding and small edits keep most bits.
 */
export async function dHash(picture: string | Buffer): Promise<string> {
  const pixels = await sharp(picture, { limitInputPixels: false })
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++)
      bits = (bits << 1n) | (pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** A picture's colours, coarsely: the mean RGB of each cell of a 3 × 3 grid, as hex. */
export async function colourGrid(picture: string | Buffer): Promise<string> {
  const pixels = await sharp(picture, { limitInputPixels: false })
    .rotate()
    .removeAlpha()
    .resize(3, 3, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return pixels.toString('hex');
}

/** The mean difference of two colour grids' values (0–255). */
export function colourDifference(a: string, b: string): number {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  if (x.length !== y.length || x.length === 0) return 255;
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

/** How many of two hashes' 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** A hash's 8 bytes, each tagged with its place (place × 256 + byte): hashes within 7 bits share one. */
export function bandsOf(hash: string | undefined): number[] {
  if (!hash) return [];
  return Array.from({ length: 8 }, (_, i) => i * 256 + Number.parseInt(hash.slice(i * 2, i * 2 + 2), 16));
}

/**
 * An image's or video's fingerprint from its original on this machine. A picture that
 * cannot be decoded leaves `hashes` empty (the file is still found when identical).
 */
export async function fingerprintFile(
  file: { type: 'IMAGE' | 'VIDEO'; length: number | null },
  input: string,
  tools: MediaTools,
  work: string,
): Promise<Fingerprint> {
  const sha256 = await sha256Of(input);
  const hashes: string[] = [];
  const colours: string[] = [];
  const add = async (name: string, atSeconds?: number) => {
    let picture = input;
    if (file.type === 'IMAGE') {
      const read = await Promise.all([dHash(input), colourGrid(input)]).catch(() => undefined);
      if (read) {
        hashes.push(read[0]);
        colours.push(read[1]);
        return;
      }
    }
    // A video frame, or an image libvips cannot read: ffmpeg decodes it first.
    picture = path.join(work, `${name}.png`);
    await tools.rasterize(input, picture, atSeconds === undefined ? {} : { atSeconds });
    hashes.push(await dHash(picture));
    colours.push(await colourGrid(picture));
  };
  let durationMs: number | null = null;
  try {
    if (file.type === 'IMAGE') {
      await add('still');
    } else {
      const seconds = file.length ?? (await tools.probe(input)).duration ?? 0;
      durationMs = Math.round(seconds * 1000);
      for (const [i, at] of DUPLICATE_KEYFRAMES.entries()) await add(`keyframe-${i}`, seconds * at);
    }
  } catch {
    // No picture: only an identical file matches.
    hashes.length = 0;
    colours.length = 0;
  }
  return { kind: file.type, sha256, hashes, colours, bands: bandsOf(hashes[0]), durationMs };
}
