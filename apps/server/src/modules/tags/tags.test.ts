import type { Asset, MoveCopyResponse, Tag, TagCategory } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let user: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  member = await createUser(t, { accountId: user.accountId, role: 'member' });
  outsider = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const base = (u: TestUser = user, brandId = u.brandId) => `/api/accounts/${u.accountId}/brands/${brandId}`;
async function call<T>(method: string, url: string, payload?: object, u: TestUser = user, brandId?: string) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `${base(u, brandId)}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T };
}
type ErrorBody = { message: string; code: string; fields?: { path: string; message: string }[] };

const categories = async () => (await call<TagCategory[]>('GET', '/tag-categories')).body;
const general = async () => (await categories()).find((c) => c.type === 'SYSTEM')!;
const tag = async (name: string, categoryId?: string) =>
  (await call<Tag>('POST', '/tags', { name, categoryId })).body;
const files = async (names: string[], parentId: string | null = null) =>
  createFiles(t, user, { names, parentId });
const item = async (id: string) => (await call<Asset>('GET', `/library/BRAND/${id}`)).body;
const tagNames = (asset: Asset) => asset.tags.map((x) => x.name);

describe('tag categories', () => {
  it('every brand has the SYSTEM category General, which cannot be renamed or deleted', async () => {
    const list = await categories();
    expect(list[0]).toMatchObject({ name: 'General', type: 'SYSTEM', tagsCount: 0, children: [] });
    const rename = await call<ErrorBody>('PUT', `/tag-categories/${list[0]!.id}`, { name: 'Mine' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe('System categories cannot be changed');
    expect((await call('DELETE', `/tag-categories/${list[0]!.id}`)).status).toBe(400);
    expect((await general()).name).toBe('General');
  });

  it('creates, renames and deletes categories; names are unique ignoring case (409 at the field)', async () => {
    const created = await call<TagCategory>('POST', '/tag-categories', { name: '  Hooks  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hooks', type: 'CUSTOM', tagsCount: 0 });
    const taken = await call<ErrorBody>('POST', '/tag-categories', { name: 'hooks' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A category with this name already exists');
    expect(taken.body.fields).toEqual([
      { path: 'body.name', message: 'A category with this name already exists' },
    ]);
    expect((await call('POST', '/tag-categories', { name: 'GENERAL' })).status).toBe(409);

    const blank = await call<ErrorBody>('POST', '/tag-categories', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields?.[0]?.path).toBe('body.name');
    expect((await call('POST', '/tag-categories', { name: 'x'.repeat(31) })).status).toBe(400);

    const renamed = await call<TagCategory>('PUT', `/tag-categories/${created.body.id}`, { name: 'Openers' });
    expect(renamed.body.name).toBe('Openers');
    // A deleted category's tags move to General.
    const opener = await tag('POV opener', created.body.id);
    expect((await call('DELETE', `/tag-categories/${created.body.id}`)).status).toBe(200);
    expect((await categories()).map((c) => c.name)).not.toContain('Openers');
    expect((await general()).children.map((c) => c.id)).toContain(opener.id);
  });

  it("another brand's category is not found", async () => {
    const theirs = (await call<TagCategory>('POST', '/tag-categories', { name: 'Theirs' }, outsider)).body;
    expect((await call('PUT', `/tag-categories/${theirs.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call('DELETE', `/tag-categories/${theirs.id}`)).status).toBe(404);
  });
});

