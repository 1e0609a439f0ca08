import type { SearchResult } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiles, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

/**
 * includeShared through HTTP (issue 16): another brand's items shared with the caller in
 * person (an item, or a folder and what is in it) join the caller's results, each presented
 * as its brand presents it; that brand's other items with the same words never do, and
 * without the parameter nothing of theirs shows.
 */
let t: TestApp;
let owner: TestUser; // brand Y, shares with friend
let friend: TestUser; // brand X, searches
let stranger: TestUser; // shares nothing with friend
const ids: Record<string, string> = {};

async function file(u: TestUser, name: string, parentId: string | null = null) {
  const [id] = await createFiles(t, u, { names: [name], type: 'IMAGE', parentId });
  return id!;
}

async function share(id: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${owner.accountId}/brands/${owner.brandId}/library/BRAND/${id}/share`,
    headers: owner.headers,
    payload: { resourceId: id, library: 'BRAND', shares: [{ email: friend.email, action: 'read' }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function search(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${friend.accountId}/brands/${friend.brandId}/search?${query}`,
    headers: friend.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json<SearchResult[]>();
  return { items, names: items.map((i) => i.name).sort(), total: Number(response.headers['x-total-count']) };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  friend = await createUser(t);
  stranger = await createUser(t);
  ids.own = await file(friend, 'Zebra own.jpg');
  const drops = await createFolder(t, owner, { name: 'Shared drops' });
  ids.inFolder = await file(owner, 'Zebra in folder.jpg', drops);
  ids.single = await file(owner, 'Zebra single.jpg');
  ids.unshared = await file(owner, 'Zebra unshared.jpg');
  ids.stranger = await file(stranger, 'Zebra stranger.jpg');
  await share(drops);
  await share(ids.single);
  // Searchable once the index caught up.
  await t.context.services.search.indexer.drain();
  await eventually(async () => ((await search('keyword=zebra')).total === 1 ? true : undefined));
});

afterAll(() => t?.close());

describe('includeShared', () => {
  it('adds only the items shared with the caller, presented by their own brand', async () => {
    const plain = await search('keyword=zebra');
    expect(plain.names).toEqual(['Zebra own.jpg']);

    const withShared = await search('keyword=zebra&includeShared=true');
    expect(withShared.names).toEqual(['Zebra in folder.jpg', 'Zebra own.jpg', 'Zebra single.jpg']);
    expect(withShared.total).toBe(3);
    const single = withShared.items.find((i) => i.id === ids.single)!;
    expect(single.brandId).toBe(owner.brandId);
    expect(single.isShared).toBe(true);
    expect(withShared.items.find((i) => i.id === ids.own)!.brandId).toBe(friend.brandId);
  });

  it('holds without a keyword, and with a type filter', async () => {
    const all = await search('includeShared=true');
    expect(all.names).toEqual([
      'Brand Kit', // the caller's own
      'Shared drops', // the shared folder is an item shared with the caller too
      'Zebra in folder.jpg',
      'Zebra own.jpg',
      'Zebra single.jpg',
    ]);
    const images = await search('includeShared=true&types=IMAGE');
    expect(images.names).toEqual(['Zebra in folder.jpg', 'Zebra own.jpg', 'Zebra single.jpg']);
  });
});
