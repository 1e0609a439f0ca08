import { type AiCapabilities, type SearchResult, semanticSearchMessages } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashVector } from '../../../test/fake-openai.js';
import type { DatabaseHandle } from '../../platform/db/client.js';
import { createBrand, createFiles, createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { createTestApp, createTestDatabase, eventually, type TestApp } from '../../test/test-app.js';

/**
 * Semantic search through HTTP (issue 16, ai.md §4.2 f) with the fake embeddings server: the
 * hybrid ranking (a hit by meaning alone joins, lexical order kept), another brand's
 * identical item never showing, the keyword's cached embedding, both 'off' reasons, and a
 * re-embed when the model or its dims change (lexical meanwhile, progress in /ai/capabilities).
 *
 * The apps run without workers (role api): the test drains the search index and the
 * embeddings queue itself, so every step is deterministic. On a database without pgvector
 * (the PostgreSQL CI run) the hybrid cases assert the 'no vector extension' reason instead.
 */
const fake = useFakeOpenAi();
const DIMS = 256;

let database: DatabaseHandle;
let t: TestApp;
let user: TestUser;
let otherBrand: string;
let vectorAvailable: boolean;

const env = (model: string | null, dims = DIMS) => ({
  ...fake.env,
  AI_EMBED_DIMS: String(dims),
  AI_EMBED_MODEL: model ?? '',
});

async function start(model: string | null, dims = DIMS) {
  const { AI_EMBED_MODEL: _, ...rest } = env(model, dims);
  t = await createTestApp({ database, role: 'api', env: model ? env(model, dims) : rest });
}

async function call<T>(url: string, u: TestUser = user, brandId = u.brandId) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${u.accountId}/brands/${brandId}${url}`,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

async function search(keyword: string) {
  const response = await call<SearchResult[]>(`/search?keyword=${encodeURIComponent(keyword)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.map((i) => i.name);
}

async function semanticStatus() {
  const response = await call<AiCapabilities>('/ai/capabilities');
  expect(response.status).toBe(200);
  return response.body.semanticSearch;
}

async function documents() {
  const { rows } = await t.context.database.execute<{ n: number }>(
    'select count(*)::int as n from search_documents',
  );
  return Number(rows[0]!.n);
}

/** The search index and the embeddings queue drained, as the workers would. */
async function indexed() {
  const { search } = t.context.services;
  await search.indexer.drain();
  await search.semantic.index.drain();
  await eventually(async () => {
    const { rows } = await t.context.database.execute<{ n: number }>(
      'select (select count(*) from search_dirty) + (select count(*) from embedding_queue) as n',
    );
    return Number(rows[0]!.n) === 0 ? true : undefined;
  });
}

async function analysed(id: string, ocr: string[], speech: string[] = []) {
  await t.context.database.execute(
    `insert into asset_analyses (asset_id, text_entries, transcript) values ($1, $2, $3)`,
    [
      id,
      JSON.stringify(ocr.map((text, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, text }))),
      speech.length
        ? JSON.stringify({
            source: 'AI',
            language: 'en',
            timed: true,
            entries: speech.map((text, i) => ({ startMs: i * 3000, endMs: i * 3000 + 2900, text })),
          })
        : null,
    ],
  );
}

/** The next keyword embedding the fake answers: the vector of this text (as if the two meant the same). */
function nextKeywordMeans(text: string, dims = DIMS) {
  fake.script('embeddings', {
    json: {
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: hashVector(text, dims) }],
      model: 'fake',
    },
  });
}

/** What the beach picture is embedded as: its name and its on-screen text (embeddings.ts textsOf). */
const BEACH_TEXT = 'Beach day.jpg\nwaves and sand';

