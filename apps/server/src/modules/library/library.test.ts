import type { Asset, AssetDetail, FolderTreeNode, MoveCopyResponse } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../platform/ids.js';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  other = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const base = (u: TestUser = user) => `/api/accounts/${u.accountId}/brands/${u.brandId}`;
async function call<T>(method: string, url: string, payload?: object, u: TestUser = user) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `${base(u)}${url}`,
    payload,
    headers: u.headers,
  });
  return {
    status: response.statusCode,
    body: response.json() as T,
    headers: response.headers,
    raw: response.body,
  };
}
const folder = async (name: string, parentId = 'root') =>
  (await call<Asset>('POST', `/assets/${parentId}/folders`, { name })).body;

/** A finished file, made by the test factory (through the library's item function). */
async function file(name: string, parentId: string | null, size = 1000, u: TestUser = user): Promise<Asset> {
  const [id] = await createFiles(t, u, { names: [name], parentId, size });
  return (await call<Asset>('GET', `/library/BRAND/${id}`, undefined, u)).body;
}
const list = async (parentId = 'root', query = '') =>
  call<Asset[]>('GET', `/assets?parentId=${parentId}${query}`);
const names = (items: Asset[]) => items.map((a) => a.name);

describe('folders and listing', () => {
  it('lists folders first by name, with x-total-count, pages and the Brand Kit system folder', async () => {
    const brandKit = (await list()).body.find((a) => a.isBrandKit)!;
    expect(brandKit).toMatchObject({ name: 'Brand Kit', isSystem: true, type: 'FOLDER', parentId: null });
    const parent = await folder('Campaigns');
    await folder('beta', parent.id);
    await folder('Alpha', parent.id);
    await file('zebra.mp4', parent.id, 30);
    await file('apple.mp4', parent.id, 10);
    const page = await list(parent.id);
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page.body)).toEqual(['Alpha', 'beta', 'apple.mp4', 'zebra.mp4']);
    expect(names((await list(parent.id, '&sort=size&order=desc')).body)).toEqual([
      'Alpha',
      'beta',
      'zebra.mp4',
      'apple.mp4',
    ]);
    expect(names((await list(parent.id, '&limit=2&offset=2')).body)).toEqual(['apple.mp4', 'zebra.mp4']);
    expect((await list()).body.find((a) => a.id === parent.id)?.childCount).toBe(4);
  });

  it('an unknown folder is 404 and a bad id is 400', async () => {
    expect((await list(uuidv7())).status).toBe(404);
    expect((await list('nope')).status).toBe(400);
  });

  it('breadcrumbs come with the item, root first; the tree answers one level with subfolders', async () => {
    const a = await folder('A');
    const b = await folder('B', a.id);
    const c = await folder('C', b.id);
    const detail = (await call<AssetDetail>('GET', `/library/BRAND/${c.id}`)).body;
    expect(detail.ancestors.map((x) => x.name)).toEqual(['A', 'B']);
    const level = (await call<FolderTreeNode[]>('GET', `/library/folders?folderId=${a.id}`)).body;
    // 000 §3: a node lists its subfolders (one level down), with a flag for the expander.
    expect(level).toEqual([
      {
        id: b.id,
        type: 'FOLDER',
        name: 'B',
        parentId: a.id,
        isSystem: false,
        hasSubfolders: true,
        subfolders: [
          { id: c.id, type: 'FOLDER', name: 'C', parentId: b.id, isSystem: false, hasSubfolders: false },
        ],
      },
    ]);
  });

  it('creates up to 100 folders in one batch, parents by key', async () => {
    const response = await call<{ folders: { key: string; id: string }[] }>('POST', '/assets/folders/batch', {
      folders: [
        { key: 'shoot', name: 'Shoot' },
        { key: 'shoot/raw', name: 'Raw', parentKey: 'shoot' },
      ],
    });
    expect(response.status).toBe(201);
    const [shoot, raw] = response.body.folders;
    expect(
      (await call<AssetDetail>('GET', `/library/BRAND/${raw!.id}`)).body.ancestors.map((x) => x.id),
    ).toEqual([shoot!.id]);
    // A later call of a big folder upload names parents made by an earlier call by id.
    const later = await call<{ folders: { key: string; id: string }[] }>('POST', '/assets/folders/batch', {
      folders: [{ key: 'shoot/raw/day1', name: 'Day 1', parentId: raw!.id }],
    });
    expect(later.status).toBe(201);
    expect(
      (await call<AssetDetail>('GET', `/library/BRAND/${later.body.folders[0]!.id}`)).body.ancestors.map(
        (x) => x.id,
      ),
    ).toEqual([shoot!.id, raw!.id]);
    const tooMany = await call('POST', '/assets/folders/batch', {
      folders: Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, name: `F${i}` })),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('rename', () => {
  it('keeps and re-appends the extension; folders rename freely; empty names are refused', async () => {
    const video = await file('hero.mp4', null);
    expect((await call<Asset>('PUT', `/assets/${video.id}`, { name: 'Final cut' })).body.name).toBe(
      'Final cut.mp4',
    );
    expect((await call<Asset>('PUT', `/assets/${video.id}`, { name: 'Again.mp4' })).body.name).toBe(
      'Again.mp4',
    );
    const f = await folder('Old');
    expect((await call<Asset>('PUT', `/assets/${f.id}`, { name: 'New.name' })).body.name).toBe('New.name');
    const empty = await call<{ fields: { message: string }[] }>('PUT', `/assets/${f.id}`, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0]!.message).toBe('requiredName');
  });

  it('system items refuse rename, move and delete (403 with the reason), a bulk delete whole', async () => {
    const brandKit = (await list()).body.find((a) => a.isBrandKit)!;
    const target = await folder('Target');
    const refused = (response: { status: number; body: unknown }) => {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ message: 'System items cannot be renamed, moved or deleted' });
    };
    refused(await call('PUT', `/assets/${brandKit.id}`, { name: 'Mine' }));
    refused(await call('PUT', `/assets/move?assetIds=${brandKit.id}`, { parentId: target.id }));
    refused(await call('DELETE', `/assets/${brandKit.id}`));
    const plain = await folder('Plain');
    refused(await call('POST', '/library/delete', { entities: [{ id: plain.id }, { id: brandKit.id }] }));
    expect((await call('GET', `/library/BRAND/${plain.id}`)).status).toBe(200);
    // Describing a system folder is no rename: allowed.
    expect((await call('PUT', `/assets/${brandKit.id}/description`, { description: 'Logos' })).status).toBe(
      200,
    );
  });
});