describe('tags', () => {
  it('creates tags in General by default, names trimmed, unique ignoring case, at most 20 characters', async () => {
    const created = await call<Tag>('POST', '/tags', { name: ' Summer ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Summer', categoryId: (await general()).id, usageCount: 0 });
    const taken = await call<ErrorBody>('POST', '/tags', { name: 'SUMMER' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A tag with this name already exists');
    expect(taken.body.fields).toEqual([
      { path: 'body.name', message: 'A tag with this name already exists' },
    ]);
    const long = await call<ErrorBody>('POST', '/tags', { name: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body.fields?.[0]?.path).toBe('body.name');
    expect((await call('POST', '/tags', { name: 'y'.repeat(20) })).status).toBe(201);
    const theirCategory = (await call<TagCategory>('POST', '/tag-categories', { name: 'Far' }, outsider))
      .body;
    const wrongCategory = await call<ErrorBody>('POST', '/tags', {
      name: 'Lost',
      categoryId: theirCategory.id,
    });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.fields?.[0]?.path).toBe('body.categoryId');
  });

  it('bulk creates up to 100 names, reusing existing ones ignoring case', async () => {
    const existing = await tag('Winter');
    const bulk = await call<Tag[]>('POST', '/tags/bulk', { names: ['winter', 'Spring', 'spring', 'Autumn'] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.map((x) => x.name)).toEqual(['Winter', 'Spring', 'Autumn']);
    expect(bulk.body[0]!.id).toBe(existing.id);
    const tooMany = Array.from({ length: 101 }, (_, i) => `n${i}`);
    expect((await call('POST', '/tags/bulk', { names: tooMany })).status).toBe(400);
  });

  it('updates name, category, description (700) and auto-search; counts usage when asked', async () => {
    const category = (await call<TagCategory>('POST', '/tag-categories', { name: 'Moods' })).body;
    const calm = await tag('Calm');
    const updated = await call<Tag>('PUT', `/tags/${calm.id}`, {
      name: 'Serene',
      categoryId: category.id,
      description: 'Slow, quiet pictures',
      autoSearchInFiles: true,
    });
    expect(updated.body).toMatchObject({
      name: 'Serene',
      categoryId: category.id,
      description: 'Slow, quiet pictures',
      autoSearchInFiles: true,
    });
    expect((await call('PUT', `/tags/${calm.id}`, { description: 'x'.repeat(701) })).status).toBe(400);
    expect((await call('PUT', `/tags/${calm.id}`, { name: 'summer' })).status).toBe(409);

    const [a, b] = await files(['calm-1.mp4', 'calm-2.mp4']);
    await call('PUT', `/assets/${a}`, { tags: [calm.id] });
    await call('PUT', `/assets/${b}`, { tags: [calm.id] });
    const listed = (await call<Tag[]>('GET', '/tags?includeCount=true')).body.find((x) => x.id === calm.id);
    expect(listed?.usageCount).toBe(2);
    expect((await call<Tag[]>('GET', '/tags')).body.find((x) => x.id === calm.id)?.usageCount).toBe(0);
    const withCount = (await call<TagCategory[]>('GET', '/tag-categories?includeCount=true')).body;
    expect(withCount.find((c) => c.id === category.id)?.children[0]).toMatchObject({
      name: 'Serene',
      usageCount: 2,
    });
  });

  it('allows auto-search on 50 tags per account, then refuses the 51st', async () => {
    const owner = await createUser(t);
    const secondBrand = await createBrand(t, owner);
    const made: Tag[] = [];
    for (let i = 0; i < 51; i += 1) {
      const brandId = i % 2 === 0 ? owner.brandId : secondBrand;
      made.push((await call<Tag>('POST', '/tags', { name: `auto ${i}` }, owner, brandId)).body);
    }
    for (let i = 0; i < 50; i += 1) {
      const brandId = i % 2 === 0 ? owner.brandId : secondBrand;
      const on = await call('PUT', `/tags/${made[i]!.id}`, { autoSearchInFiles: true }, owner, brandId);
      expect(on.status).toBe(200);
    }
    const refused = await call<ErrorBody>('PUT', `/tags/${made[50]!.id}`, { autoSearchInFiles: true }, owner);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Auto-search is on for 50 tags, the most your account allows');
    expect(refused.body.fields?.[0]?.path).toBe('body.autoSearchInFiles');
    // One already on may be saved again.
    expect((await call('PUT', `/tags/${made[0]!.id}`, { autoSearchInFiles: true }, owner)).status).toBe(200);
  });

  it('a member may manage tags; an outsider may not see them', async () => {
    const byMember = await call('POST', '/tags', { name: 'By member' }, member, user.brandId);
    expect(byMember.status, JSON.stringify(byMember.body)).toBe(201);
    const theirs = await call('GET', '/tags', undefined, outsider, user.brandId);
    expect(theirs.status).toBe(404);
  });
});

describe('tags on items', () => {
  it('PUT /assets/{id} sets the whole set; answers carry tags by name; another brand’s tag is refused', async () => {
    const [id] = await files(['hero.mp4']);
    const [x, y] = [await tag('Hero'), await tag('Ad cut')];
    const set = await call<Asset>('PUT', `/assets/${id}`, { tags: [x.id, y.id] });
    expect(set.status).toBe(200);
    expect(tagNames(set.body)).toEqual(['Ad cut', 'Hero']);
    expect(tagNames(await item(id!))).toEqual(['Ad cut', 'Hero']);
    const list = (await call<Asset[]>('GET', '/assets?parentId=root')).body;
    expect(tagNames(list.find((a) => a.id === id)!)).toEqual(['Ad cut', 'Hero']);

    const theirs = (await call<Tag>('POST', '/tags', { name: 'Foreign' }, outsider)).body;
    const refused = await call<ErrorBody>('PUT', `/assets/${id}`, {
      tags: [x.id, theirs.id],
      name: 'renamed',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'Unknown tag',
      fields: [{ path: 'body.tags', message: 'Unknown tag' }],
    });
    // Nothing half-written: the rename in the same call did not happen either.
    const after = await item(id!);
    expect(after.name).toBe('hero.mp4');
    expect(tagNames(after)).toEqual(['Ad cut', 'Hero']);

    expect(tagNames((await call<Asset>('PUT', `/assets/${id}`, { tags: [y.id] })).body)).toEqual(['Ad cut']);
    expect(tagNames((await call<Asset>('PUT', `/assets/${id}`, { tags: [] })).body)).toEqual([]);
    const folder = (await call<Asset>('POST', '/assets/root/folders', { name: 'Not taggable' })).body;
    expect((await call('PUT', `/assets/${folder.id}`, { tags: [x.id] })).status).toBe(400);
  });

  it('library bulk update adds tags to each file; bulk tag adds and removes; folders are skipped', async () => {
    const folder = (await call<Asset>('POST', '/assets/root/folders', { name: 'Bulk' })).body;
    const ids = await files(['a.mp4', 'b.mp4'], folder.id);
    const summer = await tag('Bulk summer');
    const bulk = await call<{ updatedEntities: string[] }>('PUT', '/library/bulk', {
      entities: [...ids, folder.id].map((id) => ({ id, library: 'BRAND' })),
      updateQuery: { tags: [summer.id] },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.updatedEntities.sort()).toEqual([...ids].sort());
    for (const id of ids) expect(tagNames(await item(id))).toEqual(['Bulk summer']);
    expect(tagNames(await item(folder.id))).toEqual([]);

    const winter = await tag('Bulk winter');
    const added = await call<{ count: number; isAsync: boolean }>('POST', '/tags/bulk-tag', {
      entityIds: ids.map((id) => ({ id, library: 'BRAND' })),
      tagIds: [winter.id],
    });
    expect(added.body).toMatchObject({ count: 2, isAsync: false });
    expect(tagNames(await item(ids[0]!))).toEqual(['Bulk summer', 'Bulk winter']);
    await call('POST', '/tags/bulk-tag', {
      entityIds: [{ id: ids[0], library: 'BRAND' }],
      tagIds: [summer.id],
      remove: true,
    });
    expect(tagNames(await item(ids[0]!))).toEqual(['Bulk winter']);
    const theirs = (await call<Tag>('POST', '/tags', { name: 'Not ours' }, outsider)).body;
    const refused = await call<ErrorBody>('POST', '/tags/bulk-tag', {
      entityIds: [{ id: ids[0], library: 'BRAND' }],
      tagIds: [theirs.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Unknown tag');
    const notOurs = await call(
      'POST',
      '/tags/bulk-tag',
      { entityIds: [{ id: ids[0] }], tagIds: [summer.id] },
      outsider,
    );
    expect(notOurs.status).toBe(404);
  });

  it('bulk tags every item of a folder by query in a background job above 500 items', async () => {
    const folder = (await call<Asset>('POST', '/assets/root/folders', { name: 'Six hundred' })).body;
    const names = Array.from({ length: 600 }, (_, i) => `clip-${i}.mp4`);
    const ids = await files(names, folder.id);
    const big = await tag('Six hundred');
    const answer = await call<{ count: number; isAsync: boolean }>('POST', '/tags/bulk-tag', {
      shouldApplyAll: true,
      parentId: folder.id,
      tagIds: [big.id],
    });
    expect(answer.body).toMatchObject({ count: 600, isAsync: true });
    await eventually(async () => {
      const used = (await call<Tag[]>('GET', '/tags?includeCount=true')).body.find((x) => x.id === big.id);
      return used?.usageCount === 600 ? true : undefined;
    }, 30_000);
    expect(tagNames(await item(ids[599]!))).toEqual(['Six hundred']);
  });

  it('copies keep their tags; deleting a tag takes it off every item', async () => {
    const [id] = await files(['keep.mp4']);
    const kept = await tag('Kept');
    await call('PUT', `/assets/${id}`, { tags: [kept.id] });
    const target = (await call<Asset>('POST', '/assets/root/folders', { name: 'Copies' })).body;
    const copied = await call<MoveCopyResponse>('POST', `/assets/copy?assetIds=${id}`, {
      folderId: target.id,
    });
    expect(tagNames(copied.body.assets[0]!)).toEqual(['Kept']);
    expect((await call('DELETE', `/tags/${kept.id}`)).status).toBe(200);
    expect(tagNames(await item(id!))).toEqual([]);
    expect(tagNames(await item(copied.body.assets[0]!.id))).toEqual([]);
  });
});
