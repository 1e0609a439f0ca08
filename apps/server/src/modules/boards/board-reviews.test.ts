import type { Asset, AssetReview, Board, BoardReviews, Comment } from '@hookline/contract';
import { describe, expect, it } from 'vitest';
import {
  assign,
  call,
  colleague,
  type Headers,
  member,
  newBoard,
  owner,
  setUpBoardsWorld,
  stranger,
  t,
  uploadInto,
} from '../../test/boards-world.js';
import type { TestUser } from '../../test/factories.js';
import { completeUpload, processed, putBytes } from '../../test/uploads.js';

setUpBoardsWorld();

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
