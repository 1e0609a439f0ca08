import { ANALYSIS_LIMITS, type AnalysisStatus, analysisMessages } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verboseTranscript } from '../../../test/fake-openai.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { video } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uploadFile } from '../../test/uploads.js';
import { type AnalysisAbilities, fileSkip, initialStatuses } from './plan.js';

/**
 * What is analysed at all (issue 15, contract ANALYSIS_LIMITS): too long over 60 min for
 * transcripts and 30 min for clips and keyframes, too large over 50 megapixels or 2 GB,
 * unreadable files, under 1 s of audio, clips under 3 s of speech; and what each says.
 */

const ALL: AnalysisAbilities = { vision: true, transcription: true, chat: true, localPersonas: true };
const MINUTE = 60;

/** A processed file as the analysis plans it: a video with a poster and a sound track unless told. */
function file(overrides: {
  type?: AssetRow['type'];
  seconds?: number;
  width?: number;
  height?: number;
  size?: number;
  variants?: AssetRow['variants'];
}): AssetRow {
  const type = overrides.type ?? 'VIDEO';
  return {
    type,
    size: overrides.size ?? 10_000_000,
    length: overrides.seconds ?? null,
    metadata: {
      width: overrides.width ?? 1920,
      height: overrides.height ?? 1080,
      duration: overrides.seconds,
    },
    variants: overrides.variants ?? {
      thumbnail: 't.webp',
      ...(type === 'VIDEO' ? { poster: 'p.webp', short: 's.mp4', audio: 'a.m4a' } : {}),
      ...(type === 'IMAGE' ? { preview: 'p.webp' } : {}),
    },
  } as unknown as AssetRow;
}

