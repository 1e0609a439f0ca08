import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AiCapabilities, SimilarResult } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/client.js';
import { runTool } from '../../platform/media/run-tool.js';
import { synthesizeVideo } from '../../platform/media/synthetic-media.js';
import { createBrand, createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { binaries, brandedPicture as picture } from '../../test/media-fixtures.js';
import { createTestApp, createTestDatabase, eventually, type TestApp } from '../../test/test-app.js';
import { processed, uploadFile } from '../../test/uploads.js';

/**
 * More like this by image embeddings (issue 16 "Beyond the seeds") through HTTP, with the fake
 * server's picture vectors (its greyscale thumbnail): uploads are processed, their pictures
 * embedded by the AI_IMAGE_EMBED job, and a re-encoded copy comes first with method EMBEDDING,
 * a picture of the same layout next, another one after, an unlike one not at all; another
 * brand's identical copy never; a video's keyframes are compared too, the best pair deciding.
 * A new model re-embeds (layouts meanwhile). Without the model, or on a database without
 * pgvector (the PostgreSQL CI run), the perceptual-hash method answers instead.
 */
const fake = useFakeOpenAi();

let database: DatabaseHandle;
let t: TestApp;
let user: TestUser;
let vectorAvailable: boolean;
/** One storage folder for the apps started on the database (the job reads the files' previews). */
let dataDir: string;
const ids: Record<string, string> = {};
/** The embeddings requests made while the files were processed (the fake forgets them before each test). */
let embedRequests: { json: Record<string, unknown> }[] = [];

async function upload(name: string, bytes: Buffer, u: TestUser = user) {
  const { created } = await uploadFile(t, u, name, bytes);
  await processed(t, u, created.id, 120_000);
  return created.id;
}

async function similar(id: string, query = '', u: TestUser = user) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${u.accountId}/brands/${u.brandId}/assets/${id}/similar${query}`,
    headers: u.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    body: response.json() as SimilarResult[],
    total: Number(response.headers['x-total-count']),
  };
}

/** The image embeddings row of GET /ai/capabilities. */
async function capability() {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${user.accountId}/brands/${user.brandId}/ai/capabilities`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AiCapabilities).capabilities.find((c) => c.id === 'imageEmbeddings');
}

beforeAll(async () => {
  database = await (await createTestDatabase()).open();
  const { rows } = await database.execute<{ ok: boolean }>(
    `select exists (select 1 from pg_available_extensions where name = 'vector') as ok`,
  );
  vectorAvailable = Boolean(rows[0]?.ok);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'similar-embeddings-'));
  t = await createTestApp({
    database,
    env: { DATA_DIR: dataDir, AI_BASE_URL: fake.url, AI_IMAGE_EMBED_MODEL: 'fake-image-embed' },
  });
  user = await createUser(t);
  const other = { ...user, brandId: await createBrand(t, user, 'Second brand') };
  const hero = await picture(['#7048e8', '#f06595'], 'Summer 2026');
  ids.hero = await upload('Summer hero.jpg', hero);
  ids.reencoded = await upload(
    'Summer hero small.jpg',
    await sharp(hero).resize(800).jpeg({ quality: 60 }).toBuffer(),
  );
  ids.sameLayout = await upload('Summer green.jpg', await picture(['#2b8a3e', '#c0eb75'], 'Summer 2026'));
  ids.other = await upload('Holiday drop.jpg', await picture(['#0b7285', '#66d9e8'], 'Holiday drop', 0.3));
  ids.unlike = await upload('Flipped.jpg', await picture(['#f06595', '#7048e8'], 'Holiday drop', 0.3, 0));
  // Another brand's exact copy: the same vector, never shown here.
  ids.canary = await upload('Summer hero.jpg', hero, other);
  // A video (uploads take 5 s and more), and a still of its middle frame (a keyframe's position: 50% of its length).
  const video = path.join(dataDir, 'launch.mp4');
  const still = path.join(dataDir, 'still.png');
  await synthesizeVideo(binaries.ffmpeg, video, {
    seconds: 6,
    width: 640,
    height: 360,
    fps: 25,
    sound: false,
    preset: 'ultrafast',
  });
  await runTool(binaries.ffmpeg, ['-v', 'error', '-y', '-ss', '3', '-i', video, '-frames:v', '1', still]);
  ids.video = await upload('Launch.mp4', await fs.readFile(video));
  ids.still = await upload('Launch still.jpg', await sharp(still).jpeg({ quality: 70 }).toBuffer());
  if (vectorAvailable)
    await eventually(async () => {
      const { rows: left } = await database.execute<{ n: number; embedded: number }>(
        `select (select count(*) from image_embedding_queue)::int as n,
                (select count(distinct asset_id) from asset_image_embeddings)::int as embedded`,
      );
      return left[0]?.n === 0 && left[0]?.embedded === 8 ? true : undefined;
    }, 120_000);
  embedRequests = fake.requestsTo('embeddings');
}, 300_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function restart(env: Record<string, string>) {
  await t.close();
  // No workers: the test drains the embeddings queue itself.
  t = await createTestApp({
    database,
    role: 'api',
    env: { DATA_DIR: dataDir, AI_BASE_URL: fake.url, ...env },
  });
}

