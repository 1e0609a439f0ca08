import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  Asset,
  AssetAnalysis,
  AssetBreakdown,
  AssetText,
  AssetTranscript,
  ClipSubtype,
  CreativeClip,
  VideoIntelligenceType,
} from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../../test/fake-openai.js';
import { textOverlayVideo } from '../../platform/media/synthetic-media.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { audio, binaries, image, video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { getAsset, processed, uploadFile } from '../../test/uploads.js';
import { containsWords } from './auto-search.js';
import { clipsFrom } from './clips.js';

/**
 * The AI analysis of uploaded files (issue 15): what the local tools find with no AI provider
 * (technical tags, colours, read text), what a vision model adds through the real wire
 * protocol (the fake server), failures and retries, and who may read or retry.
 */

/** A 1600 × 900 ad: a headline and an offer line in DejaVu Sans on a plain background. */
const AD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <rect width="1600" height="900" fill="#f5f5f4"/>
  <text x="800" y="380" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="#111111" text-anchor="middle">Spring sale</text>
  <text x="800" y="560" font-family="DejaVu Sans" font-size="64" fill="#b91c1c" text-anchor="middle">50% off your first order</text>
</svg>`;
const adPng = () => sharp(Buffer.from(AD_SVG)).png().toBuffer();

const finished = (analysis: AssetAnalysis) =>
  analysis.features.every((f) => f.status !== 'PENDING' && f.status !== 'PROCESSING');
const byFeature = (analysis: AssetAnalysis) =>
  Object.fromEntries(analysis.features.map((f) => [f.feature, f]));

async function analysed(t: TestApp, u: TestUser, id: string): Promise<AssetAnalysis> {
  await processed(t, u, id);
  return eventually(async () => {
    const { body } = await brandCall<AssetAnalysis>(t, u, 'GET', `/assets/${id}/analysis`);
    return finished(body) && body.features.some((f) => f.status) ? body : undefined;
  }, 60_000);
}

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

describe('AI analysis with a vision model (fake OpenAI-compatible server)', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: fake.env });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

  it('adds the model’s tags, description and personas; sends the picture as a data URL', async () => {
    fake.script('chat', {
      json: completion(
        JSON.stringify({
          tags: ['Sale Banner', 'Typography', 'A tag name far too long to keep'],
          description: 'A spring sale banner with a discount offer.',
          personas: [
            {
              gender: 'Female',
              ageGroup: '25-34',
              complexion: 'Light',
              hairColor: 'Brown',
              hasBeard: false,
              hasMustache: false,
              hasSunglasses: false,
              hasEyeglasses: true,
            },
          ],
        }),
      ),
    });
    const { created } = await uploadFile(t, member, 'banner.jpg', await image(1200, 1200));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.description?.status).toBe('COMPLETED');
    expect(analysis.personas?.status).toBe('COMPLETED');

    const asset: Asset = await getAsset(t, member, created.id);
    expect(asset.description).toBe('A spring sale banner with a discount offer.');
    expect(asset.personas).toEqual([
      {
        gender: 'Female',
        ageGroup: '25-34',
        complexion: 'Light',
        hairColor: 'Brown',
        hasBeard: false,
        hasMustache: false,
        hasSunglasses: false,
        hasEyeglasses: true,
      },
    ]);
    const names = asset.tags.map((tag) => tag.name);
    expect(names).toEqual(expect.arrayContaining(['Sale Banner', 'Typography', 'Square']));
    expect(names).not.toContain('A tag name far too long to keep');

    const [request] = fake.requestsTo('chat');
    expect(request?.json.model).toBe('fake-vision');
    const parts = request?.json.messages.at(-1).content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('shows the vision model a video as evenly spaced frames of 512 px, in one call', async () => {
    const { created } = await uploadFile(t, member, 'frames.mp4', await video(5));
    await analysed(t, member, created.id);
    const request = fake
      .requestsTo('chat')
      .find((r) => JSON.stringify(r.json.messages).includes('The video’s frames:'));
    const parts = request?.json.messages.at(-1).content as { type: string; image_url?: { url: string } }[];
    const images = parts.filter((part) => part.type === 'image_url');
    // 5 s: a frame for each 2 s, at most 8.
    expect(images).toHaveLength(3);
    const first = Buffer.from(images[0]!.image_url!.url.split(',')[1]!, 'base64');
    expect(
      Math.max((await sharp(first).metadata()).width ?? 0, (await sharp(first).metadata()).height ?? 0),
    ).toBeLessThanOrEqual(512);
  });

  it('transcribes a video’s speech into timed lines, sending mono 16 kHz MP3', async () => {
    const { created } = await uploadFile(t, member, 'talk.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription?.status).toBe('COMPLETED');
    const { body } = await brandCall<AssetTranscript>(t, member, 'GET', `/assets/${created.id}/transcript`);
    expect(body).toEqual({
      status: 'COMPLETED',
      message: '',
      source: 'AI',
      language: 'en',
      entries: [
        { timestamp: 0, endTimestamp: 2500, content: 'This is a fake transcript.' },
        { timestamp: 2500, endTimestamp: 4750, content: 'Nothing was listened to.' },
      ],
    });
    const [sent] = fake.requestsTo('transcriptions');
    expect(sent?.files[0]).toMatchObject({ field: 'file', type: 'audio/mpeg' });
    expect(sent?.fields.model).toBe('fake-whisper');
  });

  it('keeps an answer without times as one line; skips a file under a second; a silent video has no speech', async () => {
    fake.script('transcriptions', { json: { text: '  Hello from the whole file.  ' } });
    const { created } = await uploadFile(t, member, 'voice.wav', await audio(2));
    await analysed(t, member, created.id);
    const { body } = await brandCall<AssetTranscript>(t, member, 'GET', `/assets/${created.id}/transcript`);
    expect(body.entries).toEqual([
      { timestamp: 0, endTimestamp: 2000, content: 'Hello from the whole file.' },
    ]);

    const short = (await uploadFile(t, member, 'blip.wav', await audio(0.5))).created;
    expect(byFeature(await analysed(t, member, short.id)).transcription).toMatchObject({
      status: 'SKIPPED_FILE_TOO_SHORT',
      message: 'The file is too short to transcribe',
    });
    const silent = (await uploadFile(t, member, 'silent.mp4', await video(5, { audio: false }))).created;
    expect(byFeature(await analysed(t, member, silent.id)).transcription).toMatchObject({
      status: 'COMPLETED_NO_CONTENT_DETECTED',
      message: 'No speech detected',
    });
  });

  it('finds a video’s creative clips in its numbered transcript lines, with the lines’ times', async () => {
    const { created } = await uploadFile(t, member, 'pitch.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.breakdown).toMatchObject({ status: 'COMPLETED', message: '' });
    const asset = await getAsset(t, member, created.id);
    expect(asset.transcriptionBreakdownStatus).toBe('COMPLETED');

    const { status, body } = await brandCall<AssetBreakdown>(
      t,
      member,
      'GET',
      `/assets/${created.id}/transcription-breakdown`,
    );
    expect(status).toBe(200);
    expect(body.items.map(({ id: _, previewURL: __, ...item }) => item)).toEqual([
      {
        type: 'Pain Point',
        subtype: 'Everyday problem',
        quote: 'This is a fake transcript.',
        startTimestampMs: 0,
        endTimestampMs: 2500,
        index: 0,
        hook: true,
      },
      {
        type: 'CTA',
        subtype: 'Shop now',
        quote: 'Nothing was listened to.',
        startTimestampMs: 2500,
        endTimestampMs: 4750,
        index: 1,
        hook: false,
      },
    ]);
    // The preview is the player's short video, from the clip's start to its end.
    expect(body.items[1]?.previewURL).toBe(`${asset.transcodingUrls?.short}#t=2.5,4.75`);
    const sent = fake.requestsTo('chat').find((r) => JSON.stringify(r.json).includes('fromSeg'));
    expect(sent?.json.messages.at(-1).content).toBe(
      '[0] This is a fake transcript.\n[1] Nothing was listened to.',
    );

    // Across the brand: by type, hook and subtype, with the file and a total.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${member.accountId}/brands/${member.brandId}/creative-clips?types=CTA&types=Before`,
      headers: member.headers,
    });
    expect(list.statusCode).toBe(200);
    const ctas = list.json<CreativeClip[]>();
    expect(Number(list.headers['x-total-count'])).toBe(ctas.length);
    expect(ctas.every((clip) => clip.type === 'CTA')).toBe(true);
    expect(ctas.find((clip) => clip.asset.id === created.id)).toMatchObject({
      quote: 'Nothing was listened to.',
      asset: { id: created.id, name: 'pitch.mp4', library: 'BRAND', parentId: null },
    });
    const hooks = await brandCall<CreativeClip[]>(t, member, 'GET', '/creative-clips?hook=true&limit=100');
    expect(hooks.body.length).toBeGreaterThan(0);
    expect(hooks.body.every((clip) => clip.hook && clip.type === 'Pain Point')).toBe(true);
    const bySubtype = await brandCall<CreativeClip[]>(
      t,
      member,
      'GET',
      '/creative-clips?subtypes=Shop%20now',
    );
    expect(bySubtype.body.map((clip) => clip.subtype)).toEqual(bySubtype.body.map(() => 'Shop now'));

    const types = await brandCall<VideoIntelligenceType[]>(t, member, 'GET', '/video-intelligence-types');
    expect(types.body.map((type) => type.type)).toHaveLength(9);
    expect(types.body.find((type) => type.type === 'CTA')?.subtypes).toEqual(['Shop now']);
    expect(types.body.find((type) => type.type === 'Emotions')?.subtypes).toEqual([]);
    const search = await brandCall<ClipSubtype[]>(
      t,
      member,
      'GET',
      '/video-intelligence-types/subtypes?types=CTA&types=Pain%20Point&q=SHO',
    );
    expect(search.body).toEqual([{ type: 'CTA', subtype: 'Shop now', count: expect.any(Number) }]);

    const bad = await brandCall<{ message: string }>(t, member, 'GET', '/creative-clips?types=Unboxing');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('types');
  });

  it('gives no clips for an untimed transcript or a silent video, and says why', async () => {
    fake.script('transcriptions', { json: { text: 'Words without any times.' } });
    const untimed = (await uploadFile(t, member, 'untimed.mp4', await video(5))).created;
    expect(byFeature(await analysed(t, member, untimed.id)).breakdown).toEqual({
      feature: 'breakdown',
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Creative clips need a transcript with times',
    });
    const silent = (await uploadFile(t, member, 'quiet.mp4', await video(5, { audio: false }))).created;
    await analysed(t, member, silent.id);
    const after = await brandCall<AssetBreakdown>(
      t,
      member,
      'GET',
      `/assets/${silent.id}/transcription-breakdown`,
    );
    expect(after.body).toEqual({
      status: 'COMPLETED_NO_CONTENT_DETECTED',
      message: 'No creative clips found',
      items: [],
    });
  });

  it('keeps a description a person wrote', async () => {
    const { created } = await uploadFile(t, member, 'written.jpg', await image(640, 360));
    await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${member.accountId}/brands/${member.brandId}/assets/${created.id}`,
      headers: member.headers,
      payload: { description: 'Our own words' },
    });
    await analysed(t, member, created.id);
    expect((await getAsset(t, member, created.id)).description).toBe('Our own words');
  });

  it('marks the model’s features FAILED after bad JSON twice, keeps the local ones, and retries on request', async () => {
    fake.script('chat', { json: completion('not json at all') }, { json: completion('still not json') });
    const { created } = await uploadFile(t, member, 'odd.jpg', await image(800, 600));
    const failed = byFeature(await analysed(t, member, created.id));
    expect(failed.description).toMatchObject({
      status: 'FAILED',
      message: 'A description could not be written',
    });
    expect(failed.personas?.status).toBe('FAILED');
    expect(failed.tags?.status).toBe('COMPLETED');
    expect((await getAsset(t, member, created.id)).mediaAnalysisStatus).toBe('FAILED');

    const retry = await brandCall<AssetAnalysis>(t, member, 'POST', `/assets/${created.id}/analysis/retry`);
    expect(retry.status).toBe(200);
    expect(byFeature(retry.body).description?.status).toBe('PENDING');
    // The fake's default answer follows the schema it was sent.
    const again = byFeature(await analysed(t, member, created.id));
    expect(again.description?.status).not.toBe('FAILED');
    expect(again.personas?.status).not.toBe('FAILED');
  });
});

describe('creative clips from a model’s answer', () => {
  const lines = [
    { startMs: 0, endMs: 1800, text: 'Tired of tangled cables?' },
    { startMs: 1800, endMs: 4200, text: 'Meet the one cable for everything.' },
    { startMs: 4200, endMs: 6000, text: 'Order yours today.' },
  ];
  const clip = (overrides: object) => ({
    type: 'CTA',
    subtype: 'shop   now',
    quote: '',
    fromSeg: 2,
    toSeg: 2,
    hook: false,
    ...overrides,
  });

  it('takes times from the lines, drops unknown types and bad ranges, and keeps hooks to the first 3 s', () => {
    const clips = clipsFrom(
      {
        clips: [
          clip({}),
          clip({
            type: 'pain point',
            subtype: null,
            quote: 'Tangled cables',
            fromSeg: 0,
            toSeg: 0,
            hook: true,
          }),
          clip({ type: 'Solution', fromSeg: 1, toSeg: 1, hook: true }),
          clip({ type: 'Unboxing', fromSeg: 0, toSeg: 1 }),
          clip({ fromSeg: 2, toSeg: 1 }),
          clip({ fromSeg: -1, toSeg: 0 }),
          clip({ fromSeg: 1, toSeg: 3 }),
          clip({ fromSeg: 0.5, toSeg: 1 }),
          // The same type and range again.
          clip({ subtype: 'Other' }),
        ],
      },
      lines,
    );
    expect(clips).toEqual([
      {
        position: 0,
        type: 'Pain Point',
        subtype: null,
        quote: 'Tangled cables',
        startMs: 0,
        endMs: 1800,
        hook: true,
      },
      // Starts at 1.8 s: still a hook.
      {
        position: 1,
        type: 'Solution',
        subtype: 'Shop now',
        quote: 'Meet the one cable for everything.',
        startMs: 1800,
        endMs: 4200,
        hook: true,
      },
      {
        position: 2,
        type: 'CTA',
        subtype: 'Shop now',
        quote: 'Order yours today.',
        startMs: 4200,
        endMs: 6000,
        hook: false,
      },
    ]);
    // A hook that starts after 3 s is a plain clip.
    expect(clipsFrom({ clips: [clip({ hook: true })] }, lines)[0]?.hook).toBe(false);
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