beforeAll(async () => {
  database = await (await createTestDatabase()).open();
  const { rows } = await database.execute<{ ok: boolean }>(
    `select exists (select 1 from pg_available_extensions where name = 'vector') as ok`,
  );
  vectorAvailable = Boolean(rows[0]?.ok);
  await start('embed-a');
  user = await createUser(t);
  otherBrand = await createBrand(t, user, 'Second brand');
  const [hero] = await createFiles(t, user, { names: ['Summer hero.jpg'], type: 'IMAGE' });
  const [banner] = await createFiles(t, user, { names: ['Banner.png'], type: 'IMAGE' });
  await t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${user.accountId}/brands/${user.brandId}/assets/${banner}`,
    headers: user.headers,
    payload: { description: 'A summer sale banner' },
  });
  const [clip] = await createFiles(t, user, { names: ['Clip.mp4'], type: 'VIDEO' });
  await analysed(clip!, [], ['We love the long summer days', 'See you there']);
  const [beach] = await createFiles(t, user, { names: ['Beach day.jpg'], type: 'IMAGE' });
  await analysed(beach!, ['waves and sand']);
  // The same picture in another brand of the same account: the same vector, never shown here.
  const [canary] = await createFiles(
    t,
    { ...user, brandId: otherBrand },
    { names: ['Beach day.jpg'], type: 'IMAGE' },
  );
  await analysed(canary!, ['waves and sand']);
  expect(hero).toBeTruthy();
  await indexed();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('semantic search', () => {
  it('is on with a model and pgvector, or says the database has none', async () => {
    const status = await semanticStatus();
    if (!vectorAvailable) {
      expect(status).toEqual({ enabled: false, message: semanticSearchMessages.noVector, progress: null });
      return;
    }
    expect(status).toEqual({ enabled: true, message: semanticSearchMessages.on, progress: null });
    const { rows } = await t.context.database.execute<{
      source: string;
      model: string;
      dims: number;
      n: number;
    }>(`select source, model, dims, count(*)::int as n from asset_embeddings group by 1, 2, 3 order by 1`);
    // One ITEM vector per indexed item (files and the brands' folders), one transcript chunk.
    expect(rows).toEqual([
      { source: 'ITEM', model: 'embed-a', dims: DIMS, n: await documents() },
      { source: 'TRANSCRIPT', model: 'embed-a', dims: DIMS, n: 1 },
    ]);
  });

  it('keeps the lexical order when nothing is near by meaning', async () => {
    // The keyword's default (hash) vector is near none of the items.
    expect(await search('summer')).toEqual(['Summer hero.jpg', 'Banner.png', 'Clip.mp4']);
  });

  it('finds an item by meaning alone, never another brand’s, and caches the keyword', async () => {
    const before = fake.requestsTo('embeddings').length;
    nextKeywordMeans(BEACH_TEXT);
    const names = await search('seaside holiday');
    if (!vectorAvailable) {
      expect(names).toEqual([]);
      expect(fake.requestsTo('embeddings')).toHaveLength(before);
      return;
    }
    // Only this brand's beach picture: the other brand's has the very same vector.
    expect(names).toEqual(['Beach day.jpg']);
    const sent = fake.requestsTo('embeddings').at(-1)!.json;
    expect(sent).toMatchObject({ model: 'embed-a', input: ['seaside holiday'], dimensions: DIMS });
    // Again within 10 minutes: the cached embedding, no call.
    expect(await search('seaside holiday')).toEqual(['Beach day.jpg']);
    expect(fake.requestsTo('embeddings')).toHaveLength(before + 1);
  });

  it('fuses lexical and vector ranks: the meaning hit joins, lexical hits keep their order', async () => {
    nextKeywordMeans(BEACH_TEXT);
    const names = await search('Summer');
    if (!vectorAvailable) {
      expect(names).toEqual(['Summer hero.jpg', 'Banner.png', 'Clip.mp4']);
      return;
    }
    // 'summer' was cached above; 'Summer' is another keyword, embedded anew.
    expect(names.filter((n) => n !== 'Beach day.jpg')).toEqual(['Summer hero.jpg', 'Banner.png', 'Clip.mp4']);
    // First by meaning ties with first by words (1/61 each); the lexical one leads the tie.
    expect(names).toEqual(['Summer hero.jpg', 'Beach day.jpg', 'Banner.png', 'Clip.mp4']);
  });

  it('re-embeds on a model change, searching lexically until done', async () => {
    if (!vectorAvailable) return;
    await t.close();
    await start('embed-b');
    const total = await documents();
    expect(total).toBeGreaterThanOrEqual(5);
    expect(await semanticStatus()).toEqual({
      enabled: false,
      message: `Re-indexing 0 of ${total}`,
      progress: { done: 0, total },
    });
    // Meanwhile lexical: the beach picture is not found by meaning, and no keyword is embedded.
    const before = fake.requestsTo('embeddings').length;
    expect(await search('seaside holiday')).toEqual([]);
    expect(fake.requestsTo('embeddings')).toHaveLength(before);

    await indexed();
    expect(await semanticStatus()).toEqual({
      enabled: true,
      message: semanticSearchMessages.on,
      progress: null,
    });
    const { rows } = await t.context.database.execute<{ model: string; n: number }>(
      `select model, count(*)::int as n from asset_embeddings group by 1`,
    );
    expect(rows).toEqual([{ model: 'embed-b', n: total + 1 }]);
    const sent = fake.requestsTo('embeddings').slice(before);
    expect(sent.every((r) => r.json.model === 'embed-b')).toBe(true);
    nextKeywordMeans(BEACH_TEXT);
    expect(await search('seaside holiday')).toEqual(['Beach day.jpg']);
  });

  it('re-embeds on a dims change with the same model', async () => {
    if (!vectorAvailable) return;
    await t.close();
    await start('embed-b', 128);
    const total = await documents();
    expect(await semanticStatus()).toEqual({
      enabled: false,
      message: `Re-indexing 0 of ${total}`,
      progress: { done: 0, total },
    });
    const before = fake.requestsTo('embeddings').length;
    await indexed();
    expect(await semanticStatus()).toEqual({
      enabled: true,
      message: semanticSearchMessages.on,
      progress: null,
    });
    const { rows } = await t.context.database.execute<{ model: string; dims: number; n: number }>(
      `select model, dims, count(*)::int as n from asset_embeddings group by 1, 2`,
    );
    expect(rows).toEqual([{ model: 'embed-b', dims: 128, n: total + 1 }]);
    const sent = fake.requestsTo('embeddings').slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.json.dimensions === 128)).toBe(true);
    // The index is over the new vectors: a keyword of the new size finds the beach by meaning.
    nextKeywordMeans(BEACH_TEXT, 128);
    expect(await search('seaside holiday')).toEqual(['Beach day.jpg']);
  });

  it('is off without an embeddings model, and says so', async () => {
    await t.close();
    await start(null);
    const status = await semanticStatus();
    expect(status).toEqual({
      enabled: false,
      message: vectorAvailable ? semanticSearchMessages.noModel : semanticSearchMessages.noVector,
      progress: null,
    });
    const before = fake.requestsTo('embeddings').length;
    expect(await search('summer')).toEqual(['Summer hero.jpg', 'Banner.png', 'Clip.mp4']);
    expect(fake.requestsTo('embeddings')).toHaveLength(before);
  });
});
