import type {
  Asset,
  AssetDetail,
  Board,
  BoardLocation,
  RemoveBoardAssetsResponse,
  RichText,
  Tag,
} from '@hookline/contract';
import { describe, expect, it } from 'vitest';
import {
  assign,
  B,
  boardContent,
  call,
  colleague,
  member,
  newBoard,
  owner,
  setUpBoardsWorld,
  stranger,
  t,
  uploadInto,
} from '../../test/boards-world.js';
import { createBrand, createFiles, createFolder, createUser } from '../../test/factories.js';
import { processed } from '../../test/uploads.js';

// Boards and their items; invitations and shares, comments and review mode have their own
// files (board-*.test.ts), each with the set-up of test/boards-world.ts.
setUpBoardsWorld();

const assetCount = async () =>
  Number(
    (
      await t.context.database.execute<{ n: string }>(
        'select count(*) as n from assets where brand_id = $1',
        [owner.brandId],
      )
    ).rows[0]!.n,
  );

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
