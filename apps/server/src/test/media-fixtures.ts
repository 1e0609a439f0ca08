import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../platform/media/binaries.js';
import { simplePdf } from '../platform/media/simple-pdf.js';
import { synthesizeTone, synthesizeVideo } from '../platform/media/synthetic-media.js';

/**
 * Real media files for tests, made once per test process with sharp and ffmpeg and kept in
 * a temp folder: images, videos, audio, a PDF, and the bad files the upload rules refuse.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-fixtures-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
const cache = new Map<string, Buffer>();
export const binaries = resolveMediaBinaries({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
});

async function cached(name: string, make: (file: string) => Promise<void> | void): Promise<Buffer> {
  const hit = cache.get(name);
  if (hit) return hit;
  const file = path.join(dir, name);
  await make(file);
  const bytes = fs.readFileSync(file);
  cache.set(name, bytes);
  return bytes;
}

export function image(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
): Promise<Buffer> {
  return cached(`image-${width}x${height}.${format}`, async (file) => {
    await sharp({
      create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="orange"/></svg>`,
          ),
        },
      ])
      .toFormat(format)
      .toFile(file);
  });
}

export function video(
  seconds: number,
  options: { width?: number; height?: number; audio?: boolean; fps?: number } = {},
): Promise<Buffer> {
  const { width = 640, height = 360, audio = true, fps = 25 } = options;
  return cached(`video-${seconds}s-${width}x${height}-${audio}-${fps}.mp4`, async (file) => {
    await synthesizeVideo(binaries.ffmpeg, file, {
      seconds,
      width,
      height,
      fps,
      pattern: 'testsrc',
      sound: audio ? 440 : false,
      preset: 'ultrafast',
    });
  });
}

export function audio(seconds: number): Promise<Buffer> {
  return cached(`audio-${seconds}s.wav`, async (file) => {
    await synthesizeTone(binaries.ffmpeg, file, seconds);
  });
}

/** A one-page PDF with a line of text and a filled box. */
export function pdf(): Buffer {
  return simplePdf([
    {
      lines: [{ text: 'Hookline brief', size: 48, x: 72, y: 700 }],
      boxes: [{ x: 72, y: 300, width: 450, height: 250, rgb: [0.2, 0.5, 0.9] }],
    },
  ]);
}

/** A Windows executable's first bytes ('MZ' header), whatever it is named. */
export function executable(): Buffer {
  const bytes = Buffer.alloc(4096, 0x90);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}

/**
 * A branded picture as the demo makes them (a gradient, a translucent circle, a title),
 * 1600 × 900 JPEG: the duplicates, similar-pictures and asset-performance tests tell near
 * copies from other pictures with it. `circleX` moves the circle (0–1 of the width); `x2` 0
 * turns the gradient vertical.
 */
export function brandedPicture(
  colors: [string, string],
  title: string,
  circleX = 0.72,
  x2 = 1,
): Promise<Buffer> {
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${1600 * circleX}" cy="342" r="198" fill="#ffffff" fill-opacity="0.3"/>
  <text x="128" y="738" font-family="DejaVu Sans" font-size="82" font-weight="700" fill="#ffffff">${title}</text>
</svg>`),
  )
    .jpeg({ quality: 86 })
    .toBuffer();
}
