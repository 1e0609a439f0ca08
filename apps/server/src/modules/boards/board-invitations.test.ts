import type {
  Asset,
  Board,
  MentionableUser,
  RemoveBoardAssetsResponse,
  ShareRecord,
} from '@hookline/contract';
import { describe, expect, it } from 'vitest';
import {
  assign,
  B,
  boardContent,
  call,
  newBoard,
  owner,
  setUpBoardsWorld,
  t,
  uploadInto,
} from '../../test/boards-world.js';
import { createFiles, createUser } from '../../test/factories.js';

setUpBoardsWorld();

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