describe('more like this by image embeddings', () => {
  it('ranks a re-encoded copy first by content, then the alike, never another brand’s copy', async (context) => {
    if (!vectorAvailable) context.skip();
    const { body, total } = await similar(ids.hero!);
    expect(body.map((i) => i.name)).toEqual([
      'Summer hero small.jpg',
      'Summer green.jpg',
      'Holiday drop.jpg',
    ]);
    expect(body.every((i) => i.method === 'EMBEDDING')).toBe(true);
    expect(body[0]!.score).toBeGreaterThan(0.95);
    expect(body[1]!.score).toBeLessThan(body[0]!.score);
    expect(body[2]!.score).toBeLessThan(body[1]!.score);
    expect(total).toBe(3);
    expect(body.some((i) => i.id === ids.canary || i.id === ids.unlike)).toBe(false);
    // Each picture was one request: 7 images and the video's 5 keyframes.
    expect(embedRequests).toHaveLength(12);
    expect(embedRequests.every((r) => r.json.model === 'fake-image-embed' && !('input' in r.json))).toBe(
      true,
    );
    // Pages as the layout method does.
    const page = await similar(ids.hero!, '?limit=1&offset=1');
    expect(page.body.map((i) => i.name)).toEqual(['Summer green.jpg']);
    expect(page.total).toBe(3);
  });

  it('compares a video’s keyframes, the best pair deciding', async (context) => {
    if (!vectorAvailable) context.skip();
    const { rows } = await database.execute<{ frame: number }>(
      'select frame from asset_image_embeddings where asset_id = $1 order by frame',
      [ids.video],
    );
    expect(rows.map((r) => r.frame)).toEqual([0, 1, 2, 3, 4]);
    // The still is the middle keyframe (the other keyframes are alike, though less).
    const fromStill = await similar(ids.still!);
    expect(fromStill.body[0]).toMatchObject({ id: ids.video, method: 'EMBEDDING' });
    expect(fromStill.body[0]!.score).toBeGreaterThan(0.99);
    expect((await similar(ids.video!)).body[0]).toMatchObject({ id: ids.still, method: 'EMBEDDING' });
  });

  it('re-embeds for a new model, comparing layouts meanwhile; without the model or pgvector, layouts', async () => {
    const layouts = async () => {
      const { body } = await similar(ids.hero!);
      expect(body[0]).toMatchObject({ id: ids.reencoded, method: 'LAYOUT' });
      expect(body.every((i) => i.method === 'LAYOUT' && i.id !== ids.canary)).toBe(true);
    };
    if (!vectorAvailable) {
      // The model is set, but the database has no pgvector: off, nothing to set.
      expect(await capability()).toMatchObject({ enabled: false, source: null, enableWith: [] });
      return layouts();
    }
    expect(await capability()).toEqual({
      id: 'imageEmbeddings',
      enabled: true,
      source: 'remote',
      model: 'fake-image-embed',
      host: new URL(fake.url).host,
      enableWith: [],
    });
    await restart({ AI_IMAGE_EMBED_MODEL: 'fake-image-embed-2' });
    await layouts();
    await t.context.services.search.similar.images.drain();
    expect((await similar(ids.hero!)).body[0]).toMatchObject({ id: ids.reencoded, method: 'EMBEDDING' });
    const { rows } = await database.execute<{ model: string }>(
      'select distinct model from asset_image_embeddings',
    );
    expect(rows.map((r) => r.model)).toEqual(['fake-image-embed-2']);
    await restart({});
    await layouts();
    expect(await capability()).toMatchObject({ enabled: false, enableWith: ['AI_IMAGE_EMBED_MODEL'] });
  });
});
