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
  let durationMs: number | null = null;
  try {
    if (file.type === 'IMAGE') {
      hashes.push(await dHash(input).catch(() => rasterizedHash(tools, input, work, 'still')));
    } else {
      const seconds = file.length ?? (await tools.probe(input)).duration ?? 0;
      durationMs = Math.round(seconds * 1000);
      for (const [i, at] of DUPLICATE_KEYFRAMES.entries())
        hashes.push(await rasterizedHash(tools, input, work, `keyframe-${i}`, seconds * at));
    }
  } catch {
    hashes.length = 0; // no picture: only an identical file matches
  }
  return { kind: file.type, sha256, hashes, bands: bandsOf(hashes[0]), durationMs };
}

/** A picture ffmpeg decodes (a video frame at `atSeconds`, an image sharp cannot read) hashed. */
async function rasterizedHash(
  tools: MediaTools,
  input: string,
  work: string,
  name: string,
  atSeconds?: number,
) {
  const frame = path.join(work, `${name}.png`);
  await tools.rasterize(input, frame, atSeconds === undefined ? {} : { atSeconds });
  return dHash(frame);
}
