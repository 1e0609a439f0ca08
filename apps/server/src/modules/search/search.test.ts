import type { CustomField, SearchOption, SearchResult, Tag, TagCategory } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFiles, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { SearchRepository } from './repository.js';

/**
 * Search through HTTP: the index the triggers keep fresh, ranking by where a word is, fuzzy
 * names, snippets with times, web-search syntax, every filter, bad input, options, and
 * another account's or brand's items (canaries with the same words) never showing.
 */
let t: TestApp;
let user: TestUser;
let outsider: TestUser;
let superUser: TestUser;
let otherBrand: string;

type ErrorBody = { message: string; fields?: { path: string; message: string }[] };

async function call<T>(
  method: string,
  url: string,
  payload?: object,
  u: TestUser = user,
  brandId = u.brandId,
) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/api/accounts/${u.accountId}/brands/${brandId}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

/** Every dirty document rebuilt (whoever drains it: this call or the background job). */
async function indexed() {
  await t.context.services.search.indexer.drain();
  await eventually(async () => {
    const { rows } = await t.context.database.execute<{ n: number }>(
      'select count(*)::int as n from search_dirty',
    );
    return rows[0]!.n === 0 ? true : undefined;
  });
}

async function search(query: string, u: TestUser = user, brandId = u.brandId) {
  const response = await call<SearchResult[]>('GET', `/search?${query}`, undefined, u, brandId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { items: response.body, total: Number(response.headers['x-total-count']) };
}
const names = (items: SearchResult[]) => items.map((i) => i.name);

async function file(name: string, patch: object = {}, type: 'VIDEO' | 'IMAGE' = 'VIDEO', parentId?: string) {
  const [id] = await createFiles(t, user, { names: [name], type, parentId: parentId ?? null });
  if (Object.keys(patch).length) expect((await call('PUT', `/assets/${id}`, patch)).status).toBe(200);
  return id!;
}

/** What AI analysis would have written: on-screen text and a transcript with times. */
async function analysed(
  id: string,
  analysis: { ocr?: [number, string][]; speech?: [number, string][]; language?: string },
) {
  await t.context.database.execute(
    `insert into asset_analyses (asset_id, text_entries, transcript) values ($1, $2, $3)`,
    [
      id,
      JSON.stringify(
        (analysis.ocr ?? []).map(([startMs, text]) => ({ startMs, endMs: startMs + 2000, text })),
      ),
      analysis.speech
        ? JSON.stringify({
            source: 'AI',
            language: analysis.language ?? 'en',
            timed: true,
            entries: analysis.speech.map(([startMs, text]) => ({ startMs, endMs: startMs + 3000, text })),
          })
        : null,
    ],
  );
}

async function setDimensions(id: string, width: number, height: number, length?: number) {
  // Media processing writes these through the library; the test puts them straight in.
  await t.context.database.execute(`update assets set metadata = $2, length = $3 where id = $1`, [
    id,
    JSON.stringify({ width, height }),
    length ?? null,
  ]);
}

const tagCategory = async (name: string) =>
  (await call<TagCategory>('POST', '/tag-categories', { name })).body;
const tag = async (name: string, categoryId?: string) =>
  (await call<Tag>('POST', '/tags', { name, categoryId })).body;

let ids: Record<string, string>;
let tags: Record<string, Tag>;
let folders: { campaign: string; nested: string };
let fields: { channel: CustomField; budget: CustomField; stage: CustomField };

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  outsider = await createUser(t);
  superUser = await createUser(t, { isSuperUser: true });
  otherBrand = await createBrand(t, user, 'Second brand');

  const colours = await tagCategory('Colours');
  const moods = await tagCategory('Moods');
  tags = {
    summerTag: await tag('Summer vibes'),
    red: await tag('Red', colours.id),
    blue: await tag('Blue', colours.id),
    calm: await tag('Calm', moods.id),
  };
  folders = { campaign: await createFolder(t, user, { name: 'Campaigns' }), nested: '' };
  folders.nested = await createFolder(t, user, { name: 'Q3', parentId: folders.campaign });
  fields = {
    channel: (await call<CustomField>('POST', '/custom-fields', { name: 'Channel', type: 'TEXT' })).body,
    budget: (await call<CustomField>('POST', '/custom-fields', { name: 'Budget', type: 'NUMBER' })).body,
    stage: (
      await call<CustomField>('POST', '/custom-fields', {
        name: 'Stage',
        type: 'SINGLE_SELECT',
        options: [{ label: 'Draft' }, { label: 'Final' }],
      })
    ).body,
  };

  ids = {
    byName: await file('Summer hero.jpg', {}, 'IMAGE'),
    byTag: await file('Clip one.mp4', { tags: [tags.summerTag!.id, tags.red!.id, tags.calm!.id] }),
    byDescription: await file('Clip two.mp4', { description: 'A bright summer beach with friends' }),
    bySpeech: await file('Clip three.mp4', {}, 'VIDEO', folders.nested),
    byScreen: await file('Promo card.png', { tags: [tags.blue!.id] }, 'IMAGE', folders.campaign),
    byComment: await file('Clip four.mp4'),
    byField: await file('Clip five.mp4', {
      customFields: {
        [fields.channel.id]: 'Paid social',
        [fields.budget.id]: 1500,
        [fields.stage.id]: fields.stage.options[1]!.id,
      },
    }),
  };
  await analysed(ids.bySpeech!, {
    speech: [
      [0, 'Hey everyone, welcome back'],
      [12_000, 'this summer we are giving 50% off your first order'],
    ],
  });
  await analysed(ids.byScreen!, {
    ocr: [
      [0, 'SALE'],
      [12_000, '50% off your first order'],
    ],
    language: 'en',
  });
  expect(
    (
      await call('POST', `/assets/${ids.byComment}/comments`, {
        text: 'Could we make this feel more summer?',
      })
    ).status,
  ).toBe(201);
  await setDimensions(ids.byName!, 1080, 1920);
  await setDimensions(ids.byScreen!, 1080, 1080);
  await setDimensions(ids.byTag!, 1920, 1080, 30);
  await setDimensions(ids.bySpeech!, 1080, 1920, 12);

  // Canaries: the same words in another account and in another brand of the same account.
  await createFiles(t, outsider, { names: ['Summer hero.jpg', 'Summer canary.mp4'] });
  await createFiles(t, { ...user, brandId: otherBrand }, { names: ['Summer other brand.mp4'] });
  await indexed();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('keyword search', () => {
  it('ranks a name above a tag above a description above speech above a comment', async () => {
    const { items, total } = await search('keyword=summer');
    expect(names(items)).toEqual([
      'Summer hero.jpg',
      'Clip one.mp4',
      'Clip two.mp4',
      'Clip three.mp4',
      'Clip four.mp4',
    ]);
    expect(total).toBe(5);
  });

  it('finds a misspelt name by its trigrams', async () => {
    expect(names((await search('keyword=sumer')).items)).toContain('Summer hero.jpg');
    expect(names((await search('keyword=promo%20crad')).items)).toContain('Promo card.png');
    // Through the brand's name words: a filter still applies, and another brand's names never come back.
    expect(names((await search('keyword=sumer&types=IMAGE')).items)).toEqual(['Summer hero.jpg']);
    expect(names((await search('keyword=sumer&types=AUDIO')).items)).toEqual([]);
    expect(names((await search('keyword=canery')).items)).toEqual([]);
  });

  it('counts exactly up to a cap and says when more match', async () => {
    // The cap is 10,000 (SEARCH_LIMITS.exactTotal); a repository with a cap of 2 shows the answer.
    const service = t.context.services.search as unknown as { repository: SearchRepository };
    const repository = service.repository;
    service.repository = new SearchRepository(t.context.database.db, 2);
    try {
      const capped = await call<SearchResult[]>('GET', '/search?keyword=summer');
      expect(capped.headers['x-total-count']).toBe('2');
      expect(capped.headers['x-total-count-capped']).toBe('true');
      expect(capped.body).toHaveLength(2);
      const exact = await call<SearchResult[]>('GET', '/search?keyword=summer&types=IMAGE');
      expect(exact.headers['x-total-count']).toBe('1');
      expect(exact.headers['x-total-count-capped']).toBeUndefined();
    } finally {
      service.repository = repository;
    }
    expect((await search('keyword=summer')).total).toBe(5);
  });

  it('pages by relevance without repeating or skipping an item', async () => {
    const all = (await search('keyword=summer&limit=100')).items.map((i) => i.id);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 2)
      paged.push(...(await search(`keyword=summer&limit=2&offset=${offset}`)).items.map((i) => i.id));
    expect(paged).toEqual(all);
  });

  it('finds words on screen and spoken, with snippets, highlighted words and their times', async () => {
    const { items } = await search(`keyword=${encodeURIComponent('first order')}`);
    expect(names(items).sort()).toEqual(['Clip three.mp4', 'Promo card.png']);
    // A still picture's text has no time; speech has.
    const screen = items.find((i) => i.id === ids.byScreen)!;
    expect(screen.matches[0]).toMatchObject({ source: 'ON_SCREEN_TEXT', timestampMs: null });
    const speech = items.find((i) => i.id === ids.bySpeech)!;
    const match = speech.matches[0]!;
    expect(match).toMatchObject({ source: 'TRANSCRIPT', timestampMs: 12_000 });
    expect(match.snippet).toContain('50% off your first order');
    expect(match.highlights.map(([from, to]) => match.snippet.slice(from, to))).toEqual(['first', 'order']);
  });

  it('tells a comment match by its source, and stems English words', async () => {
    const { items } = await search('keyword=feeling');
    expect(names(items)).toEqual(['Clip four.mp4']);
    expect(items[0]!.matches[0]).toMatchObject({ source: 'COMMENT', timestampMs: null });
    expect(items[0]!.matches[0]!.snippet).toBe('Could we make this feel more summer?');
  });

  it('reads quotes, -word and or as a web search does; junk syntax is plain words', async () => {
    expect(names((await search(`keyword=${encodeURIComponent('"first order"')}`)).items)).toHaveLength(2);
    expect(names((await search(`keyword=${encodeURIComponent('"order first"')}`)).items)).toEqual([]);
    expect(names((await search(`keyword=${encodeURIComponent('first order -sale')}`)).items)).toEqual([
      'Clip three.mp4',
    ]);
    expect(names((await search(`keyword=${encodeURIComponent('beach or welcome')}`)).items).sort()).toEqual([
      'Clip three.mp4',
      'Clip two.mp4',
    ]);
    for (const junk of ['&|!(', 'summer & (', ':*', "'''", '!!!beach']) {
      const response = await call<SearchResult[]>('GET', `/search?keyword=${encodeURIComponent(junk)}`);
      expect(response.status, junk).toBe(200);
    }
    expect(names((await search(`keyword=${encodeURIComponent('!!!beach')}`)).items)).toEqual([
      'Clip two.mp4',
    ]);
  });

  it('finds custom field values and option labels', async () => {
    expect(names((await search('keyword=paid%20social')).items)).toEqual(['Clip five.mp4']);
    expect(names((await search('keyword=final')).items)).toEqual(['Clip five.mp4']);
  });

  it('lists newest first without a keyword, or oldest with order asc', async () => {
    // Ten: seven files, two folders and the brand's Brand Kit.
    const { items, total } = await search('limit=3');
    expect(total).toBe(10);
    expect(names(items)[0]).toBe('Clip five.mp4');
    const oldest = await search('sort=createdAt&order=asc&limit=1');
    expect(names(oldest.items)).toEqual(['Brand Kit']);
    const page = await search('limit=2&offset=9');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(10);
    expect((await search('offset=50')).total).toBe(10);
  });
});

