import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TAG_LIMITS } from '@hookline/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { audio, binaries, image, video } from '../../../test/media-fixtures.js';
import { MediaTools } from '../../media/media-tools.js';
import { COLOUR_NAMES, dominantColours } from './dominant-colours.js';
import {
  ASPECT_RATIOS,
  aspectTag,
  DURATIONS,
  durationTag,
  HAS_AUDIO_TAG,
  LONG_DURATION_TAG,
  LOW_RESOLUTION_TAG,
  orientationTag,
  RESOLUTIONS,
  resolutionTag,
  technicalTags,
} from './technical-tags.js';

describe('orientation and aspect ratio', () => {
  it('tells portrait, landscape and square, with 2 % slack for square', () => {
    expect(orientationTag(1080, 1920)).toBe('Portrait');
    expect(orientationTag(1920, 1080)).toBe('Landscape');
    expect(orientationTag(1000, 1000)).toBe('Square');
    expect(orientationTag(1000, 985)).toBe('Square');
    expect(orientationTag(1000, 900)).toBe('Landscape');
  });

  it('names 1:1, 16:9, 9:16 and 4:5 within 2 %, and nothing else', () => {
    expect(aspectTag(1080, 1080)).toBe('1:1');
    expect(aspectTag(1920, 1080)).toBe('16:9');
    expect(aspectTag(1920, 1072)).toBe('16:9'); // encoder-cropped
    expect(aspectTag(1080, 1920)).toBe('9:16');
    expect(aspectTag(1080, 1350)).toBe('4:5');
    expect(aspectTag(1600, 900)).toBe('16:9');
    expect(aspectTag(1440, 1080)).toBeUndefined(); // 4:3
    expect(aspectTag(2560, 1080)).toBeUndefined(); // 21:9
    expect(aspectTag(1000, 1250 * 1.05)).toBeUndefined(); // 5 % off 4:5
  });
});

describe('resolution', () => {
  it('buckets by the short side', () => {
    expect(resolutionTag(3840, 2160)).toBe('4K');
    expect(resolutionTag(2160, 3840)).toBe('4K');
    expect(resolutionTag(4000, 3000)).toBe('4K');
    expect(resolutionTag(2560, 1440)).toBe('1440p');
    expect(resolutionTag(1920, 1080)).toBe('1080p');
    expect(resolutionTag(1080, 1920)).toBe('1080p');
    expect(resolutionTag(1080, 1350)).toBe('1080p');
    expect(resolutionTag(1920, 1072)).toBe('1080p');
    expect(resolutionTag(1280, 720)).toBe('720p');
    expect(resolutionTag(1280, 714)).toBe('720p');
    expect(resolutionTag(854, 480)).toBe('SD');
    expect(resolutionTag(1280, 700)).toBe('SD');
  });
});

describe('duration', () => {
  it('puts the usual ad lengths in their own bucket (upper bound included, 0.5 s slack)', () => {
    expect(durationTag(6)).toBe('Up to 15 s');
    expect(durationTag(15.02)).toBe('Up to 15 s');
    expect(durationTag(16)).toBe('15–30 s');
    expect(durationTag(30.04)).toBe('15–30 s');
    expect(durationTag(45)).toBe('30–60 s');
    expect(durationTag(60)).toBe('30–60 s');
    expect(durationTag(61)).toBe('1–3 min');
    expect(durationTag(180)).toBe('1–3 min');
    expect(durationTag(181)).toBe('Over 3 min');
    expect(durationTag(3600)).toBe('Over 3 min');
  });
});

describe('technicalTags', () => {
  it('tags an image: orientation, aspect, resolution, colours', () => {
    expect(technicalTags({ type: 'IMAGE', width: 1080, height: 1350, colours: ['Blue', 'White'] })).toEqual([
      'Portrait',
      '4:5',
      '1080p',
      'Blue',
      'White',
    ]);
  });

  it('tags a video with sound, and not an image or audio with video-only tags', () => {
    expect(
      technicalTags({ type: 'VIDEO', width: 1920, height: 1080, duration: 29.97, hasAudio: true }),
    ).toEqual(['Landscape', '16:9', '1080p', '15–30 s', 'Has audio']);
    expect(technicalTags({ type: 'VIDEO', width: 720, height: 720, duration: 200, hasAudio: false })).toEqual(
      ['Square', '1:1', '720p', 'Over 3 min'],
    );
    expect(technicalTags({ type: 'IMAGE', width: 800, height: 600, duration: 3, hasAudio: true })).toEqual([
      'Landscape',
      'SD',
    ]);
    expect(technicalTags({ type: 'AUDIO', duration: 95, hasAudio: true, width: 1, height: 1 })).toEqual([
      '1–3 min',
    ]);
  });

  it('gives no tag for missing facts', () => {
    expect(technicalTags({ type: 'VIDEO' })).toEqual([]);
    expect(technicalTags({ type: 'IMAGE', width: 0, height: 0 })).toEqual([]);
  });

  it('keeps every possible tag within the tag name limit', () => {
    const names = [
      'Portrait',
      'Landscape',
      'Square',
      LOW_RESOLUTION_TAG,
      HAS_AUDIO_TAG,
      LONG_DURATION_TAG,
      ...ASPECT_RATIOS.map((a) => a.tag),
      ...RESOLUTIONS.map((r) => r.tag),
      ...DURATIONS.map((d) => d.tag),
      ...COLOUR_NAMES,
    ];
    for (const name of names) expect(name.length).toBeLessThanOrEqual(TAG_LIMITS.nameMax);
  });
});

describe('technical tags of real files', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
  const tools = new MediaTools(binaries, 100_000_000);
  const save = async (name: string, bytes: Buffer) => {
    dir ??= await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-tags-'));
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    return file;
  };

  it('from ffprobe: a portrait video with sound, a silent one, and a tone', async () => {
    const withSound = await tools.probe(await save('v1.mp4', await video(2, { width: 360, height: 640 })));
    expect(technicalTags({ type: 'VIDEO', ...withSound })).toEqual([
      'Portrait',
      '9:16',
      'SD',
      'Up to 15 s',
      'Has audio',
    ]);
    const silent = await tools.probe(
      await save('v2.mp4', await video(1, { width: 1280, height: 720, audio: false })),
    );
    expect(technicalTags({ type: 'VIDEO', ...silent })).toEqual(['Landscape', '16:9', '720p', 'Up to 15 s']);
    const tone = await tools.probe(await save('a.wav', await audio(2)));
    expect(technicalTags({ type: 'AUDIO', ...tone })).toEqual(['Up to 15 s']);
  });

  it('from sharp: the fixture picture (blue with an orange disc)', async () => {
    const file = await save('i.png', await image(1600, 1600, 'png'));
    const info = await tools.imageInfo(file);
    const colours = await dominantColours(file);
    expect(technicalTags({ type: 'IMAGE', ...info, colours })).toEqual([
      'Square',
      '1:1',
      '1440p',
      'Blue',
      'Orange',
    ]);
  });
});