describe('folder create payload (000 §3)', () => {
  it('refuses a brandId or parentId that differs from the path, naming the field', async () => {
    const parent = await folder('Payload parent');
    const wrongBrand = await call('POST', `/assets/${parent.id}/folders`, {
      name: 'X',
      brandId: other.brandId,
    });
    expect(wrongBrand.status).toBe(400);
    expect(wrongBrand.body).toMatchObject({ fields: [{ path: 'body.brandId' }] });
    const wrongParent = await call('POST', `/assets/${parent.id}/folders`, { name: 'X', parentId: 'root' });
    expect(wrongParent.status).toBe(400);
    expect(wrongParent.body).toMatchObject({ fields: [{ path: 'body.parentId' }] });
    expect((await list(parent.id)).body).toEqual([]);
    const same = await call<Asset>('POST', `/assets/${parent.id}/folders`, {
      name: 'Matching',
      parentId: parent.id,
      brandId: user.brandId,
      type: 'BRAND',
    });
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({
      name: 'Matching',
      parentId: parent.id,
      library: 'BRAND',
      isBrandKit: false,
    });
  });

  it("honours type (the library) at the root and keeps a folder in its parent's library", async () => {
    const adFolder = await call<Asset>('POST', '/assets/root/folders', { name: 'Ad versions', type: 'AD' });
    expect(adFolder.status).toBe(201);
    expect(adFolder.body.library).toBe('AD');
    const inside = await call<Asset>('POST', `/assets/${adFolder.body.id}/folders`, { name: 'Inside' });
    expect(inside.body.library).toBe('AD');
    const mixed = await call('POST', `/assets/${adFolder.body.id}/folders`, { name: 'Mixed', type: 'BRAND' });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({ fields: [{ path: 'body.type' }] });
  });

  it('keeps every query inside its library: lists, folder uploads, moves and copies', async () => {
    const ads = (await call<Asset>('POST', '/assets/root/folders', { name: 'Ads', type: 'AD' })).body;
    const uploaded = await call<{ folders: { key: string; id: string }[] }>('POST', '/assets/folders/batch', {
      parentId: ads.id,
      folders: [{ key: 'a', name: 'Cuts' }],
    });
    expect(uploaded.status).toBe(201);
    const cuts = uploaded.body.folders[0]!.id;
    expect((await call<Asset>('GET', `/library/AD/${cuts}`)).body.library).toBe('AD');
    // The AD folder's children are listed in the AD library only.
    expect((await list(ads.id, '&library=AD')).body.map((a) => a.id)).toEqual([cuts]);
    expect((await list(ads.id, '&library=BRAND')).status).toBe(404);
    expect((await list('root', '&library=BRAND')).body.some((a) => a.id === ads.id)).toBe(false);
    // Items never cross libraries, either way.
    const brandFolder = await folder('Brand side');
    const into = await call('PUT', `/assets/move?assetIds=${brandFolder.id}`, { parentId: ads.id });
    expect(into.status).toBe(400);
    expect(into.body).toMatchObject({ message: 'Items cannot be moved into another library' });
    const out = await call('POST', `/assets/copy?assetIds=${cuts}`, { folderId: brandFolder.id });
    expect(out.status).toBe(400);
    expect(out.body).toMatchObject({ message: 'Items cannot be copied into another library' });
  });

  it('makes Brand Kit folders inside the Brand Kit only, and every folder made there is one', async () => {
    const brandKit = (await list()).body.find((a) => a.isBrandKit)!;
    const logos = await call<Asset>('POST', `/assets/${brandKit.id}/folders`, {
      name: 'Logos',
      isBrandKit: true,
    });
    expect(logos.status).toBe(201);
    expect(logos.body.isBrandKit).toBe(true);
    const fonts = await call<Asset>('POST', `/assets/${brandKit.id}/folders`, { name: 'Fonts' });
    expect(fonts.body.isBrandKit).toBe(true);
    const outside = await call('POST', '/assets/root/folders', { name: 'Not a kit', isBrandKit: true });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ fields: [{ path: 'body.isBrandKit' }] });
  });
});

