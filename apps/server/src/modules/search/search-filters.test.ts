import { randomUUID } from 'node:crypto';
import type { CustomField, SearchOption, SearchResult } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

/**
 * Search through HTTP, the filters and options search.test.ts leaves out: boards, platforms
 * (an item on an imported ad is FACEBOOK), the breakdown's clip types and subtypes, the
 * library alone; BOARD, CUSTOM_FIELD and CLIP_SUBTYPE options; FOLDER, BOARD and USER options
 * never naming another account's or brand's (canaries with the same words); and a move
 * showing at once.
 */
let t: TestApp;
let user: TestUser;
let outsider: TestUser;
let otherBrand: string;
let other: TestUser; // the user in their second brand
const ids: Record<string, string> = {};
const boards: Record<string, string> = {};
let folder: string;
let field: CustomField;

async function call<T>(method: string, url: string, payload?: object, u: TestUser = user) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/api/accounts/${u.accountId}/brands/${u.brandId}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

async function search(query: string, u: TestUser = user) {
  const response = await call<SearchResult[]>('GET', `/search?${query}`, undefined, u);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    names: response.body.map((i) => i.name).sort(),
    total: Number(response.headers['x-total-count']),
  };
}

async function options(query: string, u: TestUser = user) {
  const response = await call<SearchOption[]>('GET', `/search-options?${query}`, undefined, u);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function file(name: string, u: TestUser = user, library: 'BRAND' | 'AD' = 'BRAND') {
  const [id] = await t.context.services.libraryItems.createFiles(
    { accountId: u.accountId, brandId: u.brandId, library },
    null,
    [{ type: 'VIDEO', name, size: 1000, uploadingState: 'UPLOADED', creatorId: u.userId, ownerId: u.userId }],
  );
  return id!;
}

async function board(name: string, items: string[], u: TestUser = user) {
  const made = await call<{ id: string }>('POST', '/boards', { name }, u);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (items.length) {
    const added = await call(
      'PUT',
      '/library/bulk',
      { entities: items.map((id) => ({ id })), updateQuery: { boardId: made.body.id } },
      u,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return made.body.id;
}

/** What a Meta import leaves: an ad account, campaign, ad set and ad, the item linked to the ad. */
async function onAnAd(assetId: string, u: TestUser = user) {
  const [account, campaign, set, ad] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const db = t.context.database;
  await db.execute(
    `insert into ad_accounts (id, account_id, brand_id, external_id, name, source) values ($1, $2, $3, $4, 'Ads', 'FACEBOOK')`,
    [account, u.accountId, u.brandId, `act_${account.slice(0, 8)}`],
  );
  await db.execute(
    `insert into ad_campaigns (id, ad_account_id, external_id, name) values ($1, $2, $3, 'Campaign')`,
    [campaign, account, `c_${campaign.slice(0, 8)}`],
  );
  await db.execute(
    `insert into ad_sets (id, ad_account_id, campaign_id, external_id, name) values ($1, $2, $3, $4, 'Set')`,
    [set, account, campaign, `s_${set.slice(0, 8)}`],
  );
  await db.execute(
    `insert into ads (id, ad_account_id, brand_id, campaign_id, ad_set_id, external_id, name, file_type)
     values ($1, $2, $3, $4, $5, $6, 'Ad', 'VIDEO')`,
    [ad, account, u.brandId, campaign, set, `a_${ad.slice(0, 8)}`],
  );
  await db.execute('insert into ad_assets (ad_id, asset_id) values ($1, $2)', [ad, assetId]);
}

/** What the creative breakdown (AI analysis) writes: clips of a type and subtype. */
async function clips(assetId: string, list: [string, string | null][]) {
  for (const [position, [type, subtype]] of list.entries())
    await t.context.database.execute(
      `insert into asset_clips (asset_id, position, type, subtype, quote, start_ms, end_ms)
       values ($1, $2, $3, $4, 'A line', $5, $6)`,
      [assetId, position, type, subtype, position * 1000, position * 1000 + 900],
    );
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

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  outsider = await createUser(t);
  otherBrand = await createBrand(t, user, 'Second brand');
  other = { ...user, brandId: otherBrand };

  ids.ad = await file('Lantern ad.mp4');
  ids.onBoard = await file('Lantern board.mp4');
  ids.painAndCta = await file('Lantern pain.mp4');
  ids.cta = await file('Lantern cta.mp4');
  ids.plain = await file('Lantern plain.mp4');
  ids.adLibrary = await file('Lantern in the ad library.mp4', user, 'AD');
  await onAnAd(ids.ad);
  boards.launch = await board('Launch board', [ids.onBoard]);
  await clips(ids.painAndCta, [
    ['Pain Point', 'Price worries'],
    ['CTA', 'Shop now'],
  ]);
  await clips(ids.cta, [
    ['CTA', 'Sign up'],
    ['Emotions', null],
  ]);
  folder = await createFolder(t, user, { name: 'Quarterly plans' });
  field = (await call<CustomField>('POST', '/custom-fields', { name: 'Channel', type: 'TEXT' })).body;

  // Canaries: the same words in another account and in another brand of the same account.
  for (const u of [outsider, other]) {
    const ad = await file('Lantern canary ad.mp4', u);
    await onAnAd(ad, u);
    const clipped = await file('Lantern canary clips.mp4', u);
    await clips(clipped, [['CTA', 'Shopping spree']]);
    await board('Launch canary board', [await file('Lantern canary board.mp4', u)], u);
    await createFolder(t, u, { name: 'Quarterly canary' });
    expect((await call('POST', '/custom-fields', { name: 'Channel canary', type: 'TEXT' }, u)).status).toBe(
      201,
    );
  }
  await indexed();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('filters', () => {
  it('filters by board, with and without a keyword', async () => {
    expect((await search(`boards=${boards.launch}`)).names).toEqual(['Lantern board.mp4']);
    expect((await search(`keyword=lantern&boards=${boards.launch}`)).names).toEqual(['Lantern board.mp4']);
    const empty = await board('Empty board', []);
    expect((await search(`boards=${empty}`)).total).toBe(0);
    // Any of several boards.
    expect((await search(`boards=${empty}&boards=${boards.launch}`)).names).toEqual(['Lantern board.mp4']);
  });

  it('filters by platform: an item on an imported ad is FACEBOOK', async () => {
    expect((await search('platforms=FACEBOOK')).names).toEqual(['Lantern ad.mp4']);
    expect((await search('keyword=lantern&platforms=FACEBOOK')).names).toEqual(['Lantern ad.mp4']);
    expect((await search('platforms=FACEBOOK&platforms=TIKTOK')).names).toEqual(['Lantern ad.mp4']);
    expect((await search('platforms=TIKTOK')).total).toBe(0);
    expect((await search('keyword=lantern&platforms=TIKTOK')).total).toBe(0);
  });

  it('filters by the breakdown’s clip types and subtypes, both on the same clip', async () => {
    const types = (...values: string[]) =>
      values.map((v) => `transcriptionBreakdownTypes=${encodeURIComponent(v)}`);
    const subtypes = (...values: string[]) =>
      values.map((v) => `transcriptionBreakdownSubtypes=${encodeURIComponent(v)}`);
    expect((await search(types('CTA').join('&'))).names).toEqual(['Lantern cta.mp4', 'Lantern pain.mp4']);
    expect((await search(types('Pain Point').join('&'))).names).toEqual(['Lantern pain.mp4']);
    expect((await search(types('Pain Point', 'Emotions').join('&'))).names).toEqual([
      'Lantern cta.mp4',
      'Lantern pain.mp4',
    ]);
    expect((await search(types('Solution').join('&'))).total).toBe(0);
    // Subtypes in any case.
    expect((await search(subtypes('shop NOW').join('&'))).names).toEqual(['Lantern pain.mp4']);
    expect((await search(subtypes('Sign up', 'Price worries').join('&'))).names).toEqual([
      'Lantern cta.mp4',
      'Lantern pain.mp4',
    ]);
    expect((await search([...types('CTA'), ...subtypes('Sign up')].join('&'))).names).toEqual([
      'Lantern cta.mp4',
    ]);
    // A type and a subtype of different clips: no clip is both.
    expect((await search([...types('Pain Point'), ...subtypes('Shop now')].join('&'))).total).toBe(0);
    expect((await search(`keyword=lantern&${types('CTA').join('&')}`)).names).toEqual([
      'Lantern cta.mp4',
      'Lantern pain.mp4',
    ]);
  });

  it('looks in the library asked for: BRAND by default, AD alone, or both', async () => {
    expect((await search('keyword=lantern')).names).not.toContain('Lantern in the ad library.mp4');
    expect((await search('library=AD')).names).toEqual(['Lantern in the ad library.mp4']);
    expect((await search('keyword=lantern&library=AD')).names).toEqual(['Lantern in the ad library.mp4']);
    expect((await search('library=UGC')).total).toBe(0);
    const both = await search('keyword=lantern&library=BRAND&library=AD');
    expect(both.names).toContain('Lantern in the ad library.mp4');
    expect(both.names).toContain('Lantern plain.mp4');
    expect(both.total).toBe(6);
  });
});

describe('options', () => {
  it('lists boards, custom fields and clip subtypes (with their clip type) of the brand only', async () => {
    expect(await options('entity=BOARD&q=launch')).toEqual([
      { id: boards.launch, name: 'Launch board', entity: 'BOARD', detail: null },
    ]);
    expect(await options('entity=CUSTOM_FIELD&q=chan')).toEqual([
      { id: field.id, name: 'Channel', entity: 'CUSTOM_FIELD', detail: 'TEXT' },
    ]);
    expect(await options('entity=CLIP_SUBTYPE&q=sh')).toEqual([
      { id: 'CTA:Shop now', name: 'Shop now', entity: 'CLIP_SUBTYPE', detail: 'CTA' },
    ]);
    // Without q: every subtype of the brand once, by name (a clip without one lists none).
    expect((await options('entity=CLIP_SUBTYPE')).map((o) => o.id)).toEqual([
      'Pain Point:Price worries',
      'CTA:Shop now',
      'CTA:Sign up',
    ]);
    // The canaries are there, for their own brands.
    expect((await options('entity=CLIP_SUBTYPE&q=sh', other)).map((o) => o.name)).toEqual(['Shopping spree']);
    expect((await options('entity=BOARD&q=launch', outsider)).map((o) => o.name)).toEqual([
      'Launch canary board',
    ]);
  });

  it('never names another account’s or brand’s folders, boards or people', async () => {
    expect((await options('entity=FOLDER&q=quarterly')).map((o) => o.id)).toEqual([folder]);
    expect((await options('entity=FOLDER&q=canary')).length).toBe(0);
    expect((await options('entity=BOARD&q=canary')).length).toBe(0);
    // People: members of the account who may work in the brand; not another account's, not
    // a member limited to another brand.
    const colleague = await createUser(t, { accountId: user.accountId, role: 'member' });
    const elsewhere = await createUser(t, { accountId: user.accountId, role: 'member' });
    await t.context.database.execute('insert into member_brands (user_id, brand_id) values ($1, $2)', [
      elsewhere.userId,
      otherBrand,
    ]);
    const people = (await options('entity=USER')).map((o) => o.id);
    expect(people.sort()).toEqual([user.userId, colleague.userId].sort());
    expect(people).not.toContain(outsider.userId);
    expect((await options('entity=USER', other)).map((o) => o.id).sort()).toEqual(
      [user.userId, colleague.userId, elsewhere.userId].sort(),
    );
    // Everyone's last name is Test: the same words, still only the brand's people.
    expect((await options('entity=USER&q=test')).map((o) => o.id).sort()).toEqual(
      [user.userId, colleague.userId].sort(),
    );
  });
});

describe('freshness', () => {
  it('finds a moved item in its new folder at once, and no longer in the old one', async () => {
    const id = await file('Drifter.mp4');
    await indexed();
    const inFolder = (query = '') => search(`folderId=${folder}${query}`);
    expect((await inFolder('&keyword=drifter')).total).toBe(0);
    expect((await call('PUT', `/assets/${id}`, { parentId: folder })).status).toBe(200);
    await eventually(
      async () => ((await inFolder('&keyword=drifter')).total === 1 ? true : undefined),
      10_000,
    );
    expect((await inFolder()).names).toEqual(['Drifter.mp4']);
    const sub = await createFolder(t, user, { name: 'Deeper', parentId: folder });
    expect((await call('PUT', `/assets/${id}`, { parentId: sub })).status).toBe(200);
    await eventually(
      async () =>
        (await inFolder('&includeSubFolders=false&keyword=drifter')).total === 0 ? true : undefined,
      10_000,
    );
    expect((await inFolder('&keyword=drifter')).total).toBe(1);
    expect((await search(`folderId=${sub}&keyword=drifter`)).names).toEqual(['Drifter.mp4']);
  });
});
