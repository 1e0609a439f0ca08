import type { Asset, AssetAnalysis, AssetTranscript } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../../test/fake-openai.js';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { audio, image, video } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAsset, uploadFile } from '../../test/uploads.js';

/**
 * The AI analysis with a model (issue 15), through the real wire protocol of the fake
 * OpenAI-compatible server: tags, descriptions and personas from pictures or a video's frames,
 * transcripts, failures and retries.
 */

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