describe('select-all delete', () => {
  const children = async (parentId: string, count: number, prefix: string) => {
    for (let start = 0; start < count; start += 100) {
      const folders = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({
        key: `${prefix}${start + i}`,
        name: `${prefix} ${start + i}`,
      }));
      expect((await call('POST', '/assets/folders/batch', { parentId, folders })).status).toBe(201);
    }
  };

  it('deletes every child of the folder, not only the loaded page, and refuses a folder that grew', async () => {
    const parent = await folder('Select all');
    await children(parent.id, 45, 'Item');
    const grown = await call('POST', '/library/delete', {
      shouldApplyAll: true,
      parentId: parent.id,
      totalCount: 44,
    });
    expect(grown.status).toBe(409);
    expect((await list(parent.id)).headers['x-total-count']).toBe('45');
    const all = await call<{ count: number; isAsync: boolean }>('POST', '/library/delete', {
      shouldApplyAll: true,
      parentId: parent.id,
      totalCount: 45,
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 45, isAsync: false });
    expect((await list(parent.id)).headers['x-total-count']).toBe('0');
    expect((await call('GET', `/library/BRAND/${parent.id}`)).status).toBe(200);
    const missing = await call('POST', '/library/delete', { shouldApplyAll: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: [{ path: 'body.parentId' }] });
  });

  it('above 500 items it answers isAsync and a background job deletes them', async () => {
    const parent = await folder('Select all, many');
    await children(parent.id, 501, 'Many');
    const all = await call<{ count: number; isAsync: boolean }>('POST', '/library/delete', {
      shouldApplyAll: true,
      parentId: parent.id,
      totalCount: 501,
    });
    expect(all.body).toMatchObject({ count: 501, isAsync: true });
    await eventually(async () =>
      (await list(parent.id)).headers['x-total-count'] === '0' ? true : undefined,
    );
  });
});

