import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AssetBreakdown, AssetText, AssetTranscript } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOverlayVideo } from '../../platform/media/synthetic-media.js';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall } from '../../test/integrations-world.js';
import { binaries, video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { getAsset, processed, uploadFile } from '../../test/uploads.js';
import { containsWords } from './auto-search.js';

/**
 * The AI analysis of uploaded files with no AI provider (issue 15): what the local tools find
 * (technical tags, colours, read text), auto-search, AI tag allocations, and who may read or
 * retry.
 */

/** A 1600 × 900 ad: a headline and an offer line in DejaVu Sans on a plain background. */
const AD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <rect width="1600" height="900" fill="#f5f5f4"/>
  <text x="800" y="380" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="#111111" text-anchor="middle">Spring sale</text>
  <text x="800" y="560" font-family="DejaVu Sans" font-size="64" fill="#b91c1c" text-anchor="middle">50% off your first order</text>
</svg>`;
const adPng = () => sharp(Buffer.from(AD_SVG)).png().toBuffer();

describe('AI analysis with the local tools only', () => {
  let t: TestApp;
  let member: TestUser;
  let stranger: TestUser;
  let adId: string;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { role: 'member' });
    stranger = await createUser(t);
    adId = (await uploadFile(t, member, 'spring-sale.png', await adPng())).created.id;
  });
  afterAll(() => t?.close());

  it('tags the picture from its facts and colours and reads its text; says what is off', async () => {
    const analysis = byFeature(await analysed(t, member, adId));
    expect(analysis.tags).toMatchObject({ status: 'COMPLETED', message: '' });
    expect(analysis.ocr).toMatchObject({ status: 'COMPLETED', message: '' });
    expect(analysis.description).toEqual({
      feature: 'description',
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Descriptions are off on this server',
    });
    // Human looked for faces on this server and found none in a text ad.
    expect(analysis.personas).toMatchObject({
      status: 'COMPLETED_NO_CONTENT_DETECTED',
      message: 'No people detected',
    });
    // Not part of this analysis: no status rather than a promise.
    expect(analysis.transcription?.status).toBeNull();

    const asset = await getAsset(t, member, adId);
    expect(asset.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['Landscape', '16:9', 'White']));
    expect(asset).toMatchObject({
      mediaAnalysisStatus: 'COMPLETED',
      personasStatus: 'COMPLETED_NO_CONTENT_DETECTED',
      personas: null,
      transcriptionBreakdownStatus: null,
      description: null,
    });

    const { status, body } = await brandCall<AssetText>(t, member, 'GET', `/assets/${adId}/text`);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'COMPLETED',
      message: '',
      entries: [{ startMs: 0, endMs: 0, text: 'Spring sale\n50% off your first order' }],
    });
  });

  it('reads a video’s text overlays with their times', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-overlays-'));
    try {
      const file = await textOverlayVideo(
        binaries.ffmpeg,
        path.join(dir, 'overlays.mp4'),
        ['Meet the summer range', 'Light and fresh', 'Shop the summer edit'],
        dir,
      );
      const { created } = await uploadFile(t, member, 'overlays.mp4', await fs.readFile(file));
      const analysis = byFeature(await analysed(t, member, created.id));
      expect(analysis.ocr?.status).toBe('COMPLETED');
      const { body } = await brandCall<AssetText>(t, member, 'GET', `/assets/${created.id}/text`);
      expect(body.entries).toEqual([
        { startMs: 0, endMs: 2000, text: 'Meet the summer range' },
        { startMs: 2000, endMs: 4000, text: 'Light and fresh' },
        { startMs: 4000, endMs: 6000, text: 'Shop the summer edit' },
      ]);
      const tags = (await getAsset(t, member, created.id)).tags.map((tag) => tag.name);
      expect(tags).toEqual(expect.arrayContaining(['Landscape', '16:9', 'Up to 15 s']));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a video’s text again after a scene change inside a 2 s step', { timeout: 90_000 }, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-cuts-'));
    try {
      // A cut at 1 s, from a dark slide to a blue one: read every 2 s only, the first step
      // would be one frame at 1 s, either side of the cut.
      const file = await textOverlayVideo(
        binaries.ffmpeg,
        path.join(dir, 'cut.mp4'),
        ['Big news', 'Save today'],
        dir,
        {
          secondsEach: [1, 5],
          gradients: [
            ['#212529', '#343a40'],
            ['#1864ab', '#4dabf7'],
          ],
        },
      );
      const { created } = await uploadFile(t, member, 'cut.mp4', await fs.readFile(file));
      expect(byFeature(await analysed(t, member, created.id)).ocr?.status).toBe('COMPLETED');
      const { body } = await brandCall<AssetText>(t, member, 'GET', `/assets/${created.id}/text`);
      expect(body.entries).toEqual([
        { startMs: 0, endMs: 1000, text: 'Big news' },
        { startMs: 1000, endMs: 6000, text: 'Save today' },
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('says transcription is off without a transcription server', async () => {
    const { created } = await uploadFile(t, member, 'spoken.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription).toEqual({
      feature: 'transcription',
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Transcription is off on this server',
    });
    const { status, body } = await brandCall<AssetTranscript>(
      t,
      member,
      'GET',
      `/assets/${created.id}/transcript`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Transcription is off on this server',
      source: null,
      language: null,
      entries: [],
    });
    // Creative clips need a transcript and a chat model.
    expect(analysis.breakdown).toMatchObject({
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Creative clips are off on this server',
    });
    const clips = await brandCall<AssetBreakdown>(
      t,
      member,
      'GET',
      `/assets/${created.id}/transcription-breakdown`,
    );
    expect(clips.body).toEqual({
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Creative clips are off on this server',
      items: [],
    });
    expect((await getAsset(t, member, created.id)).transcriptionBreakdownStatus).toBe('SKIPPED_UNQUALIFIED');
  });

  it('puts auto-search tags on files whose read text names them, before and after the tag is switched on', async () => {
    await analysed(t, member, adId);
    const tagged = async (id: string) =>
      (await getAsset(t, member, id)).tags
        .filter((tag) => tag.source === 'AUTO_SEARCH')
        .map((tag) => tag.name);
    const makeTag = async (name: string) => {
      const made = await brandCall<{ id: string }>(t, member, 'POST', '/tags', { name });
      expect(made.status).toBe(201);
      return made.body.id;
    };
    const switchOn = async (id: string, extra: object = {}) =>
      expect(
        (await brandCall(t, member, 'PUT', `/tags/${id}`, { autoSearchInFiles: true, ...extra })).status,
      ).toBe(200);

    // Switched on after the file was analysed: the TAG_AUTO_SEARCH job finds it.
    const sale = await makeTag('SPRING SALE');
    const notWhole = await makeTag('sale today');
    await switchOn(sale);
    await switchOn(notWhole);
    await eventually(async () => ((await tagged(adId)).includes('SPRING SALE') ? true : undefined), 30_000);
    expect(await tagged(adId)).not.toContain('sale today');

    // On before the upload: the analysis applies it when it finishes.
    const offer = await makeTag('First order');
    await switchOn(offer);
    const { created } = await uploadFile(t, member, 'spring-copy.png', await adPng());
    await analysed(t, member, created.id);
    await eventually(
      async () => ((await tagged(created.id)).includes('First order') ? true : undefined),
      30_000,
    );

    // A person takes it off; searching again (a rename) does not put it back.
    const remaining = (await getAsset(t, member, created.id)).tags
      .filter((tag) => tag.id !== offer)
      .map((tag) => tag.id);
    expect((await brandCall(t, member, 'PUT', `/assets/${created.id}`, { tags: remaining })).status).toBe(
      200,
    );
    await switchOn(offer, { name: 'first ORDER' });
    await eventually(async () => ((await tagged(adId)).includes('first ORDER') ? true : undefined), 30_000);
    expect(await tagged(created.id)).not.toContain('first ORDER');
  });

  it('regenerates AI tags within the plan, counts them in usage, and answers 402 past either allocation', async () => {
    const owner = await createUser(t);
    const { created } = await uploadFile(t, owner, 'regen.png', await adPng());
    await analysed(t, owner, created.id);
    const regenerate = (ids: string[]) =>
      brandCall<{ count: number; resourceName?: string; allocation?: number }>(
        t,
        owner,
        'POST',
        '/tags/regenerate-ai',
        {
          entityIds: ids.map((id) => ({ id, library: 'BRAND' })),
        },
      );
    const usage = async () =>
      (
        await t.app.inject({ url: `/api/accounts/${owner.accountId}/usage`, headers: owner.headers })
      ).json() as { aiTagsCount: number; aiTagsGenerationsCount: number };

    expect(await usage()).toMatchObject({ aiTagsCount: 1, aiTagsGenerationsCount: 0 });
    const first = await regenerate([created.id]);
    expect(first).toMatchObject({ status: 202, body: { count: 1 } });
    const again = byFeature(await analysed(t, owner, created.id));
    expect(again.tags?.status).toBe('COMPLETED');
    expect(await usage()).toMatchObject({ aiTagsCount: 1, aiTagsGenerationsCount: 1 });

    await t.context.database.execute(
      'update accounts set alloc_ai_tags_generations_count = 1 where id = $1',
      [owner.accountId],
    );
    const refused = await regenerate([created.id]);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ resourceName: 'aiTagsGenerations', allocation: 1 });
    expect(await usage()).toMatchObject({ aiTagsGenerationsCount: 1 });

    // Past aiTagsCount a new file is not auto-tagged, and says why.
    await t.context.database.execute('update accounts set alloc_ai_tags_count = 1 where id = $1', [
      owner.accountId,
    ]);
    const late = (await uploadFile(t, owner, 'late.png', await adPng())).created;
    const skipped = byFeature(await analysed(t, owner, late.id));
    expect(skipped.tags).toMatchObject({
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Your plan’s AI tagging limit is reached',
    });
    expect(skipped.ocr?.status).toBe('COMPLETED');
    expect((await getAsset(t, owner, late.id)).tags.filter((tag) => tag.source === 'AI')).toEqual([]);
  });

  it('puts its tags in the SYSTEM category AI tags, marked as the analysis’s', async () => {
    await analysed(t, member, adId);
    const categories = await brandCall<{ name: string; type: string; children: { name: string }[] }[]>(
      t,
      member,
      'GET',
      '/tag-categories',
    );
    const ai = categories.body.find((c) => c.name === 'AI tags');
    expect(ai?.type).toBe('SYSTEM');
    expect(ai?.children.map((c) => c.name)).toEqual(expect.arrayContaining(['Landscape', '16:9']));
  });

  it('gives a file with nothing to analyse no statuses', async () => {
    const { created } = await uploadFile(t, member, 'notes.txt', Buffer.from('plain notes'));
    await processed(t, member, created.id);
    const asset = await getAsset(t, member, created.id);
    expect(asset.mediaAnalysisStatus).toBeNull();
    const { body } = await brandCall<AssetText>(t, member, 'GET', `/assets/${created.id}/text`);
    expect(body).toEqual({ status: null, message: '', entries: [] });
  });

  it('answers the nine creative-clip types', async () => {
    const { status, body } = await brandCall<string[]>(t, member, 'GET', '/assets/scence-ai-types');
    expect(status).toBe(200);
    expect(body).toEqual([
      'Pain Point',
      'Before',
      'After',
      'Solution',
      'Value Proposition',
      'Recommendation',
      'CTA',
      'Initial Objection',
      'Emotions',
    ]);
  });

  it('keeps another account out of a file’s text, analysis and retry (404)', async () => {
    const path = `/api/accounts/${member.accountId}/brands/${member.brandId}/assets/${adId}`;
    for (const [method, url] of [
      ['GET', `${path}/text`],
      ['GET', `${path}/analysis`],
      ['POST', `${path}/analysis/retry`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: stranger.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const own = await brandCall(t, stranger, 'GET', `/assets/${adId}/text`);
    expect(own.status).toBe(404);
  });
});

describe('auto-search’s whole words', () => {
  it('ignores case and accents, and needs whole words one after the other', () => {
    expect(containsWords('SPRING SALE today', 'Spring sale')).toBe(true);
    expect(containsWords('Une offre d’été', 'ete')).toBe(true);
    expect(containsWords('springsales', 'Spring sale')).toBe(false);
    expect(containsWords('sale for spring', 'Spring sale')).toBe(false);
    expect(containsWords('Summer', 'Sum')).toBe(false);
    expect(containsWords('anything', '  ')).toBe(false);
  });
});
