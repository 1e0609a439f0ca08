import type { Board, Comment } from '@hookline/contract';
import { describe, expect, it } from 'vitest';
import { call, member, newBoard, owner, setUpBoardsWorld, t, uploadInto } from '../../test/boards-world.js';
import { createFiles } from '../../test/factories.js';

setUpBoardsWorld();

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