describe('move and copy', () => {
  it('moves a folder with its subtree; breadcrumbs follow; into itself or a descendant is refused', async () => {
    const a = await folder('Move A');
    const b = await folder('Move B', a.id);
    const inner = await file('clip.mp4', b.id);
    const dest = await folder('Move Dest');
    const moved = await call<MoveCopyResponse>('PUT', `/assets/move?assetIds=${a.id}`, { parentId: dest.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ count: 3, isAsync: false });
    expect(moved.body.assets[0]).toMatchObject({ id: a.id, parentId: dest.id });
    const crumbs = (await call<AssetDetail>('GET', `/library/BRAND/${inner.id}`)).body.ancestors.map(
      (x) => x.name,
    );
    expect(crumbs).toEqual(['Move Dest', 'Move A', 'Move B']);
    const cycle = await call('POST', '/assets/bulk-move', { destFolderId: b.id, assetIds: [a.id] });
    expect(cycle.status).toBe(400);
    const self = await call('PUT', `/assets/move?assetIds=${a.id}`, { parentId: a.id });
    expect(self.status).toBe(400);
  });

  it('copies a subtree with new ids, leaving the original', async () => {
    const src = await folder('Copy Src');
    const sub = await folder('Sub', src.id);
    await file('one.mp4', sub.id);
    const dest = await folder('Copy Dest');
    const copied = await call<MoveCopyResponse>('POST', `/assets/copy?assetIds=${src.id}`, {
      folderId: dest.id,
    });
    expect(copied.body).toMatchObject({ count: 3, isAsync: false });
    const copy = copied.body.assets[0]!;
    expect(copy.id).not.toBe(src.id);
    expect(copy).toMatchObject({ name: 'Copy Src', parentId: dest.id, childCount: 1 });
    const subCopy = (await list(copy.id)).body[0]!;
    expect(subCopy.id).not.toBe(sub.id);
    const fileCopy = (await list(subCopy.id)).body[0]!;
    expect(
      (await call<AssetDetail>('GET', `/library/BRAND/${fileCopy.id}`)).body.ancestors.map((x) => x.id),
    ).toEqual([dest.id, copy.id, subCopy.id]);
    expect((await list(src.id)).body.map((x) => x.id)).toEqual([sub.id]);
  });

  it('into a system folder is refused', async () => {
    const brandKit = (await list()).body.find((a) => a.isBrandKit)!;
    const x = await folder('X');
    expect((await call('POST', `/assets/copy?assetIds=${x.id}`, { folderId: brandKit.id })).status).toBe(400);
  });

  it('select-all moves every child of the folder', async () => {
    const from = await folder('From');
    await file('a.mp4', from.id);
    await file('b.mp4', from.id);
    const to = await folder('To');
    const moved = await call<MoveCopyResponse>('POST', '/assets/bulk-move', {
      destFolderId: to.id,
      parentId: from.id,
      shouldApplyAll: true,
    });
    expect(moved.body.count).toBe(2);
    expect((await list(from.id)).body).toEqual([]);
    expect(names((await list(to.id)).body)).toEqual(['a.mp4', 'b.mp4']);
  });

  it('more than 500 items move in a background job (isAsync) and arrive', async () => {
    const big = await folder('Big');
    const [f0] = await createFiles(t, user, {
      names: Array.from({ length: 501 }, (_, i) => `f${i}.mp4`),
      parentId: big.id,
    });
    const dest = await folder('Big Dest');
    const moved = await call<MoveCopyResponse>('PUT', `/assets/move?assetIds=${big.id}`, {
      parentId: dest.id,
    });
    expect(moved.body).toEqual({ assets: [], count: 502, isAsync: true });
    await eventually(async () => ((await list(dest.id)).body.length === 1 ? true : undefined));
    expect((await call<AssetDetail>('GET', `/library/BRAND/${f0}`)).body.ancestors.map((x) => x.id)).toEqual([
      dest.id,
      big.id,
    ]);
  });
});

