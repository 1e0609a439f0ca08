import type { AiCapabilities, AssetText, Tag } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '../../../test/fake-openai.js';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { image, video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { getAsset, uploadFile } from '../../test/uploads.js';
import { TAG_AUTO_SEARCH_QUEUE } from './auto-search.js';

/**
 * Auto-search in files from a transcript and from a description (issue 15; the on-screen text
 * case is in ai-analysis.test.ts), and OCR on a server without tesseract: TESSERACT_PATH names
 * no program, so reading text is off and says so. With it off, whatever auto-search finds
 * here came from the transcript or the description.
 */

const HEADLINE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <rect width="1600" height="900" fill="#f5f5f4"/>
  <text x="800" y="450" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="#111111" text-anchor="middle">Spring sale</text>
</svg>`;

describe('auto-search from transcripts and descriptions, with no tesseract on the server', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;
  const tesseractBefore = process.env.TESSERACT_PATH;

  beforeAll(async () => {
    process.env.TESSERACT_PATH = '/nonexistent/bin/tesseract';
    t = await createTestApp({ env: fake.env });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(async () => {
    await t?.close();
    if (tesseractBefore === undefined) delete process.env.TESSERACT_PATH;
    else process.env.TESSERACT_PATH = tesseractBefore;
  });

  const makeTag = async (name: string) => {
    const made = await brandCall<Tag>(t, member, 'POST', '/tags', { name });
    expect(made.status).toBe(201);
    return made.body.id;
  };
  const switchOn = async (id: string) =>
    expect((await brandCall(t, member, 'PUT', `/tags/${id}`, { autoSearchInFiles: true })).status).toBe(200);
  const autoTagged = async (id: string) =>
    (await getAsset(t, member, id)).tags.filter((tag) => tag.source === 'AUTO_SEARCH').map((tag) => tag.name);
  const eventuallyTagged = (id: string, name: string) =>
    eventually(async () => ((await autoTagged(id)).includes(name) ? true : undefined), 30_000);

  it('turns reading text off without tesseract: SKIPPED_UNQUALIFIED, saying so, and the capability off', {
    timeout: 90_000,
  }, async () => {
    const headline = await sharp(Buffer.from(HEADLINE_SVG)).png().toBuffer();
    const { created } = await uploadFile(t, member, 'headline.png', headline);
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.ocr).toEqual({
      feature: 'ocr',
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Reading text is off on this server',
    });
    // The rest of the analysis goes on.
    expect(analysis.tags?.status).toBe('COMPLETED');
    const text = await brandCall<AssetText>(t, member, 'GET', `/assets/${created.id}/text`);
    expect(text).toMatchObject({
      status: 200,
      body: { status: 'SKIPPED_UNQUALIFIED', message: 'Reading text is off on this server', entries: [] },
    });
    expect((await getAsset(t, member, created.id)).mediaAnalysisStatus).not.toBe('FAILED');
    const caps = await brandCall<AiCapabilities>(t, member, 'GET', '/ai/capabilities');
    expect(caps.body.capabilities.find((c) => c.id === 'ocr')).toMatchObject({
      enabled: false,
      enableWith: ['TESSERACT_PATH'],
    });
  });

  it('applies a tag named in a video’s transcript, when the transcript is made and when the tag is switched on', {
    timeout: 90_000,
  }, async () => {
    // The fake's transcript: 'This is a fake transcript.' 'Nothing was listened to.'
    const before = await makeTag('Fake transcript');
    await switchOn(before);
    const elsewhere = await makeTag('Real transcript');
    await switchOn(elsewhere);
    const { created } = await uploadFile(t, member, 'spoken.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription?.status).toBe('COMPLETED');
    expect(analysis.ocr?.status).toBe('SKIPPED_UNQUALIFIED');
    await eventuallyTagged(created.id, 'Fake transcript');

    // Switched on after the file was analysed: the TAG_AUTO_SEARCH job reads the transcript.
    const after = await makeTag('listened TO');
    await switchOn(after);
    await eventuallyTagged(created.id, 'listened TO');
    expect(await autoTagged(created.id)).not.toContain('Real transcript');
  });

  it('applies a tag named in a file’s description, when it is written and when the tag is switched on', {
    timeout: 90_000,
  }, async () => {
    fake.script('chat', {
      json: completion(
        JSON.stringify({
          tags: ['Picnic'],
          description: 'A picnic on a sunny beach at golden hour.',
          personas: [],
        }),
      ),
    });
    const before = await makeTag('Sunny BEACH');
    await switchOn(before);
    const notThere = await makeTag('Snowy mountain');
    await switchOn(notThere);
    const { created } = await uploadFile(t, member, 'picnic.jpg', await image(900, 600));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.description?.status).toBe('COMPLETED');
    expect((await getAsset(t, member, created.id)).description).toBe(
      'A picnic on a sunny beach at golden hour.',
    );
    await eventuallyTagged(created.id, 'Sunny BEACH');

    const after = await makeTag('Golden hour');
    await switchOn(after);
    await eventuallyTagged(created.id, 'Golden hour');
    expect(await autoTagged(created.id)).not.toContain('Snowy mountain');
  });

  it('creates a tag with auto-search off: POST tags takes a name and a category only (000 §7)', {
    timeout: 90_000,
  }, async () => {
    const made = await brandCall<Tag>(t, member, 'POST', '/tags', { name: 'Fake', autoSearchInFiles: true });
    expect(made.status).toBe(201);
    expect(made.body.autoSearchInFiles).toBe(false);
    const { rows } = await t.context.database.execute(
      `select id from pgboss.job where name = $1 and data->>'tagId' = $2`,
      [TAG_AUTO_SEARCH_QUEUE, made.body.id],
    );
    expect(rows).toEqual([]);
    // Switching it on is what searches.
    await switchOn(made.body.id);
    const { rows: queued } = await t.context.database.execute(
      `select id from pgboss.job where name = $1 and data->>'tagId' = $2`,
      [TAG_AUTO_SEARCH_QUEUE, made.body.id],
    );
    expect(queued).toHaveLength(1);
  });
});
