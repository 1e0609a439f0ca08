import type { AssetBreakdown, ClipSubtype, CreativeClip, VideoIntelligenceType } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { video } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAsset, uploadFile } from '../../test/uploads.js';
import { clipsFrom } from './clips.js';

/**
 * Creative clips (issue 15, ai.md §4.2 e): a video's clips found by the model (the fake server)
 * over its numbered transcript lines, the brand-wide lists, why a video has none, and how a
 * model's answer becomes clips.
 */

describe('creative clips found by a model (fake OpenAI-compatible server)', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: fake.env });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

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