describe('delete, hide, favorites', () => {
  it('delete removes the subtree; bulk delete answers count and deletedEntities', async () => {
    const d = await folder('Doomed');
    const inside = await file('x.mp4', d.id);
    const single = await call<{ count: number }>('DELETE', `/assets/${d.id}`);
    expect(single.body.count).toBe(2);
    expect((await call('GET', `/library/BRAND/${inside.id}`)).status).toBe(404);
    const [p, q] = [await folder('P'), await folder('Q')];
    const bulk = await call<{ count: number; deletedEntities: string[] }>('DELETE', '/assets/bulk', {
      ids: [p.id, q.id],
    });
    expect(bulk.body).toEqual({ count: 2, deletedEntities: expect.arrayContaining([p.id, q.id]) });
  });

  it('bulk update hides items from lists', async () => {
    const h = await file('hidden.mp4', null);
    const updated = await call<{ updatedEntities: string[] }>('PUT', '/library/bulk', {
      entities: [{ id: h.id, library: 'BRAND' }],
      updateQuery: { isHidden: true },
    });
    expect(updated.body.updatedEntities).toEqual([h.id]);
    expect((await list()).body.some((a) => a.id === h.id)).toBe(false);
  });

  it('favorites: star, isFavorite on items, the favorites list, unstar', async () => {
    const s = await file('star.mp4', null);
    expect((await call('POST', `/library/BRAND/${s.id}/favorite`)).status).toBe(200);
    expect((await call<AssetDetail>('GET', `/library/BRAND/${s.id}`)).body.isFavorite).toBe(true);
    const favorites = await call<Asset[]>('GET', '/library/favorites');
    expect(favorites.headers['x-total-count']).toBe('1');
    expect(favorites.body.map((a) => a.id)).toEqual([s.id]);
    await call('POST', `/library/BRAND/${s.id}/unfavorite`);
    expect((await call<Asset[]>('GET', '/library/favorites')).body).toEqual([]);
  });
});

describe('the other calls of 000 §7', () => {
  it('children, subfolders, description, DELETE /assets with a body, bulk copy', async () => {
    const parent = await folder('Other calls');
    const sub = await folder('Sub folder', parent.id);
    const clip = await file('clip.mov', parent.id);

    const children = await call<Asset[]>('GET', `/assets/${parent.id}/children?sort=createdAt&order=desc`);
    expect(children.headers['x-total-count']).toBe('2');
    expect(children.body.map((a) => a.id)).toEqual([sub.id, clip.id]);
    expect((await call<Asset[]>('GET', `/assets/${parent.id}/folders`)).body.map((a) => a.id)).toEqual([
      sub.id,
    ]);

    const described = await call<Asset>('PUT', `/assets/${clip.id}/description`, {
      description: 'Opening shot',
    });
    expect(described.body.description).toBe('Opening shot');
    const tooLong = await call('PUT', `/assets/${clip.id}/description`, { description: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);

    const copied = await call<MoveCopyResponse>('POST', '/assets/bulk-copy', {
      destFolderId: sub.id,
      assetIds: [clip.id],
    });
    expect(copied.body).toMatchObject({
      count: 1,
      isAsync: false,
      assets: [{ name: 'clip.mov', parentId: sub.id }],
    });

    const removed = await call<{ count: number }>('DELETE', '/assets', { ids: [sub.id] });
    expect(removed.body.count).toBe(2);
    expect((await call<Asset[]>('GET', `/assets/${parent.id}/children`)).body.map((a) => a.id)).toEqual([
      clip.id,
    ]);
  });

  it('a teammate in the same account may work in the brand; signed-out callers get 401', async () => {
    const teammate = await createUser(t, { accountId: user.accountId, role: 'member' });
    const made = await t.app.inject({
      method: 'POST',
      url: `${base(user)}/assets/root/folders`,
      headers: teammate.headers,
      payload: { name: 'By a teammate' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().creator.id).toBe(teammate.userId);
    expect((await t.app.inject({ url: `${base(user)}/assets` })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it("another account's user gets 404 on this brand's items, and cannot reach them through their own brand", async () => {
    const mine = await folder('Private');
    const viaTheirBrand = await call('GET', `/library/BRAND/${mine.id}`, undefined, other);
    expect(viaTheirBrand.status).toBe(404);
    const intoMyBrand = await t.app.inject({
      url: `${base(user)}/assets?parentId=root`,
      headers: other.headers,
    });
    expect(intoMyBrand.statusCode).toBe(404);
    const moveAcross = await call('PUT', `/assets/move?assetIds=${mine.id}`, { parentId: 'root' }, other);
    expect(moveAcross.status).toBe(404);
    const deleteAcross = await call('POST', '/library/delete', { entities: [{ id: mine.id }] }, other);
    expect(deleteAcross.status).toBe(404);
    expect((await call('GET', `/library/BRAND/${mine.id}`)).status).toBe(200);
  });
});
