import type { AddressInfo } from 'node:net';
import type { Asset, AuthorizationPolicy, Comment, ShareRecord } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiles, createFolder, createUser, signIn, type TestUser } from '../../test/factories.js';
import { image } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { fetchUrl, uploadFile } from '../../test/uploads.js';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let friend: TestUser;
let stranger: TestUser;
let folder: string;
let sibling: string;
let inside: string;
let nested: string;
let outside: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  member = await createUser(t, { accountId: owner.accountId, role: 'member' });
  friend = await createUser(t);
  stranger = await createUser(t);
  folder = await createFolder(t, owner, { name: 'Campaign' });
  sibling = await createFolder(t, owner, { name: 'Sibling' });
  const sub = await createFolder(t, owner, { name: 'Cuts', parentId: folder });
  inside = (await createFiles(t, owner, { names: ['hero.mp4'], parentId: folder }))[0]!;
  nested = (await createFiles(t, owner, { names: ['cut.mp4'], parentId: sub }))[0]!;
  outside = (await createFiles(t, owner, { names: ['secret.mp4'], parentId: sibling }))[0]!;
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const B = () => `/api/accounts/${owner.accountId}/brands/${owner.brandId}`;
async function call<T = unknown>(method: string, path: string, headers: Headers, payload?: object) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: path.startsWith('/api/') && !path.startsWith('/api/accounts/') ? path : `${B()}${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? (response.json() as T) : (undefined as T) };
}
const share = (id: string, body: object, as: TestUser = owner) =>
  call<ShareRecord>('POST', `/library/BRAND/${id}/share`, as.headers, {
    resourceId: id,
    library: 'BRAND',
    ...body,
  });
const tokenOf = (record: ShareRecord) => new URL(record.publicShare!.href).searchParams.get('shareToken')!;
const visitor = (token: string): Headers => ({ 'x-share-token': token });

describe('public links', () => {
  it('a folder link reads the folder and its items, nothing beside or above it, and writes nothing', async () => {
    const made = await share(folder, { isPublic: true, actions: ['read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const token = tokenOf(made.body);
    expect(token).toMatch(/^shr_[A-Za-z0-9_-]{32}$/);
    expect(made.body.publicShare).toMatchObject({
      audience: 'ANYONE',
      hasPassword: false,
      downloadsAllowed: true,
    });
    const v = visitor(token);

    const list = await call<Asset[]>('GET', `/assets?parentId=${folder}`, v);
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a.name).sort()).toEqual(['Cuts', 'hero.mp4']);
    expect((await call('GET', `/library/BRAND/${nested}`, v)).status).toBe(200);
    // Beside, above and the brand: not visible.
    for (const path of [
      `/assets?parentId=${sibling}`,
      `/library/BRAND/${outside}`,
      '/assets',
      '/tags',
      `/library/folders`,
    ]) {
      const response = await call<{ message: string }>('GET', path, v);
      expect([404], `${path}: ${JSON.stringify(response.body)}`).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain('secret.mp4');
    }
    // The ancestors above the shared root are never answered.
    const detail = await call<Asset & { ancestors: { id: string; name: string }[] }>(
      'GET',
      `/library/BRAND/${nested}`,
      v,
    );
    expect(detail.body.ancestors.map((a) => a.name)).toEqual(['Campaign', 'Cuts']);
    const direct = await share(outside, { isPublic: true });
    const alone = await call<Asset & { ancestors: unknown[] }>(
      'GET',
      `/library/BRAND/${outside}`,
      visitor(tokenOf(direct.body)),
    );
    expect(alone.body.ancestors).toEqual([]);
    // A viewer writes nothing.
    const rename = await call('PUT', `/assets/${inside}`, v, { name: 'x.mp4' });
    expect(rename.status).toBe(403);
    const remove = await call('POST', '/library/delete', v, { entities: [{ id: inside }] });
    expect(remove.status).toBe(403);
    // Profile, team and sharing itself need a sign-in or write access.
    expect((await call('GET', '/api/profile', v)).status).toBe(401);
    expect((await call('GET', `/library/BRAND/${folder}/share`, v)).status).toBe(403);

    const policy = await call<AuthorizationPolicy>('GET', '/api/authorization/policy', v);
    expect(policy.body).toMatchObject({
      role: 'VIEWER',
      resourceId: folder,
      accountId: owner.accountId,
      brandId: owner.brandId,
      downloadsAllowed: true,
      resourceType: 'FOLDER',
      permissions: [{ type: 'READ', resourcePath: `/${owner.accountId}/${owner.brandId}/BRAND/${folder}/*` }],
    });
    // A Bearer share token works as well when there is no login.
    expect(
      (await call('GET', '/api/authorization/policy', { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
  });

  it('one live link per item: turning it on again answers the same link; off deletes it at once', async () => {
    const first = await share(sibling, { isPublic: true });
    const again = await share(sibling, { isPublic: true });
    expect(tokenOf(again.body)).toBe(tokenOf(first.body));
    const token = tokenOf(first.body);
    expect((await call('GET', `/assets?parentId=${sibling}`, visitor(token))).status).toBe(200);
    const off = await call<ShareRecord>(
      'DELETE',
      `/library/BRAND/${sibling}/share/${first.body.publicShare!.shareTokenId}`,
      owner.headers,
    );
    expect(off.body.publicShare).toBeNull();
    expect((await call('GET', `/assets?parentId=${sibling}`, visitor(token))).status).toBe(401);
  });

  it('counts a visitor once per 30 minutes on the policy fetch', async () => {
    const file = (await createFiles(t, owner, { names: ['counted.mp4'] }))[0]!;
    const made = await share(file, { isPublic: true });
    const v = { ...visitor(tokenOf(made.body)), 'user-agent': 'browser A' };
    await call('GET', '/api/authorization/policy', v);
    await call('GET', '/api/authorization/policy', v);
    await call('GET', '/api/authorization/policy', { ...v, 'user-agent': 'browser B' });
    const record = await call<ShareRecord>('GET', `/library/BRAND/${file}/share`, owner.headers);
    expect(record.body.publicShare?.viewCount).toBe(2);
    expect(record.body.publicShare?.lastOpenedAt).toBeTruthy();
  });

  it('an expired link answers 410 everywhere; a past expiry is refused', async () => {
    const file = (await createFiles(t, owner, { names: ['expiring.mp4'] }))[0]!;
    const past = await share(file, { isPublic: true, expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(past.status).toBe(400);
    const made = await share(file, {
      isPublic: true,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const token = tokenOf(made.body);
    expect((await call('GET', `/library/BRAND/${file}`, visitor(token))).status).toBe(200);
    await t.context.database.execute(
      `update shares set expires_at = now() - interval '1 minute' where id = $1`,
      [made.body.publicShare!.shareTokenId],
    );
    const gone = await call<{ message: string }>('GET', `/library/BRAND/${file}`, visitor(token));
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('Your link has expired');
    expect((await call('GET', '/api/authorization/policy', visitor(token))).status).toBe(410);
  });

  it('a password link: 401 until unlocked, wrong passwords counted, a new password ends sessions', async () => {
    const file = (await createFiles(t, owner, { names: ['locked.mp4'] }))[0]!;
    expect((await share(file, { isPublic: true, password: 'short' })).status).toBe(400);
    const made = await share(file, { isPublic: true, password: 'opensesame' });
    expect(made.body.publicShare?.hasPassword).toBe(true);
    const token = tokenOf(made.body);
    for (const path of [`/library/BRAND/${file}`, `/assets/${file}/comments`, '/api/authorization/policy']) {
      const locked = await call<{ message: string }>('GET', path, visitor(token));
      expect(locked.status, path).toBe(401);
      expect(locked.body.message).toBe('Password required');
    }
    const wrong = await call<{ message: string }>(
      'POST',
      '/api/shares/unlock',
      {},
      { shareToken: token, password: 'nope' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong password');
    const right = await call<{ shareToken: string }>(
      'POST',
      '/api/shares/unlock',
      {},
      {
        shareToken: token,
        password: 'opensesame',
      },
    );
    expect(right.status).toBe(200);
    const session = right.body.shareToken;
    expect((await call('GET', `/library/BRAND/${file}`, visitor(session))).status).toBe(200);
    // Another item is not in this session's share.
    expect((await call('GET', `/library/BRAND/${outside}`, visitor(session))).status).toBe(404);
    await call('PUT', `/library/BRAND/${file}/share/${made.body.publicShare!.shareTokenId}`, owner.headers, {
      password: 'another password',
    });
    expect((await call('GET', `/library/BRAND/${file}`, visitor(session))).status).toBe(401);
    // Five attempts per 15 minutes, then 429.
    for (let i = 0; i < 4; i += 1)
      await call('POST', '/api/shares/unlock', {}, { shareToken: token, password: 'no' });
    const blocked = await call<{ message: string }>(
      'POST',
      '/api/shares/unlock',
      {},
      {
        shareToken: token,
        password: 'another password',
      },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('downloads off: 403 on download, no original URL, previews still play', async () => {
    const bytes = await image(40, 30);
    const file = (await uploadFile(t, owner, 'still.jpg', bytes)).completed;
    const made = await share(file.id, { isPublic: true, downloadsAllowed: false });
    const v = visitor(tokenOf(made.body));
    expect((await call('GET', `/assets/${file.id}/download`, v)).status).toBe(403);
    const seen = await call<Asset>('GET', `/library/BRAND/${file.id}`, v);
    expect(seen.body.url).toBeNull();
    await call(
      'PUT',
      `/library/BRAND/${file.id}/share/${made.body.publicShare!.shareTokenId}`,
      owner.headers,
      {
        downloadsAllowed: true,
      },
    );
    const allowed = await call<Asset>('GET', `/library/BRAND/${file.id}`, v);
    expect(allowed.body.url).toContain('/api/storage/object');
    // The visitor's media URL names the share: it stops working when the link goes.
    expect((await fetchUrl(t, allowed.body.url!)).status).toBe(200);
    await call(
      'DELETE',
      `/library/BRAND/${file.id}/share/${made.body.publicShare!.shareTokenId}`,
      owner.headers,
    );
    expect((await fetchUrl(t, allowed.body.url!)).status).toBe(403);
  });

  it('a brand-audience link: anonymous 401, another brand 403, the brand member in', async () => {
    const file = (await createFiles(t, owner, { names: ['internal.mp4'] }))[0]!;
    const made = await share(file, { isPublic: true, audience: 'BRAND' });
    const token = tokenOf(made.body);
    expect((await call('GET', `/library/BRAND/${file}`, visitor(token))).status).toBe(401);
    expect(
      (await call('GET', `/library/BRAND/${file}`, { ...visitor(token), ...stranger.headers })).status,
    ).toBe(403);
    expect(
      (await call('GET', `/library/BRAND/${file}`, { ...visitor(token), ...member.headers })).status,
    ).toBe(200);
  });
});

describe('people', () => {
  it('shares with a user as Commenter (comments, cannot rename), then Editor (renames); listed in shared-with-me', async () => {
    const made = await share(inside, {
      shares: [{ email: friend.email, action: 'read' }],
      shareText: 'Have a look',
      notify: true,
    });
    expect(made.status).toBe(200);
    expect(made.body.sharedWith).toEqual([
      expect.objectContaining({ userId: friend.userId, email: friend.email, action: 'read' }),
    ]);
    const mail = t.mail.last(friend.email, /shared/);
    expect(mail?.text).toContain('Have a look');

    const commented = await call<Comment>('POST', `/assets/${inside}/comments`, friend.headers, {
      content: 'Nice',
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    expect((await call('PUT', `/assets/${inside}`, friend.headers, { name: 'renamed.mp4' })).status).toBe(
      403,
    );
    // The owner can mention them now.
    const mentions = await call<{ id: string }[]>('GET', `/assets/${inside}/mentions`, owner.headers);
    expect(mentions.body.map((p) => p.id)).toContain(friend.userId);

    const shareId = made.body.sharedWith[0]!.shareTokenId;
    await call('PUT', `/library/BRAND/${inside}/share/${shareId}`, owner.headers, { action: 'write' });
    const policy = await call<AuthorizationPolicy>(
      'GET',
      `/api/authorization/policy?brandId=${owner.brandId}`,
      friend.headers,
    );
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    expect(policy.body.permissions.map((p) => p.type)).toEqual(['READ', 'WRITE']);
    expect((await call('PUT', `/assets/${inside}`, friend.headers, { name: 'hero v2.mp4' })).status).toBe(
      200,
    );

    const shared = await t.app.inject({ method: 'GET', url: '/api/library/shared', headers: friend.headers });
    expect(shared.headers['x-total-count']).toBe('1');
    const [item] = shared.json<Asset[]>();
    expect(item).toMatchObject({ id: inside, name: 'hero v2.mp4', brandId: owner.brandId, isShared: true });
    expect(item!.sharedByUser?.id).toBe(owner.userId);
    expect(item!.sharedAt).toBeTruthy();
  });

  it('an editor cannot manage shares, move or delete the shared item, or reach the brand', async () => {
    const editor = await createUser(t);
    const made = await share(folder, { shares: [{ email: editor.email, action: 'write' }], notify: false });
    expect(made.status).toBe(200);
    const h = editor.headers;
    const before = await call<ShareRecord>('GET', `/library/BRAND/${folder}/share`, owner.headers);
    expect((await call('GET', `/library/BRAND/${folder}/share`, h)).status).toBe(403);
    expect((await share(folder, { isPublic: true }, editor)).status).toBe(403);
    expect(
      (
        await call('PUT', `/library/BRAND/${folder}/share/${made.body.sharedWith[0]!.shareTokenId}`, h, {
          action: 'write',
        })
      ).status,
    ).toBe(403);
    // Moving the shared folder (even within it) or anything out of it.
    expect((await call('PUT', `/assets/move?assetIds=${folder}`, h, { parentId: sibling })).status).toBe(403);
    expect((await call('PUT', `/assets/move?assetIds=${inside}`, h, { parentId: sibling })).status).toBe(404);
    expect((await call('POST', '/library/delete', h, { entities: [{ id: folder }] })).status).toBe(403);
    expect((await call('GET', '/tags', h)).status).toBe(404);
    const after = await call<ShareRecord>('GET', `/library/BRAND/${folder}/share`, owner.headers);
    expect(after.body).toEqual(before.body);
    // Inside the folder they work: a new folder, a rename of a child.
    expect((await call('POST', `/assets/${folder}/folders`, h, { name: 'From editor' })).status).toBe(201);
    // Without includeShared the brand's listing does not open to them.
    expect((await call('GET', `/assets?parentId=${folder}`, h)).status).toBe(404);
    expect((await call('GET', `/assets?parentId=${folder}&includeShared=true`, h)).status).toBe(200);
  });

  it('a new address gets an invitation; signing up makes their own workspace and opens the item', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const made = await share(inside, { shares: [{ email, action: 'read' }], notify: false });
    expect(made.body.sharedWith.find((p) => p.email === email)?.userId).toBeNull();
    const link = t.mail.link(email, /shared/);
    expect(link.pathname).toBe('/invite-signup');
    const inviteId = link.searchParams.get('inviteId')!;
    expect(link.searchParams.get('next')).toContain(inside);
    const signup = await call<{ access_token: string }>(
      'POST',
      '/api/registration/signup',
      {},
      {
        email,
        password: 'a good password',
        confirmPassword: 'a good password',
        fullName: 'New Friend',
        inviteId,
      },
    );
    expect(signup.status).toBe(201);
    const headers = { authorization: `Bearer ${signup.body.access_token}` };
    const shared = await t.app.inject({ method: 'GET', url: '/api/library/shared', headers });
    expect(shared.json<Asset[]>().map((a) => a.id)).toEqual([inside]);
    // They joined no account of the sharer's.
    expect((await call('GET', '/tags', headers)).status).toBe(404);
    const brands = await t.app.inject({ method: 'GET', url: '/api/brands', headers });
    expect(JSON.stringify(brands.json())).not.toContain(owner.brandId);
  });

  it('a recipient removes the item from shared; the owning brand cannot', async () => {
    const someone = await createUser(t);
    await share(nested, { shares: [{ email: someone.email, action: 'read' }], notify: false });
    expect((await call('PUT', `/library/BRAND/${nested}/unshare`, owner.headers)).status).toBe(400);
    expect((await call('PUT', `/library/BRAND/${nested}/unshare`, someone.headers)).status).toBe(200);
    expect((await call('GET', `/library/BRAND/${nested}`, someone.headers)).status).toBe(404);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    const bad = async (body: object) => (await share(inside, body)).status;
    expect(await bad({ shares: [{ email: 'not-an-email', action: 'read' }] })).toBe(400);
    expect(
      await bad({
        shares: [
          { email: 'a@example.com', action: 'read' },
          { email: 'A@example.com', action: 'read' },
        ],
      }),
    ).toBe(400);
    expect(
      await bad({
        shares: Array.from({ length: 51 }, (_, i) => ({ email: `p${i}@example.com`, action: 'read' })),
      }),
    ).toBe(400);
    expect(
      await bad({ shares: [{ email: 'b@example.com', action: 'read' }], shareText: 'x'.repeat(2001) }),
    ).toBe(400);
    expect(await bad({ shares: [{ email: 'b@example.com', action: 'OWNER' }] })).toBe(400);
    const mismatch = await call('POST', `/library/BRAND/${inside}/share`, owner.headers, {
      resourceId: folder,
      library: 'BRAND',
      isPublic: true,
    });
    expect(mismatch.status).toBe(400);
  });

  it('a person share used by someone else grants nothing', async () => {
    const addressee = await createUser(t);
    await share(inside, { shares: [{ email: addressee.email, action: 'read' }], notify: true });
    // The e-mail's link carries no token: a forwarded mail opens nothing for another user.
    const link = t.mail.link(addressee.email, /shared/);
    expect(link.searchParams.get('shareToken')).toBeNull();
    const other = await createUser(t);
    expect((await call('GET', `/library/BRAND/${inside}`, other.headers)).status).toBe(404);
    const token = await signIn(t, addressee.email, addressee.password);
    expect((await call('GET', `/library/BRAND/${inside}`, { authorization: `Bearer ${token}` })).status).toBe(
      200,
    );
  });
});

describe('revocation and limits', () => {
  it("a link's comment stream closes as soon as the link is removed", async () => {
    const file = (await createFiles(t, owner, { names: ['streamed.mp4'] }))[0]!;
    const made = await share(file, { isPublic: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await fetch(`http://127.0.0.1:${port}${B()}/assets/${file}/comments/events`, {
      headers: { ...visitor(tokenOf(made.body)), accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return Date.now();
    })();
    await call(
      'DELETE',
      `/library/BRAND/${file}/share/${made.body.publicShare!.shareTokenId}`,
      owner.headers,
    );
    const removedAt = Date.now();
    expect((await ended) - removedAt).toBeLessThan(5_000);
  });

  it('notify off sends existing users no e-mail; an editor uploads inside the folder, never outside', async () => {
    const quiet = await createUser(t);
    await share(folder, { shares: [{ email: quiet.email, action: 'write' }], notify: false });
    expect(t.mail.last(quiet.email, /shared/)).toBeUndefined();
    const batch = (parentId: string) =>
      call('POST', '/assets/batch', quiet.headers, { assets: [{ name: 'new.jpg', size: 2000, parentId }] });
    expect((await batch(folder)).status).toBe(201);
    expect((await batch(sibling)).status).toBe(404);
    expect((await batch('root')).status).toBe(404);
    // A folder upload's folders too.
    const folders = (parentId: string) =>
      call('POST', '/assets/folders/batch', quiet.headers, {
        parentId,
        folders: [{ key: 'a', name: 'Dropped in' }],
      });
    expect((await folders(folder)).status).toBe(201);
    expect((await folders(sibling)).status).toBe(404);
  });

  it('200 share e-mails per user a day, then 429', async () => {
    const sender = await createUser(t);
    const file = (await createFiles(t, sender, { names: ['popular.mp4'] }))[0]!;
    const send = (from: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accounts/${sender.accountId}/brands/${sender.brandId}/library/BRAND/${file}/share`,
        headers: sender.headers,
        payload: {
          resourceId: file,
          library: 'BRAND',
          shares: Array.from({ length: 50 }, (_, i) => ({
            email: `reader${from + i}@example.com`,
            action: 'read',
          })),
        },
      });
    for (const from of [0, 50, 100, 150]) expect((await send(from)).statusCode).toBe(200);
    const over = await send(200);
    expect(over.statusCode).toBe(429);
  });
});