describe('filters', () => {
  it('filters by type, tags (any within a category, all across), aspect, metadata and dates', async () => {
    expect(names((await search('keyword=summer&types=IMAGE')).items)).toEqual(['Summer hero.jpg']);
    const red = tags.red!.id;
    const blue = tags.blue!.id;
    const calm = tags.calm!.id;
    expect(names((await search(`tagIds=${red}&tagIds=${blue}`)).items).sort()).toEqual([
      'Clip one.mp4',
      'Promo card.png',
    ]);
    expect(names((await search(`tagIds=${blue}&tagIds=${calm}`)).items)).toEqual([]);
    expect(names((await search(`tagIds=${red}&tagIds=${calm}`)).items)).toEqual(['Clip one.mp4']);
    expect(names((await search('aspectRatios=9:16')).items).sort()).toEqual([
      'Clip three.mp4',
      'Summer hero.jpg',
    ]);
    expect(names((await search('aspectRatios=1:1&aspectRatios=16:9')).items).sort()).toEqual([
      'Clip one.mp4',
      'Promo card.png',
    ]);
    expect(names((await search('metadata=length:gt:20')).items)).toEqual(['Clip one.mp4']);
    expect(names((await search('metadata=width:lte:1080&metadata=height:eq:1920')).items).sort()).toEqual([
      'Clip three.mp4',
      'Summer hero.jpg',
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await search(`createdFrom=${tomorrow}`)).total).toBe(0);
    expect((await search(`createdTo=${new Date().toISOString().slice(0, 10)}`)).total).toBe(10);
  });

  it('filters a keyword search as it filters the whole library', async () => {
    // A keyword search reads most filters from its documents' lexemes; the answer is the same.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const filters = [
      'types=IMAGE',
      'types=VIDEO&types=IMAGE',
      `tagIds=${tags.red!.id}&tagIds=${tags.blue!.id}`,
      `tagIds=${tags.red!.id}&tagIds=${tags.calm!.id}`,
      'aspectRatios=9:16',
      'aspectRatios=1:1&aspectRatios=16:9',
      'languages=en',
      'metadata=length:gt:20',
      `createdFrom=${today}&createdTo=${today}`,
      `createdFrom=${tomorrow}`,
      `createdFrom=2020-01-01&createdTo=${today}`,
      `folderId=${folders.campaign}`,
      `customFields=${encodeURIComponent(`${fields.channel.id}:CONTAINS:social`)}`,
      'library=BRAND&library=AD',
    ];
    for (const keyword of ['summer', 'order', 'sumer']) {
      const matching = new Set((await search(`keyword=${keyword}&limit=100`)).items.map((i) => i.id));
      for (const filter of filters) {
        const expected = (await search(`${filter}&limit=100`)).items
          .map((i) => i.id)
          .filter((id) => matching.has(id))
          .sort();
        const { items, total } = await search(`keyword=${keyword}&${filter}&limit=100`);
        expect(items.map((i) => i.id).sort(), `${keyword} ${filter}`).toEqual(expected);
        expect(total, `${keyword} ${filter}`).toBe(expected.length);
      }
    }
  });

  it('filters by folder, with or without its subfolders', async () => {
    expect(names((await search(`folderId=${folders.campaign}`)).items).sort()).toEqual([
      'Clip three.mp4',
      'Promo card.png',
      'Q3',
    ]);
    expect(
      names((await search(`folderId=${folders.campaign}&includeSubFolders=false`)).items).sort(),
    ).toEqual(['Promo card.png', 'Q3']);
  });

  it('filters by language and custom fields of every type', async () => {
    expect(names((await search('languages=en')).items)).toEqual(['Clip three.mp4']);
    expect(names((await search('languages=de')).items)).toEqual([]);
    const f = (value: string) => `customFields=${encodeURIComponent(value)}`;
    expect(names((await search(f(`${fields.channel.id}:CONTAINS:social`))).items)).toEqual(['Clip five.mp4']);
    expect(names((await search(f(`${fields.channel.id}:EQUALS:paid social`))).items)).toEqual([
      'Clip five.mp4',
    ]);
    expect((await search(f(`${fields.channel.id}:NOT_CONTAINS:social`))).total).toBe(9);
    expect(names((await search(f(`${fields.budget.id}:gte:1500`))).items)).toEqual(['Clip five.mp4']);
    expect((await search(f(`${fields.budget.id}:lt:1500`))).total).toBe(0);
    expect(
      names((await search(f(`${fields.stage.id}:EQUALS:${fields.stage.options[1]!.id}`))).items),
    ).toEqual(['Clip five.mp4']);
  });

  it('answers 400 naming the parameter for bad input, never a 5xx', async () => {
    const bad: [string, string][] = [
      ['metadata=depth:gt:1', 'querystring.metadata.0'],
      ['metadata=length:above:1', 'querystring.metadata.0'],
      ['metadata=length:gt:ten', 'querystring.metadata.0'],
      ['createdFrom=yesterday', 'querystring.createdFrom'],
      ['limit=0', 'querystring.limit'],
      ['limit=101', 'querystring.limit'],
      ['offset=-1', 'querystring.offset'],
      [`keyword=${'a'.repeat(501)}`, 'querystring.keyword'],
      ['aspectRatios=2:1', 'querystring.aspectRatios.0'],
      ['types=SPREADSHEET', 'querystring.types.0'],
      ['folderId=nope', 'querystring.folderId'],
      [`folderId=${ids.byName}`, 'querystring.folderId'],
      [`customFields=${fields.budget.id}:CONTAINS:1`, 'querystring.customFields.0'],
      [`customFields=${fields.budget.id}:gt:many`, 'querystring.customFields.0'],
      [`customFields=${fields.stage.id}:EQUALS:Final`, 'querystring.customFields.0'],
      ['customFields=00000000-0000-4000-8000-000000000000:EQUALS:x', 'querystring.customFields.0'],
    ];
    for (const [query, path] of bad) {
      const response = await call<ErrorBody>('GET', `/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(
        response.body.fields?.map((f) => f.path),
        query,
      ).toContain(path);
    }
    const entity = await call<ErrorBody>('GET', '/search-options?entity=PLANET');
    expect(entity.status).toBe(400);
    expect(entity.body.fields?.map((f) => f.path)).toContain('querystring.entity');
  });
});

describe('who sees what', () => {
  it('never shows another account or brand, in results, counts or options', async () => {
    const { items, total } = await search('keyword=summer&limit=100');
    expect(items.every((i) => Object.values(ids).includes(i.id))).toBe(true);
    expect(total).toBe(5);
    const mine = await search('keyword=canary');
    expect(mine.total).toBe(0);
    const theirs = await search('keyword=summer', outsider);
    expect(names(theirs.items).sort()).toEqual(['Summer canary.mp4', 'Summer hero.jpg']);
    const second = await search('keyword=summer', user, otherBrand);
    expect(names(second.items)).toEqual(['Summer other brand.mp4']);
    const options = await call<SearchOption[]>(
      'GET',
      '/search-options?entity=TAG&q=sun',
      undefined,
      outsider,
    );
    expect(options.body).toEqual([]);
    // Another account's brand does not exist for them (the access layer's 404, as everywhere).
    expect((await call('GET', '/search?keyword=summer', undefined, outsider, user.brandId)).status).toBe(404);
  });

  it('gives a score only to super users', async () => {
    const plain = await search('keyword=summer');
    expect(plain.items.every((i) => i.score === undefined)).toBe(true);
    const root = await createFiles(t, superUser, { names: ['Summer root.mp4'] });
    await indexed();
    const scored = await search('keyword=summer', superUser);
    expect(scored.items.map((i) => i.id)).toEqual(root);
    expect(scored.items[0]!.score).toBeGreaterThan(0);
    expect(scored.items[0]!.score).toBeLessThanOrEqual(1);
  });
});

describe('freshness', () => {
  it('finds a change within 2 s without being asked, and forgets deleted items', async () => {
    const id = await file('Autumn teaser.mp4');
    const started = Date.now();
    await eventually(async () => ((await search('keyword=autumn')).total === 1 ? true : undefined), 10_000);
    const firstSeen = Date.now() - started;
    expect((await call('PUT', `/assets/${id}`, { name: 'Winter teaser.mp4' })).status).toBe(200);
    await eventually(async () => ((await search('keyword=winter')).total === 1 ? true : undefined), 10_000);
    expect((await search('keyword=autumn')).total).toBe(0);
    const frosty = await tag('Frosty');
    expect((await call('PUT', `/assets/${id}`, { tags: [frosty.id] })).status).toBe(200);
    await eventually(async () => ((await search('keyword=frosty')).total === 1 ? true : undefined), 10_000);
    expect((await call('DELETE', `/assets/${id}`)).status).toBe(200);
    expect((await search('keyword=winter')).total).toBe(0);
    // Measured, not asserted tightly (machines differ): the issue's goal is 2 s on an idle server.
    expect(firstSeen).toBeLessThan(10_000);
  });

  it('leaves hidden items out of keyword searches, and brings them back', async () => {
    const hidden = await call('PUT', '/library/bulk', {
      entities: [{ id: ids.byComment, library: 'BRAND' }],
      updateQuery: { isHidden: true },
    });
    expect(hidden.status).toBe(200);
    await eventually(async () => ((await search('keyword=feeling')).total === 0 ? true : undefined), 10_000);
    // Back, as a restore from the trash would bring it.
    await t.context.database.execute('update assets set is_hidden = false where id = $1', [ids.byComment]);
    await eventually(async () => ((await search('keyword=feeling')).total === 1 ? true : undefined), 10_000);
  });

  it('reindexes a brand on request', async () => {
    await t.context.database.execute('delete from search_documents where brand_id = $1', [user.brandId]);
    expect((await search('keyword=summer')).total).toBe(0);
    await t.context.services.search.indexer.reindexBrand(user.brandId);
    await eventually(async () => ((await search('keyword=summer')).total === 5 ? true : undefined), 20_000);
  });
});

describe('options', () => {
  it('lists tags with their category, prefix matches first', async () => {
    const { body } = await call<SearchOption[]>('GET', '/search-options?entity=TAG&q=e');
    expect(body.map((o) => o.name).sort()).toEqual(['Blue', 'Red', 'Summer vibes']);
    const prefix = await call<SearchOption[]>('GET', '/search-options?entity=TAG&q=bl');
    expect(prefix.body).toEqual([{ id: tags.blue!.id, name: 'Blue', entity: 'TAG', detail: 'Colours' }]);
    const paged = await call<SearchOption[]>('GET', '/search-options?entity=TAG&limit=2&offset=2');
    expect(paged.body).toHaveLength(2);
  });

  it('lists folders with their path, boards, people, fields and their values', async () => {
    const folderOptions = await call<SearchOption[]>('GET', '/search-options?entity=FOLDER&q=q3');
    expect(folderOptions.body).toEqual([
      { id: folders.nested, name: 'Q3', entity: 'FOLDER', detail: 'Campaigns' },
    ]);
    const people = await call<SearchOption[]>('GET', '/search-options?entity=USER');
    expect(people.body.map((o) => o.id)).toEqual([user.userId]);
    const values = await call<SearchOption[]>(
      'GET',
      `/search-options?entity=CUSTOM_FIELD_VALUE&fieldId=${fields.stage.id}`,
    );
    expect(values.body.map((o) => o.name)).toEqual(['Draft', 'Final']);
    const missing = await call<ErrorBody>('GET', '/search-options?entity=CUSTOM_FIELD_VALUE');
    expect(missing.status).toBe(400);
    const categories = await call<SearchOption[]>('GET', '/search-options?entity=TAG_CATEGORY&q=mo');
    expect(categories.body.map((o) => o.name)).toEqual(['Moods']);
  });

  it('finds library items by name for pickers', async () => {
    const { body } = await call<{ id: string; name: string }[]>(
      'GET',
      '/library/options-search?q=clip&types=VIDEO',
    );
    expect(body.map((a) => a.name)).toEqual([
      'Clip five.mp4',
      'Clip four.mp4',
      'Clip one.mp4',
      'Clip three.mp4',
      'Clip two.mp4',
    ]);
    const fuzzy = await call<{ name: string }[]>('GET', '/library/options-search?q=promo%20crad');
    expect(fuzzy.body.map((a) => a.name)).toEqual(['Promo card.png']);
    // One or two letters: names starting with them only (a library of millions has too many containing them).
    const short = await call<{ name: string }[]>('GET', '/library/options-search?q=cL&types=VIDEO&limit=2');
    expect(short.body.map((a) => a.name)).toEqual(['Clip five.mp4', 'Clip four.mp4']);
    const inside = await call<{ name: string }[]>('GET', '/library/options-search?q=ar');
    expect(inside.body).toEqual([]);
  });
});
