import type {
  Asset,
  AssetDetail,
  AssetReview,
  Board,
  BoardLocation,
  BoardReviews,
  Comment,
  MentionableUser,
  RemoveBoardAssetsResponse,
  RichText,
  ShareRecord,
  Tag,
} from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFiles, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { image } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { completeUpload, processed, putBytes } from '../../test/uploads.js';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  member = await colleague();
  stranger = await createUser(t);
});
/** A member of the owner's account, acting in the owner's brand. */
async function colleague(): Promise<TestUser> {
  return { ...(await createUser(t, { accountId: owner.accountId, role: 'member' })), brandId: owner.brandId };
}
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const B = (u: TestUser = owner) => `/api/accounts/${u.accountId}/brands/${u.brandId}`;
async function call<T = unknown>(method: string, path: string, headers: Headers, payload?: object) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: path.startsWith('/api/') ? path : `${B()}${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as T) : (undefined as T),
    total: Number(response.headers['x-total-count']),
  };
}
async function newBoard(name: string, as: TestUser = owner, extra: object = {}): Promise<Board> {
  const made = await call<Board>('POST', `${B(as)}/boards`, as.headers, { name, ...extra });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}
const assetCount = async () =>
  Number(
    (
      await t.context.database.execute<{ n: string }>(
        'select count(*) as n from assets where brand_id = $1',
        [owner.brandId],
      )
    ).rows[0]!.n,
  );
/** Uploads files into a board (bytes in, completed): the ids. */
async function uploadInto(boardId: string, names: string[], as: TestUser = owner): Promise<string[]> {
  const bytes = await image(40, 30);
  const batch = await call<{ assets: (Asset & { presignedURL?: string; uploadHeaders: Headers })[] }>(
    'POST',
    `${B()}/assets/batch`,
    as.headers,
    { assets: names.map((name) => ({ name, size: bytes.length })), boardId },
  );
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  for (const created of batch.body.assets) {
    const parts = await putBytes(t, created as never, bytes);
    const done = await completeUpload(
      t,
      { ...owner, headers: as.headers } as TestUser,
      created as never,
      parts,
    );
    expect(done.statusCode, done.body).toBe(200);
  }
  return batch.body.assets.map((asset) => asset.id);
}
const boardContent = (boardId: string, headers: Headers = owner.headers, query = '') =>
  call<Asset[]>('GET', `/assets?boardId=${boardId}${query}`, headers);
const assign = (boardId: string, ids: string[], as: TestUser = owner) =>
  call<{ updatedEntities: string[] }>('PUT', `${B(as)}/library/bulk`, as.headers, {
    entities: ids.map((id) => ({ id })),
    updateQuery: { boardId },
  });

describe('boards', () => {
  it('a new board is a DRAFT with its system folder Boards/{name}; blank names and unknown statuses are refused', async () => {
    const board = await newBoard('  Summer launch  ');
    expect(board).toMatchObject({
      name: 'Summer launch',
      title: 'Summer launch',
      status: 'DRAFT',
      assetCount: 0,
      comments: 0,
      isShared: false,
      thumbnailUrl: null,
      can: { update: true, comment: true, invite: true, delete: true, review: false },
    });
    expect(board.locations.map((crumb) => [crumb.name, crumb.isSystem])).toEqual([
      ['Boards', true],
      ['Summer launch', true],
    ]);
    expect(board.locations.at(-1)!.id).toBe(board.folderId);
    // A second board reuses the one Boards folder.
    const second = await newBoard('Autumn');
    expect(second.locations[0]!.id).toBe(board.locations[0]!.id);

    for (const name of ['', '   ']) {
      const refused = await call<{ fields: { path: string; message: string }[] }>(
        'POST',
        '/boards',
        owner.headers,
        {
          name,
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields[0]).toMatchObject({ message: 'titleRequired' });
    }
    const tooLong = await call('POST', '/boards', owner.headers, { name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    const badStatus = await call('PUT', `/boards/${board.id}`, owner.headers, { status: 'DONE' });
    expect(badStatus.status).toBe(400);
    const blank = await call('PUT', `/boards/${board.id}`, owner.headers, { name: ' ' });
    expect(blank.status).toBe(400);
    expect((await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body.name).toBe('Summer launch');
  });

  it('lists 20 at a time by name descending, with mine and the total', async () => {
    const u = await createUser(t);
    const other = {
      ...(await createUser(t, { accountId: u.accountId, role: 'member' })),
      brandId: u.brandId,
    };
    for (const name of ['Alpha', 'Charlie', 'Bravo']) await newBoard(name, u);
    await newBoard('Delta', other);
    const all = await call<Board[]>('GET', `${B(u)}/boards`, u.headers);
    expect(all.status).toBe(200);
    expect(all.body.map((b) => b.name)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(all.total).toBe(4);
    const mine = await call<Board[]>('GET', `${B(u)}/boards?mine=true&sort=name&order=asc`, u.headers);
    expect(mine.body.map((b) => b.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const page = await call<Board[]>('GET', `${B(u)}/boards?limit=2&offset=2`, u.headers);
    expect(page.body.map((b) => b.name)).toEqual(['Bravo', 'Alpha']);
    expect(page.total).toBe(4);
    expect((await call('GET', `${B(u)}/boards?limit=101`, u.headers)).status).toBe(400);
    // Another account's boards are not there; its board is not found.
    expect((await call<Board[]>('GET', `${B(stranger)}/boards`, stranger.headers)).body).toEqual([]);
    expect((await call('GET', `${B(u)}/boards`, stranger.headers)).status).toBe(404);
  });

  it('uploads into a board land in its folder and on it, and show in the library', async () => {
    const board = await newBoard('Uploads');
    const ids = await uploadInto(board.id, ['one.jpg', 'two.jpg']);
    const content = await boardContent(board.id);
    expect(content.body.map((a) => a.name)).toEqual(['one.jpg', 'two.jpg']);
    expect(content.total).toBe(2);
    const folder = await call<Asset[]>('GET', `/assets?parentId=${board.folderId}`, owner.headers);
    expect(folder.body.map((a) => a.id).sort()).toEqual([...ids].sort());
    await Promise.all(ids.map((id) => processed(t, owner, id)));
    const again = await call<Board>('GET', `/boards/${board.id}`, owner.headers);
    expect(again.body).toMatchObject({ assetCount: 2, uploadedCount: 2 });
    expect(again.body.thumbnailUrl).toMatch(/^\/api\/storage\//);
    const locations = await call<BoardLocation[]>(
      'GET',
      `/boards/locations?assetId=${ids[0]}`,
      owner.headers,
    );
    expect(locations.body).toEqual([
      { boardId: board.id, boardName: 'Uploads', thumbnailUrl: expect.any(String), type: 'asset' },
    ]);
  });

  it('assigning adds references, never copies; a folder refuses the whole call; items on it are skipped', async () => {
    const board = await newBoard('References');
    const files = await createFiles(t, owner, { names: ['a.mp4', 'b.mp4', 'c.mp4'] });
    const folder = await createFolder(t, owner, { name: 'Not for boards' });
    const before = await assetCount();
    const refused = await assign(board.id, [files[0]!, folder]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'Folders cannot be added to a board' });
    expect((await boardContent(board.id)).body).toEqual([]);

    const added = await assign(board.id, files.slice(0, 2));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.updatedEntities.sort()).toEqual(files.slice(0, 2).sort());
    expect((await assign(board.id, files)).status).toBe(200);
    expect(await assetCount()).toBe(before);
    const content = await boardContent(board.id, owner.headers, '&sort=name&order=desc');
    expect(content.body.map((a) => a.name)).toEqual(['c.mp4', 'b.mp4', 'a.mp4']);
    const locations = await call<BoardLocation[]>(
      'GET',
      `/boards/locations?assetId=${files[0]}`,
      owner.headers,
    );
    expect(locations.body).toEqual([expect.objectContaining({ boardId: board.id, type: 'boardAsset' })]);

    // Another brand's board, and a board of another account: refused, nothing added.
    const otherBrand = await createBrand(t, owner, 'Second');
    const elsewhere = { ...owner, brandId: otherBrand };
    const theirs = await newBoard('Theirs', elsewhere);
    const cross = await assign(theirs.id, [files[2]!]);
    expect(cross.status).toBe(400);
    expect(cross.body).toMatchObject({ message: 'Assets from another brand cannot be added to this board' });
    const strangers = await newBoard('Strangers', stranger);
    expect((await assign(strangers.id, [files[2]!])).status).toBe(404);
  });

  it('removing takes items off the board and keeps their files; bad lists are refused', async () => {
    const board = await newBoard('Removals');
    const [uploaded] = await uploadInto(board.id, ['keep.jpg']);
    const [referenced] = await createFiles(t, owner, { names: ['ref.mp4'] });
    await assign(board.id, [referenced!]);
    const missing = '0190f5c5-0000-7000-8000-000000000000';
    const removed = await call<RemoveBoardAssetsResponse>(
      'DELETE',
      `/boards/${board.id}/assets`,
      owner.headers,
      {
        assetIds: [uploaded!, referenced!, missing],
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.removed.sort()).toEqual([uploaded!, referenced!].sort());
    expect(removed.body.failed).toEqual([missing]);
    expect((await boardContent(board.id)).body).toEqual([]);
    expect((await call('GET', `/library/BRAND/${uploaded}`, owner.headers)).status).toBe(200);
    expect((await call('GET', `/library/BRAND/${referenced}`, owner.headers)).status).toBe(200);
    for (const assetIds of [[], ['not-a-uuid'], Array.from({ length: 1001 }, () => missing)]) {
      const refused = await call<{ fields: { path: string }[] }>(
        'DELETE',
        `/boards/${board.id}/assets`,
        owner.headers,
        {
          assetIds,
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields[0]!.path).toMatch(/assetIds/);
    }
  });

  it("renaming renames its folder; the library refuses renaming, moving or deleting a board's folder", async () => {
    const board = await newBoard('Before');
    const renamed = await call<Board>('PUT', `/boards/${board.id}`, owner.headers, { title: 'After' });
    expect(renamed.body).toMatchObject({ name: 'After', title: 'After' });
    const folder = await call<AssetDetail>('GET', `/library/BRAND/${board.folderId}`, owner.headers);
    expect(folder.body).toMatchObject({ name: 'After', isSystem: true });
    const target = await createFolder(t, owner, { name: 'Target' });
    const rename = await call('PUT', `/assets/${board.folderId}`, owner.headers, { name: 'Hijack' });
    const move = await call('PUT', `/assets/${board.folderId}`, owner.headers, { parentId: target });
    const remove = await call('DELETE', `/assets/${board.folderId}`, owner.headers);
    const removeRoot = await call('DELETE', `/assets/${board.locations[0]!.id}`, owner.headers);
    for (const refused of [rename, move, remove, removeRoot]) expect(refused.status).toBe(403);
    expect((await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body.name).toBe('After');
  });

  it('deleting: by its creator or an admin; its folder stays, with or without the files uploaded to it', async () => {
    const keep = await newBoard('Keep files', member);
    const [kept] = await uploadInto(keep.id, ['stays.jpg'], member);
    await call('POST', `/boards/${keep.id}/comments`, owner.headers, { content: 'A note' });
    const otherMember = await colleague();
    const notCreator = await call<{ message: string }>('DELETE', `/boards/${keep.id}`, otherMember.headers);
    expect(notCreator.status).toBe(403);
    expect((await call('DELETE', `/boards/${keep.id}`, member.headers)).status).toBe(200);
    expect((await call('GET', `/boards/${keep.id}`, owner.headers)).status).toBe(404);
    const folder = await call<AssetDetail>('GET', `/library/BRAND/${keep.folderId}`, owner.headers);
    expect(folder.body).toMatchObject({ name: 'Keep files', isSystem: false });
    expect((await call('GET', `/library/BRAND/${kept}`, owner.headers)).status).toBe(200);
    const leftovers = await t.context.database.execute<{ n: string }>(
      'select count(*) as n from comments where board_id = $1',
      [keep.id],
    );
    expect(Number(leftovers.rows[0]!.n)).toBe(0);

    const purge = await newBoard('Purge files', member);
    const [gone] = await uploadInto(purge.id, ['goes.jpg'], member);
    const [referenced] = await createFiles(t, owner, { names: ['library.mp4'] });
    await assign(purge.id, [referenced!]);
    expect((await call('DELETE', `/boards/${purge.id}?deleteUploadedFiles=true`, owner.headers)).status).toBe(
      200,
    );
    expect((await call('GET', `/library/BRAND/${gone}`, owner.headers)).status).toBe(404);
    expect((await call('GET', `/library/BRAND/${referenced}`, owner.headers)).status).toBe(200);
    expect((await call('GET', `/library/BRAND/${purge.folderId}`, owner.headers)).status).toBe(200);
  });

  it('descriptions: rich text gives the plain one; a plain change replaces the rich one; anything else is refused', async () => {
    const board = await newBoard('Described');
    const doc: RichText = {
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h1', children: [{ type: 'text', text: 'Launch plan' }] },
          {
            type: 'list',
            listType: 'check',
            tag: 'ul',
            start: 1,
            children: [
              { type: 'listitem', value: 1, checked: true, children: [{ type: 'text', text: 'Hooks' }] },
              { type: 'listitem', value: 2, checked: false, children: [{ type: 'text', text: 'Cuts' }] },
            ],
          },
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'Make it ' },
              { type: 'text', text: 'pop', format: 1, style: 'color: #e03131; background-color: #fff3bf' },
            ],
          },
        ],
      },
    } as RichText;
    const saved = await call<Board>('PUT', `/boards/${board.id}`, owner.headers, { lexicalDescription: doc });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.description).toBe('Launch plan\nHooks\nCuts\nMake it pop');
    expect(saved.body.lexicalDescription).toEqual(doc);

    const plain = await call<Board>('PUT', `/boards/${board.id}`, owner.headers, { description: 'One\nTwo' });
    expect(plain.body.description).toBe('One\nTwo');
    expect(plain.body.lexicalDescription!.root.children).toHaveLength(2);

    const bad = (children: unknown[]) => ({ lexicalDescription: { root: { type: 'root', children } } });
    const link = bad([
      { type: 'paragraph', children: [{ type: 'link', url: 'https://x.test', children: [] }] },
    ]);
    const img = bad([{ type: 'image', src: 'https://x.test/a.png' }]);
    const style = bad([
      { type: 'paragraph', children: [{ type: 'text', text: 'x', style: 'position: fixed' }] },
    ]);
    const huge = bad(
      Array.from({ length: 2000 }, () => ({
        type: 'paragraph',
        children: [{ type: 'text', text: 'y'.repeat(60) }],
      })),
    );
    for (const body of [link, img, style, huge]) {
      const refused = await call<{ fields: { path: string }[] }>(
        'PUT',
        `/boards/${board.id}`,
        owner.headers,
        body,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields[0]!.path).toMatch(/lexicalDescription/);
    }
    const stored = await call<Board>('GET', `/boards/${board.id}`, owner.headers);
    expect(stored.body.description).toBe('One\nTwo');
  });

  it("tags are the brand's; another brand's are refused", async () => {
    const tag = (await call<Tag>('POST', '/tags', owner.headers, { name: 'Summer' })).body;
    const board = await newBoard('Tagged', owner, { tags: [tag.id] });
    expect(board.tags).toEqual([{ id: tag.id, name: 'Summer' }]);
    const foreign = (await call<Tag>('POST', `${B(stranger)}/tags`, stranger.headers, { name: 'Theirs' }))
      .body;
    const refused = await call<{ fields: { path: string }[] }>('PUT', `/boards/${board.id}`, owner.headers, {
      tags: [foreign.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]!.path).toBe('body.tags');
    expect((await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body.tags).toHaveLength(1);
  });
});

describe('board invitations and shares', () => {
  it('invited people are mailed, find the board under shared, and act by their role', async () => {
    const board = await newBoard('Shared board');
    const [onBoard] = await uploadInto(board.id, ['on-board.jpg']);
    const [notOnBoard] = await createFiles(t, owner, { names: ['private.mp4'] });
    const reader = await createUser(t);
    const writer = await createUser(t);
    const invited = await call<ShareRecord>('POST', `/boards/${board.id}/invite`, owner.headers, {
      emails: [
        { email: reader.email, action: 'read' },
        { email: writer.email, action: 'write' },
      ],
      message: 'Have a look',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.sharedWith.map((p) => p.action).sort()).toEqual(['read', 'write']);
    const mail = t.mail.last(reader.email, /shared/);
    expect(mail?.text).toContain('Have a look');
    expect(new URL(mail!.link!).pathname).toBe(`/boards/${board.id}`);

    const shared = await call<Board[]>('GET', `${B(reader)}/boards?isShared=true`, reader.headers);
    expect(shared.body.map((b) => [b.id, b.accountId, b.brandId])).toEqual([
      [board.id, owner.accountId, owner.brandId],
    ]);
    expect(shared.body[0]!.can).toMatchObject({ update: false, comment: true, invite: false, delete: false });
    // Boards shared with me are not items shared with me.
    expect((await call<Asset[]>('GET', '/api/library/shared', reader.headers)).body).toEqual([]);

    // The reader reads the board and its items, comments, and changes nothing.
    expect((await call('GET', `/boards/${board.id}`, reader.headers)).status).toBe(200);
    expect((await boardContent(board.id, reader.headers)).body.map((a) => a.id)).toEqual([onBoard]);
    expect((await call('GET', `/library/BRAND/${onBoard}`, reader.headers)).status).toBe(200);
    expect((await call('GET', `/library/BRAND/${notOnBoard}`, reader.headers)).status).toBe(404);
    expect((await call('GET', `/assets?parentId=${board.folderId}`, reader.headers)).status).toBe(404);
    expect(
      (await call('POST', `/boards/${board.id}/comments`, reader.headers, { content: 'Nice' })).status,
    ).toBe(201);
    expect((await call('PUT', `/boards/${board.id}`, reader.headers, { status: 'APPROVED' })).status).toBe(
      403,
    );

    // The writer edits, uploads and removes; never deletes, invites or brings in another brand's items.
    expect((await call('PUT', `/boards/${board.id}`, writer.headers, { status: 'IN_REVIEW' })).status).toBe(
      200,
    );
    const [byWriter] = await uploadInto(board.id, ['from-writer.jpg'], writer);
    expect((await boardContent(board.id)).body.map((a) => a.id)).toContain(byWriter);
    const [theirs] = await createFiles(t, writer, { names: ['theirs.mp4'] });
    const cross = await assign(board.id, [theirs!], writer);
    expect(cross.status).toBe(400);
    expect(cross.body).toMatchObject({ message: 'Assets from another brand cannot be added to this board' });
    expect((await call('DELETE', `/boards/${board.id}`, writer.headers)).status).toBe(403);
    const reinvite = await call('POST', `/boards/${board.id}/invite`, writer.headers, {
      emails: [{ email: 'someone@example.com', action: 'read' }],
    });
    expect(reinvite.status).toBe(403);
    const off = await call<RemoveBoardAssetsResponse>(
      'DELETE',
      `/boards/${board.id}/assets`,
      writer.headers,
      {
        assetIds: [byWriter!],
      },
    );
    expect(off.body.removed).toEqual([byWriter]);

    // People the board is shared with may be mentioned on it.
    const people = await call<MentionableUser[]>('GET', `/boards/${board.id}/mentions`, owner.headers);
    expect(people.body.map((p) => p.id)).toEqual(expect.arrayContaining([reader.userId, writer.userId]));
  });

  it('bad invitations are refused naming the field', async () => {
    const board = await newBoard('Invites');
    const cases = [
      { emails: [{ email: 'not-an-email', action: 'read' }] },
      {
        emails: [
          { email: 'twice@example.com', action: 'read' },
          { email: 'TWICE@example.com', action: 'write' },
        ],
      },
      { emails: [{ email: 'a@example.com', action: 'admin' }] },
      { emails: [{ email: 'a@example.com', action: 'read' }], message: 'm'.repeat(2001) },
      { emails: [] },
    ];
    for (const body of cases) {
      const refused = await call<{ fields: { path: string }[] }>(
        'POST',
        `/boards/${board.id}/invite`,
        owner.headers,
        body,
      );
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields[0]!.path).toMatch(/^body\.(emails|message)/);
    }
  });

  it('the presentation link shows the board and its items signed out, and turning it off ends it', async () => {
    const board = await newBoard('Presented');
    const [item] = await uploadInto(board.id, ['slide.jpg']);
    const [other] = await createFiles(t, owner, { names: ['not-presented.mp4'] });
    const made = await call<{ href: string; shareTokenId: string }>(
      'POST',
      `/boards/${board.id}/presentation`,
      owner.headers,
    );
    expect(made.status).toBe(200);
    const href = new URL(made.body.href);
    expect(href.pathname).toBe(`/boards/${board.id}/present`);
    const again = await call<{ href: string }>('POST', `/boards/${board.id}/presentation`, owner.headers);
    expect(again.body.href).toBe(made.body.href);
    const visitor = { 'x-share-token': href.searchParams.get('shareToken')! };
    const seen = await call<Board>('GET', `/boards/${board.id}`, visitor);
    expect(seen.status).toBe(200);
    expect(seen.body.can).toEqual({
      update: false,
      comment: false,
      invite: false,
      delete: false,
      review: false,
    });
    expect((await boardContent(board.id, visitor)).body.map((a) => a.id)).toEqual([item]);
    expect((await call('GET', `/library/BRAND/${other}`, visitor)).status).toBe(404);
    expect((await call('POST', `/boards/${board.id}/comments`, visitor, { content: 'x' })).status).toBe(403);
    expect((await call('GET', `/boards/${board.id}`, {})).status).toBe(401);
    await call('DELETE', `/library/BRAND/${board.folderId}/share/${made.body.shareTokenId}`, owner.headers);
    expect((await call('GET', `/boards/${board.id}`, visitor)).status).toBe(401);
  });
});

describe('board comments', () => {
  it('threads on the board and about one of its items, with mentions mailed', async () => {
    const board = await newBoard('Discussed');
    const [item] = await uploadInto(board.id, ['discussed.jpg']);
    const [elsewhere] = await createFiles(t, owner, { names: ['elsewhere.mp4'] });
    const general = await call<Comment>('POST', `/boards/${board.id}/comments`, owner.headers, {
      content: `Over to you @[Member](${member.userId})`,
    });
    expect(general.status, JSON.stringify(general.body)).toBe(201);
    expect(general.body).toMatchObject({
      board: { id: board.id },
      asset: null,
      mentionUserIds: [member.userId],
    });
    const mail = t.mail.last(member.email, /mentioned/);
    expect(new URL(mail!.link!).pathname).toBe(`/boards/${board.id}`);
    const about = await call<Comment>('POST', `/boards/${board.id}/comments`, member.headers, {
      content: 'This one',
      assetId: item,
    });
    expect(about.body.asset).toEqual({ id: item, name: 'discussed.jpg' });
    const reply = await call<Comment>('POST', `/boards/${board.id}/comments`, owner.headers, {
      content: 'Agreed',
      parentId: about.body.id,
    });
    expect(reply.status).toBe(201);
    const notOnBoard = await call<{ fields: { path: string }[] }>(
      'POST',
      `/boards/${board.id}/comments`,
      owner.headers,
      {
        content: 'x',
        assetId: elsewhere,
      },
    );
    expect(notOnBoard.status).toBe(400);
    expect(notOnBoard.body.fields[0]!.path).toBe('body.assetId');

    const all = await call<Comment[]>('GET', `/boards/${board.id}/comments`, owner.headers);
    expect(all.body.map((c) => c.text)).toEqual(['This one', `Over to you @[Member](${member.userId})`]);
    expect(all.body[0]!.children.map((c) => c.text)).toEqual(['Agreed']);
    const one = await call<Comment[]>('GET', `/boards/${board.id}/comments?assetId=${item}`, owner.headers);
    expect(one.body.map((c) => c.text)).toEqual(['This one']);
    // Edit, resolve, react and delete go through the comments' own calls.
    expect(
      (
        await call('PUT', `/comments/${general.body.id}`, owner.headers, {
          content: `Edited @[Member](${member.userId})`,
        })
      ).status,
    ).toBe(200);
    expect((await call('POST', `/comments/${general.body.id}/resolve`, member.headers)).status).toBe(200);
    expect((await call('DELETE', `/comments/${general.body.id}`, owner.headers)).status).toBe(200);
    expect((await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body.comments).toBe(2);
  });
});

describe('review mode', () => {
  it('reviewers decide per item; all approving or one asking for changes moves the board when autoStatus is on', async () => {
    const reviewer = await colleague();
    const board = await newBoard('Reviewed', member);
    const items = await uploadInto(board.id, ['first.jpg', 'second.jpg'], member);
    const notReviewer = await call('PUT', `/boards/${board.id}`, member.headers, {
      reviewerIds: [stranger.userId],
    });
    expect(notReviewer.status).toBe(400);
    const set = await call<Board>('PUT', `/boards/${board.id}`, member.headers, {
      reviewMode: true,
      reviewerIds: [owner.userId, reviewer.userId],
      autoStatus: true,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const review = (as: TestUser, assetId: string, decision: string, note?: string) =>
      call<AssetReview>('POST', `/boards/${board.id}/assets/${assetId}/review`, as.headers, {
        decision,
        note,
      });

    expect((await review(member, items[0]!, 'APPROVED')).status).toBe(403);
    const changes = await review(reviewer, items[0]!, 'NEEDS_CHANGES', 'Shorter hook');
    expect(changes.body).toMatchObject({ assetId: items[0], state: 'NEEDS_CHANGES' });
    let now = (await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body;
    expect(now.status).toBe('NEEDS_REVISIONS');
    expect(now.statusChange).toMatchObject({ automatic: true, by: null });
    expect(t.mail.last(member.email, /needs revisions/)).toBeDefined();
    const notes = await call<Comment[]>(
      'GET',
      `/boards/${board.id}/comments?assetId=${items[0]}`,
      owner.headers,
    );
    expect(notes.body.map((c) => c.text)).toEqual(['Shorter hook']);

    for (const as of [owner, reviewer]) for (const item of items) await review(as, item, 'APPROVED');
    const reviews = await call<BoardReviews>('GET', `/boards/${board.id}/reviews`, owner.headers);
    expect(reviews.body.progress).toEqual({ total: 2, approved: 2, needsChanges: 0, pending: 0 });
    now = (await call<Board>('GET', `/boards/${board.id}`, owner.headers)).body;
    expect(now.status).toBe('APPROVED');
    expect(t.mail.last(member.email, /approved/)).toBeDefined();

    // An item that comes back on the board is reviewed afresh; manual status changes stay free.
    await call('DELETE', `/boards/${board.id}/assets`, member.headers, { assetIds: [items[1]] });
    await assign(board.id, [items[1]!], member);
    const fresh = await call<BoardReviews>('GET', `/boards/${board.id}/reviews`, owner.headers);
    expect(fresh.body.assets.find((a) => a.assetId === items[1])).toMatchObject({
      state: 'PENDING',
      decisions: [],
    });
    const manual = await call<Board>('PUT', `/boards/${board.id}`, member.headers, { status: 'LAUNCHED' });
    expect(manual.body).toMatchObject({ status: 'LAUNCHED', statusChange: { automatic: false } });
  });

  it('an item whose content is replaced is reviewed afresh on its boards', async () => {
    const board = await newBoard('Copy review', owner, { reviewMode: true, reviewerIds: [owner.userId] });
    const text = Buffer.from('Headline: Summer is here\n');
    const batch = await call<{ assets: (Asset & { presignedURL?: string; uploadHeaders: Headers })[] }>(
      'POST',
      '/assets/batch',
      owner.headers,
      { assets: [{ name: 'copy.txt', size: text.length }], boardId: board.id },
    );
    const created = batch.body.assets[0]!;
    await putBytes(t, created as never, text);
    expect((await completeUpload(t, owner, created as never)).statusCode).toBe(200);
    await processed(t, owner, created.id);
    await call('POST', `/boards/${board.id}/assets/${created.id}/review`, owner.headers, {
      decision: 'APPROVED',
    });
    const before = await call<BoardReviews>('GET', `/boards/${board.id}/reviews`, owner.headers);
    expect(before.body.assets[0]).toMatchObject({ state: 'APPROVED' });
    const edited = await call('PUT', `/assets/${created.id}/content`, owner.headers, {
      content: 'Headline: Summer is back\n',
    });
    expect(edited.status).toBe(200);
    const after = await call<BoardReviews>('GET', `/boards/${board.id}/reviews`, owner.headers);
    expect(after.body.assets[0]).toMatchObject({ state: 'PENDING', decisions: [] });
  });
});