describe('the analysis limits (plan.ts)', () => {
  it('are the issue’s figures', () => {
    expect(ANALYSIS_LIMITS).toEqual({
      minAudioMs: 1000,
      minClipSpeechMs: 3000,
      maxDurationMs: 60 * 60_000,
      maxKeyframeDurationMs: 30 * 60_000,
      maxPixels: 50_000_000,
      maxBytes: 2 * 1024 ** 3,
    });
  });

  it('transcribes up to 60 minutes; longer is SKIPPED_FILE_TOO_LONG', () => {
    expect(initialStatuses(file({ seconds: 60 * MINUTE }), ALL).transcriptionStatus).toBe('PENDING');
    expect(initialStatuses(file({ seconds: 60 * MINUTE + 1 }), ALL).transcriptionStatus).toBe(
      'SKIPPED_FILE_TOO_LONG',
    );
    expect(initialStatuses(file({ type: 'AUDIO', seconds: 61 * MINUTE }), ALL).transcriptionStatus).toBe(
      'SKIPPED_FILE_TOO_LONG',
    );
  });

  it('finds clips in videos up to 30 minutes; longer is SKIPPED_FILE_TOO_LONG while the transcript still runs', () => {
    expect(initialStatuses(file({ seconds: 30 * MINUTE }), ALL).breakdownStatus).toBe('PENDING');
    const long = initialStatuses(file({ seconds: 30 * MINUTE + 1 }), ALL);
    expect(long.breakdownStatus).toBe('SKIPPED_FILE_TOO_LONG');
    expect(long.transcriptionStatus).toBe('PENDING');
    // Past 60 minutes both say so.
    expect(initialStatuses(file({ seconds: 61 * MINUTE }), ALL)).toMatchObject({
      transcriptionStatus: 'SKIPPED_FILE_TOO_LONG',
      breakdownStatus: 'SKIPPED_FILE_TOO_LONG',
    });
  });

  it('skips every feature of a file over 50 megapixels or 2 GB as SKIPPED_FILE_TOO_LARGE', () => {
    // 50,000,000 pixels exactly is within; one row more is not.
    const atLimit = file({ type: 'IMAGE', width: 10_000, height: 5_000 });
    expect(fileSkip(atLimit)).toBeNull();
    const wide = file({ type: 'IMAGE', width: 10_000, height: 5_001 });
    expect(fileSkip(wide)).toBe('SKIPPED_FILE_TOO_LARGE');
    expect(initialStatuses(wide, ALL)).toEqual({
      tagsStatus: 'SKIPPED_FILE_TOO_LARGE',
      descriptionStatus: 'SKIPPED_FILE_TOO_LARGE',
      personasStatus: 'SKIPPED_FILE_TOO_LARGE',
      ocrStatus: 'SKIPPED_FILE_TOO_LARGE',
    });
    expect(fileSkip(file({ size: 2 * 1024 ** 3 }))).toBeNull();
    const heavy = file({ size: 2 * 1024 ** 3 + 1, seconds: 20 });
    expect(fileSkip(heavy)).toBe('SKIPPED_FILE_TOO_LARGE');
    const statuses = initialStatuses(heavy, ALL);
    expect(statuses.transcriptionStatus).toBe('SKIPPED_FILE_TOO_LARGE');
    expect(statuses.breakdownStatus).toBe('SKIPPED_FILE_TOO_LARGE');
  });

  it('marks a picture or video processing could not read (no preview, no poster) SKIPPED_FILE_CORRUPTED', () => {
    const broken = file({ type: 'IMAGE', variants: {} });
    expect(fileSkip(broken)).toBe('SKIPPED_FILE_CORRUPTED');
    expect(new Set(Object.values(initialStatuses(broken, ALL)))).toEqual(new Set(['SKIPPED_FILE_CORRUPTED']));
    expect(fileSkip(file({ seconds: 10, variants: { thumbnail: 't.webp' } }))).toBe('SKIPPED_FILE_CORRUPTED');
    // An audio file has no picture to lack.
    expect(fileSkip(file({ type: 'AUDIO', seconds: 10, variants: {} }))).toBeNull();
  });

  it('transcribes from 1 s of audio; shorter is SKIPPED_FILE_TOO_SHORT', () => {
    expect(initialStatuses(file({ type: 'AUDIO', seconds: 0.999 }), ALL).transcriptionStatus).toBe(
      'SKIPPED_FILE_TOO_SHORT',
    );
    expect(initialStatuses(file({ type: 'AUDIO', seconds: 1 }), ALL).transcriptionStatus).toBe('PENDING');
    // A video's clips wait on its transcript, and so end the way it does.
    expect(initialStatuses(file({ seconds: 0.5 }), ALL)).toMatchObject({
      transcriptionStatus: 'SKIPPED_FILE_TOO_SHORT',
      breakdownStatus: 'SKIPPED_FILE_TOO_SHORT',
    });
  });

  it('says SKIPPED_UNQUALIFIED where the capability is off, before any size check of its own', () => {
    const off = initialStatuses(file({ seconds: 90 * MINUTE }), {
      vision: false,
      transcription: false,
      chat: false,
      localPersonas: false,
    });
    expect(off).toMatchObject({
      descriptionStatus: 'SKIPPED_UNQUALIFIED',
      personasStatus: 'SKIPPED_UNQUALIFIED',
      transcriptionStatus: 'SKIPPED_UNQUALIFIED',
      breakdownStatus: 'SKIPPED_UNQUALIFIED',
      tagsStatus: 'PENDING',
      ocrStatus: 'PENDING',
    });
  });

  it('has a message for each skip status of each feature, naming the feature', () => {
    const expected: Record<string, Partial<Record<AnalysisStatus, string>>> = {
      transcription: {
        PROCESSING: 'Transcribing…',
        COMPLETED_NO_CONTENT_DETECTED: 'No speech detected',
        SKIPPED_UNQUALIFIED: 'Transcription is off on this server',
        SKIPPED_FILE_TOO_SHORT: 'The file is too short to transcribe',
        SKIPPED_FILE_TOO_LONG: 'The file is too long to transcribe',
        SKIPPED_FILE_TOO_LARGE: 'The file is too large to transcribe',
        SKIPPED_FILE_CORRUPTED: 'The file could not be read',
      },
      breakdown: {
        SKIPPED_FILE_TOO_SHORT: 'The file is too short for creative clips',
        SKIPPED_FILE_TOO_LONG: 'The file is too long for creative clips',
        SKIPPED_FILE_TOO_LARGE: 'The file is too large for creative clips',
        SKIPPED_FILE_CORRUPTED: 'The file could not be read',
      },
      tags: { SKIPPED_FILE_TOO_LARGE: 'The file is too large to tag' },
      description: { SKIPPED_FILE_TOO_LARGE: 'The file is too large to describe' },
      personas: { SKIPPED_FILE_TOO_LARGE: 'The file is too large for personas' },
      ocr: {
        SKIPPED_UNQUALIFIED: 'Reading text is off on this server',
        SKIPPED_FILE_TOO_LARGE: 'The file is too large to read',
      },
    };
    for (const [feature, messages] of Object.entries(expected))
      expect(analysisMessages[feature as keyof typeof analysisMessages], feature).toMatchObject(messages);
    // COMPLETED says nothing; every other status of every feature says something.
    for (const [feature, messages] of Object.entries(analysisMessages))
      for (const [status, message] of Object.entries(messages))
        expect(message === '', `${feature} ${status}`).toBe(status === 'COMPLETED');
  });
});

describe('the limits through the API (fake OpenAI-compatible server)', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: fake.env });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

  it('gives a video with under 3 s of timed speech no clips: SKIPPED_FILE_TOO_SHORT, and no model asked', {
    timeout: 90_000,
  }, async () => {
    // 1.2 s + 1.5 s of speech in a 5 s video.
    fake.script('transcriptions', {
      json: verboseTranscript(
        [
          [0, 1.2, 'Hi there.'],
          [2, 3.5, 'Buy now.'],
        ],
        5,
      ),
    });
    const { created } = await uploadFile(t, member, 'brief.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription?.status).toBe('COMPLETED');
    expect(analysis.breakdown).toEqual({
      feature: 'breakdown',
      status: 'SKIPPED_FILE_TOO_SHORT',
      message: 'The file is too short for creative clips',
    });
    expect(fake.requestsTo('chat').some((r) => JSON.stringify(r.json).includes('fromSeg'))).toBe(false);
  });

  it('finds clips in 3 s of speech exactly', { timeout: 90_000 }, async () => {
    fake.script('transcriptions', {
      json: verboseTranscript(
        [
          [0, 1.5, 'Hi there.'],
          [2, 3.5, 'Buy now.'],
        ],
        5,
      ),
    });
    const { created } = await uploadFile(t, member, 'enough.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.breakdown?.status).toBe('COMPLETED');
  });
});
