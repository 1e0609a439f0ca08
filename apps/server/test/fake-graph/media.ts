import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../src/platform/media/binaries.js';
import { synthesizeVideo } from '../../src/platform/media/synthetic-media.js';
import type { FakeGraphState } from './types.js';
import type { FakeAnswer } from './wire.js';

/** The bytes behind pictures, images, videos and previews (a sample JPEG and MP4, made once). */

let jpegPromise: Promise<Buffer> | undefined;
let mp4Promise: Promise<Buffer> | undefined;

export function sampleJpeg(): Promise<Buffer> {
  jpegPromise ??= sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 24, g: 119, b: 242 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="320" height="180"><circle cx="160" cy="90" r="55" fill="white"/><rect x="145" y="60" width="30" height="60" fill="#1877f2"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  return jpegPromise;
}

export function sampleMp4(): Promise<Buffer> {
  mp4Promise ??= (async () => {
    const binaries = resolveMediaBinaries({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-graph-'));
    try {
      const file = path.join(dir, 'sample.mp4');
      await synthesizeVideo(binaries.ffmpeg, file, {
        seconds: 2,
        width: 320,
        height: 180,
        fps: 15,
        preset: 'ultrafast',
      });
      return await fs.readFile(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
  mp4Promise.catch(() => {
    mp4Promise = undefined;
  });
  return mp4Promise;
}

// --- Media (CDN-like: no token) ---

export async function media(state: FakeGraphState, segments: string[]): Promise<FakeAnswer> {
  const [, kind, file = ''] = segments;
  const id = file.replace(/\.\w+$/, '');
  if (kind === 'picture' || kind === 'image') {
    if (kind === 'picture' ? !state.videos.has(id) : !state.images.has(id))
      return { status: 404, json: null };
    return { status: 200, bytes: { contentType: 'image/jpeg', body: await sampleJpeg() } };
  }
  if (kind === 'video') {
    const video = state.videos.get(id);
    if (!video) return { status: 404, json: null };
    return { status: 200, bytes: { contentType: 'video/mp4', body: video.bytes ?? (await sampleMp4()) } };
  }
  if (kind === 'preview') {
    return {
      status: 200,
      bytes: {
        contentType: 'text/html; charset=utf-8',
        body: Buffer.from(`<!doctype html><title>Ad ${id}</title>`),
      },
    };
  }
  return { status: 404, json: null };
}
