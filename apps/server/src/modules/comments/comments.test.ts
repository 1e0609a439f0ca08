import type { AddressInfo } from 'node:net';
import {
  ANNOTATION_PALETTE,
  type Asset,
  type Comment,
  type MentionableUser,
  type Reaction,
} from '@hookline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../platform/db/schema/index.js';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let video: string;
let image: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t);
  member = await createUser(t, { accountId: admin.accountId, role: 'member' });
  other = await createUser(t, { accountId: admin.accountId, role: 'member' });
  outsider = await createUser(t);
  video = (await createFiles(t, admin, { names: ['review.mp4'], type: 'VIDEO' }))[0]!;
  image = (await createFiles(t, admin, { names: ['poster.png'], type: 'IMAGE' }))[0]!;
  await t.context.services.libraryItems.updateFile(video, { length: 30 });
});
afterAll(async () => {
  await t?.close();
});

type ErrorBody = { message: string; fields?: { path: string; message: string }[] };
const base = `/api/accounts/${'{account}'}/brands/${'{brand}'}`;
async function call<T>(method: string, url: string, payload?: object, u: TestUser = admin) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `${base.replace('{account}', admin.accountId).replace('{brand}', admin.brandId)}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T };
}
const comment = async (payload: object, u: TestUser = admin, asset = video) => {
  const made = await call<Comment>('POST', `/assets/${asset}/comments`, payload, u);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};
const threads = async (query = '', u: TestUser = admin, asset = video) =>
  (await call<Comment[]>('GET', `/assets/${asset}/comments${query}`, undefined, u)).body;
const mention = (u: TestUser, name: string) => `@[${name}](${u.userId})`;

describe('threads', () => {
  it('comments and replies (a reply to a reply joins the root), sorted, filtered, counted on the item', async () => {
    const first = await comment({ content: 'Opening is slow', start: 1.5, end: 4 });
    const second = await comment({ text: 'Love the colour grade' }, member);
    const reply = await comment({ content: 'Agreed', parentId: first.id }, member);
    const deeper = await comment({ content: 'Cut 2 s?', parentId: reply.id });
    expect(reply.parentId).toBe(first.id);
    expect(deeper.parentId).toBe(first.id);
    expect(first).toMatchObject({ start: 1.5, end: 4, resolved: false, user: { id: admin.userId } });
    expect(first.user?.email).toBe(admin.email);

    const newest = await threads();
    expect(newest.map((c) => c.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(newest.find((c) => c.id === first.id)?.children.map((c) => c.id)).toEqual([reply.id, deeper.id]);
    expect((await threads('?sort=oldest')).map((c) => c.id).slice(0, 2)).toEqual([first.id, second.id]);
    // 'commenter': by the author's name.
    const byCommenter = (await threads('?sort=commenter')).map((c) =>
      `${c.user?.firstName} ${c.user?.lastName}`.toLowerCase(),
    );
    expect(new Set(byCommenter).size).toBeGreaterThan(1);
    expect(byCommenter).toEqual([...byCommenter].sort((a, b) => a.localeCompare(b)));
    // 'mine': threads I wrote, replied to or am mentioned in.
    expect((await threads('?mine=true', other)).map((c) => c.id)).toEqual([]);
    expect((await threads('?mine=true', member)).map((c) => c.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    const item = (await call<Asset>('GET', `/library/BRAND/${video}`)).body;
    expect(item.commentsCount).toBeGreaterThanOrEqual(4);
    const byLibrary = await call<Comment[]>('GET', `/library/BRAND/${video}/comments`);
    expect(byLibrary.body.length).toBe(newest.length);
    expect((await call('GET', `/library/AD/${video}/comments`)).status).toBe(404);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await threads()).length;
    const refused = async (payload: object, path: string, message?: string, asset = video) => {
      const answer = await call<ErrorBody>('POST', `/assets/${asset}/comments`, payload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.fields?.[0]?.path).toBe(path);
      if (message) expect(answer.body.fields?.[0]?.message).toBe(message);
    };
    await refused({ content: '   ' }, 'body.content');
    await refused({ content: 'x'.repeat(4001) }, 'body.content');
    await refused({ content: 'Late', start: 10, end: 5 }, 'body.end', 'The time range is not valid');
    await refused({ content: 'Past the end', start: 31 }, 'body.start', 'The time range is not valid');
    await refused({ content: 'On an image', start: 1 }, 'body.start', 'The time range is not valid', image);
    await refused({ content: 'Before zero', start: -1 }, 'body.start', 'The time range is not valid');
    await refused(
      { content: 'Not a time', start: 2, end: 'soon' },
      'body.end',
      'The time range is not valid',
    );
    const shape = {
      kind: 'arrow',
      color: '#000001',
      width: 3,
      points: [
        [0.1, 0.2],
        [0.4, 0.5],
      ],
    };
    await refused(
      { content: 'Off palette', start: 2, annotation: { shapes: [shape] } },
      'body.annotation.shapes.0.color',
      'The drawing is not valid',
    );
    await refused(
      {
        content: 'Off frame',
        annotation: {
          shapes: [{ ...shape, color: ANNOTATION_PALETTE[3], points: [[1.5, 0.2]] }],
        },
      },
      'body.annotation.shapes.0.points.0.0',
      'The drawing is not valid',
    );
    // Any malformed drawing answers the same message, at the part that is wrong.
    const inPalette = { ...shape, color: ANNOTATION_PALETTE[3] };
    await refused(
      { content: 'Circle', annotation: { shapes: [{ ...inPalette, kind: 'circle' }] } },
      'body.annotation.shapes.0.kind',
      'The drawing is not valid',
    );
    await refused(
      { content: 'Three numbers', annotation: { shapes: [{ ...inPalette, points: [[0.1, 0.2, 0.3]] }] } },
      'body.annotation.shapes.0.points.0',
      'The drawing is not valid',
    );
    await refused(
      { content: 'No shapes', annotation: {} },
      'body.annotation.shapes',
      'The drawing is not valid',
    );
    await refused({ content: 'Pin on video', pin: { x: 0.5, y: 0.5 } }, 'body.pin', 'Pins go on images');
    await refused({ content: 'Mention', parentId: '00000000-0000-4000-8000-000000000000' }, 'body.parentId');
    expect((await threads()).length).toBe(before);
  });

  it('keeps a range with a drawing on the video and a pin on an image; text with markup stays text', async () => {
    const drawn = await comment({
      content: 'Move the logo <img src=x onerror=alert(1)>',
      start: 3,
      end: 6.5,
      annotation: {
        shapes: [
          {
            kind: 'rectangle',
            color: ANNOTATION_PALETTE[12],
            width: 4,
            points: [
              [0.1, 0.1],
              [0.6, 0.4],
            ],
          },
        ],
      },
    });
    expect(drawn.text).toBe('Move the logo <img src=x onerror=alert(1)>');
    expect(drawn.annotation?.shapes[0]?.points).toEqual([
      [0.1, 0.1],
      [0.6, 0.4],
    ]);
    const pinned = await comment({ content: 'Too dark here', pin: { x: 0.25, y: 0.75 } }, admin, image);
    expect(pinned.pin).toEqual({ x: 0.25, y: 0.75 });
  });
});

describe('authors, participants and reactions', () => {
  it('only the author edits or deletes; delete is soft and the author restores it', async () => {
    const mine = await comment({ content: 'Typo' }, member);
    expect((await call<ErrorBody>('PUT', `/comments/${mine.id}`, { content: 'Hijack' }, admin)).status).toBe(
      403,
    );
    const edited = await call<Comment>('PUT', `/comments/${mine.id}`, { content: 'Fixed' }, member);
    expect(edited.body.text).toBe('Fixed');
    expect((await call('DELETE', `/comments/${mine.id}`, undefined, admin)).status).toBe(403);
    expect((await call('DELETE', `/comments/${mine.id}`, undefined, member)).status).toBe(200);
    expect((await threads()).some((c) => c.id === mine.id)).toBe(false);
    expect((await call('POST', `/comments/${mine.id}/restore`, undefined, admin)).status).toBe(403);
    const restored = await call<Comment>('POST', `/comments/${mine.id}/restore`, undefined, member);
    expect(restored.body.text).toBe('Fixed');
    expect((await threads()).some((c) => c.id === mine.id)).toBe(true);

    // Past 30 days a deleted comment cannot come back, and the purge takes it.
    await call('DELETE', `/comments/${mine.id}`, undefined, member);
    await t.context.database.db
      .update(comments)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(comments.id, mine.id));
    const late = await call<ErrorBody>('PUT', `/comments/${mine.id}/restore`, undefined, member);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This comment can no longer be restored');
    expect(await t.context.services.comments.purge()).toBeGreaterThanOrEqual(1);
    expect((await call('POST', `/comments/${mine.id}/restore`, undefined, member)).status).toBe(404);
  });

  it('resolving is for threads and their participants (the author and the people it mentions)', async () => {
    const thread = await comment({ content: `Check the end card ${mention(member, 'Mia Member')}` });
    expect((await call<ErrorBody>('POST', `/comments/${thread.id}/resolve`, undefined, other)).status).toBe(
      403,
    );
    const resolved = await call<Comment>('POST', `/comments/${thread.id}/resolve`, undefined, member);
    expect(resolved.body.resolved).toBe(true);
    expect((await threads('?resolved=true')).map((c) => c.id)).toContain(thread.id);
    expect((await threads('?resolved=false')).map((c) => c.id)).not.toContain(thread.id);
    await call('POST', `/comments/${thread.id}/unresolve`, undefined, admin);
    const reply = await comment({ content: 'Done', parentId: thread.id }, member);
    expect((await call('POST', `/comments/${reply.id}/resolve`, undefined, member)).status).toBe(400);
  });

  it('one emoji per reaction, the same twice is one; only your own comes off', async () => {
    const c = await comment({ content: 'React to me' });
    const first = await call<Reaction>('POST', `/comments/${c.id}/reactions`, { emoji: '👍' }, member);
    const again = await call<Reaction>('POST', `/comments/${c.id}/reactions`, { emoji: '👍' }, member);
    expect(again.body.id).toBe(first.body.id);
    expect((await call('POST', `/comments/${c.id}/reactions`, { emoji: 'yes' }, member)).status).toBe(400);
    expect((await call('POST', `/comments/${c.id}/reactions`, { emoji: '👍👍' }, member)).status).toBe(400);
    const listed = (await threads()).find((x) => x.id === c.id)!;
    expect(listed.reactions.map((r) => [r.emoji, r.userId])).toEqual([['👍', member.userId]]);
    expect(
      (await call('DELETE', `/comments/${c.id}/reactions/${first.body.id}`, undefined, admin)).status,
    ).toBe(403);
    expect(
      (await call('DELETE', `/comments/${c.id}/reactions/${first.body.id}`, undefined, member)).status,
    ).toBe(200);
  });

  it('another account sees nothing of it', async () => {
    const c = await comment({ content: 'Private' });
    expect((await call('GET', `/assets/${video}/comments`, undefined, outsider)).status).toBe(404);
    expect((await call('PUT', `/comments/${c.id}`, { content: 'x' }, outsider)).status).toBe(404);
    expect((await call('POST', `/comments/${c.id}/reactions`, { emoji: '👍' }, outsider)).status).toBe(404);
  });
});

describe('mentions', () => {
  it('lists the people who can see the item and the company editor; mentioning anyone else is refused', async () => {
    const people = (await call<MentionableUser[]>('GET', `/assets/${video}/mentions`)).body;
    expect(people.map((p) => p.id)).toEqual(
      expect.arrayContaining([admin.userId, member.userId, other.userId, '0']),
    );
    expect(people.map((p) => p.id)).not.toContain(outsider.userId);
    const refused = await call<ErrorBody>('POST', `/assets/${video}/comments`, {
      content: `Hey ${mention(outsider, 'Olga Outsider')}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You can only mention people who can see this item');
  });

  it('a new mention e-mails the person (names, escaped) with a link to the comment; the company editor reaches admins', async () => {
    const made = await comment({ content: `${mention(member, 'Mia Member')} see <b>this</b> & that` });
    expect(made.mentionUserIds).toEqual([member.userId]);
    const mail = t.mail.last(member.email, /mentioned you/);
    expect(mail?.subject).toContain('review.mp4');
    expect(mail?.text).toContain('@Mia Member see <b>this</b> & that');
    expect(mail?.html).toContain('see &lt;b&gt;this&lt;/b&gt; &amp; that');
    expect(mail?.html).not.toContain('<b>this</b>');
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe(`/library/assets/root/${video}/comments`);
    expect(link.searchParams.get('commentId')).toBe(made.id);

    const before = t.mail.messages.length;
    await comment({ content: 'Company editor please look @[Company editor](0)' }, member);
    expect(t.mail.messages.slice(before).map((m) => m.to)).toEqual([admin.email]);
    // Editing without a new mention sends nothing more.
    const count = t.mail.messages.length;
    await call('PUT', `/comments/${made.id}`, { content: `${mention(member, 'Mia Member')} updated` });
    expect(t.mail.messages.length).toBe(count);
  });
});

describe('live events', () => {
  it('a stream on the item hears a new comment; access is checked when it opens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/accounts/${admin.accountId}/brands/${admin.brandId}/assets/${video}/comments/events`;
    const denied = await fetch(url, { headers: { ...outsider.headers, accept: 'text/event-stream' } });
    expect(denied.status).toBe(404);
    const controller = new AbortController();
    const stream = await fetch(url, {
      headers: { ...member.headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let received = '';
    const read = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value);
      }
    })().catch(() => undefined);
    await eventually(async () => (received.includes('event: ready') ? true : undefined), 5000);
    await comment({ content: 'Live one' });
    await eventually(async () => (received.includes('event: comments') ? true : undefined), 5000);
    expect(received).toContain(`"assetId":"${video}"`);
    controller.abort();
    await read;
  });
});
