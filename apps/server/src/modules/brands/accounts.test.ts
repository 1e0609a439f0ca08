import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let a: TestUser;
let aMember: TestUser;
let b: TestUser;
let superUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createUser(t, { brandName: 'Alpha' });
  aMember = await createUser(t, { accountId: a.accountId, role: 'member' });
  b = await createUser(t, { brandName: 'Beta' });
  superUser = await createUser(t, { isSuperUser: true, brandName: 'Support' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const put = (url: string, user: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: user.headers, payload });

describe('tenant isolation', () => {
  it('a user of account A gets 403 or 404 on every brand, user and settings endpoint of account B', async () => {
    const calls = [
      get(`/api/brands/${b.brandId}`, a),
      put(`/api/brands/${b.brandId}`, a, { name: 'Taken over' }),
      get(`/api/brands/${b.brandId}/creative_kit`, a),
      t.app.inject({
        method: 'POST',
        url: `/api/brands/${b.brandId}/onboarding`,
        headers: a.headers,
        payload: { companyName: 'Nope Inc', industryId: 1, website: 'nope.com' },
      }),
      get(`/api/users?accountId=${b.accountId}`, a),
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: a.headers,
        payload: { firstName: 'X', lastName: 'Y', email: 'xy@example.com', accountId: b.accountId },
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/users/${b.userId}?accountId=${b.accountId}`,
        headers: a.headers,
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/users/${b.userId}/reinvite?accountId=${b.accountId}`,
        headers: a.headers,
      }),
      get(`/api/accounts/${b.accountId}/usage`, a),
      get(`/api/accounts/${b.accountId}/package`, a),
      get(`/api/accounts/${b.accountId}/package-allocation`, a),
      t.app.inject({
        method: 'POST',
        url: `/api/accounts/${b.accountId}/request-upgrade`,
        headers: a.headers,
        payload: { fullName: 'A', email: 'a@example.com' },
      }),
      get(`/api/profile?accountId=${b.accountId}`, a),
    ];
    for (const response of await Promise.all(calls)) {
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    }
    const brands = (await get('/api/brands', a)).json().map((brand: { id: string }) => brand.id);
    expect(brands).toEqual([a.brandId]);
    expect((await get(`/api/brands/${b.brandId}`, b)).json().name).toBe('Beta');
  });

  it('a super user sees every brand and may search them by name', async () => {
    const all = await get('/api/brands?limit=1500', superUser);
    const ids = all.json().map((brand: { id: string }) => brand.id);
    expect(ids).toEqual(expect.arrayContaining([a.brandId, b.brandId, superUser.brandId]));
    const search = (await get('/api/brands?q=bet', superUser)).json();
    expect(search.map((brand: { name: string }) => brand.name)).toEqual(['Beta']);
  });
});

describe('brands', () => {
  it('the about form: admins edit, members read; value propositions are added, edited and deleted', async () => {
    const url = `/api/brands/${a.brandId}`;
    expect((await put(url, aMember, { name: 'Member edit' })).statusCode).toBe(403);
    const first = await put(url, a, {
      name: 'Alpha Co',
      industryId: 7,
      brandKit: { website: 'https://alpha.example.com', description: 'We make snacks.' },
      guidelines: [
        { id: -1, text: 'Crunchy' },
        { id: -2, text: 'Healthy' },
      ],
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json().guidelines as { id: number; text: string }[];
    expect(saved.map((g) => g.text)).toEqual(['Crunchy', 'Healthy']);
    expect(saved.every((g) => g.id > 0)).toBe(true);
    const second = await put(url, a, {
      guidelines: [
        { id: saved[0]!.id, text: 'Extra crunchy' },
        { id: saved[1]!.id, text: 'Healthy', isDeleted: true },
        { id: -3, text: 'Unsaved and removed', isDeleted: true },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().guidelines.map((g: { text: string }) => g.text)).toEqual(['Extra crunchy']);
    expect(second.json()).toMatchObject({
      name: 'Alpha Co',
      industryId: 7,
      brandKit: { description: 'We make snacks.' },
    });
    expect((await get(url, aMember)).json().name).toBe('Alpha Co');

    const tooLong = await put(url, a, { brandKit: { description: 'x'.repeat(2001) } });
    expect(tooLong.statusCode).toBe(400);
    const badName = await put(url, a, { name: 'AB' });
    expect(badName.statusCode).toBe(400);
  });

  it('campaign management (creative kit) is for super users; colours must be hex', async () => {
    const url = `/api/brands/${a.brandId}/creative_kit`;
    const kit = (await get(url, a)).json();
    expect(kit.brandKit.colors).toEqual({
      textColor: '#000000',
      backgroundColor: '#FFFFFF',
      buttonTextColor: '#FFFFFF',
      buttonBackgroundColor: '#000000',
      colors: ['#FFFFFF'],
    });
    expect((await put(url, a, { brandKit: { font: 'Inter' } })).statusCode).toBe(403);
    const colors = { ...kit.brandKit.colors, textColor: '#123', colors: ['#ff0000', '#00ff00'] };
    const updated = await put(url, superUser, {
      brandKit: { colors, font: 'Inter', subtitlesFont: 'PLATFORM_NATIVE' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().brandKit).toMatchObject({
      font: 'Inter',
      subtitlesFont: 'PLATFORM_NATIVE',
      colors,
    });
    const bad = await put(url, superUser, { brandKit: { colors: { ...colors, textColor: 'red' } } });
    expect(bad.statusCode).toBe(400);
  });

  it('industries are a seeded list sorted by id', async () => {
    const industries = (await get('/api/industries', a)).json() as { id: number }[];
    expect(industries.length).toBeGreaterThan(10);
    expect(industries.map((i) => i.id)).toEqual([...industries.map((i) => i.id)].sort((x, y) => x - y));
  });
});

describe('plan and usage', () => {
  it('usage counts assets, storage and users; the allocation is unlimited by default', async () => {
    const usage = (await get(`/api/accounts/${a.accountId}/usage`, aMember)).json();
    expect(usage).toMatchObject({ assetsCount: 0, storageBytes: 0, usersCount: 2 });
    const allocation = (await get(`/api/accounts/${a.accountId}/package-allocation`, a)).json();
    expect(allocation).toMatchObject({
      name: 'Unlimited',
      assetsCount: null,
      storageBytes: null,
      usersCount: null,
    });
  });

  it('request-upgrade mails the support address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${a.accountId}/request-upgrade`,
      headers: a.headers,
      payload: { fullName: 'Ana Lima', email: 'ana@alpha.example.com' },
    });
    expect(response.statusCode).toBe(204);
    const mail = t.mail.last(t.context.config.mail.supportEmail);
    expect(mail?.text).toContain('Ana Lima <ana@alpha.example.com>');
    expect(mail?.replyTo).toBe('ana@alpha.example.com');
  });
});

describe('input hygiene', () => {
  const send = (method: 'POST' | 'PUT', url: string, payload: object, user?: TestUser) =>
    t.app.inject({ method, url, payload, ...(user ? { headers: user.headers } : {}) });
  const refused = (
    response: { statusCode: number; json: () => { fields?: { path: string }[] } },
    path: string,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.map((f) => f.path)).toContain(path);
  };

  it('names and descriptions refuse control characters (400 naming the field); descriptions keep line breaks', async () => {
    const brandUrl = `/api/brands/${a.brandId}`;
    refused(await send('PUT', brandUrl, { name: 'Alpha\u0000Co' }, a), 'body.name');
    refused(
      await send('PUT', brandUrl, { brandKit: { description: 'Snacks\u001b[31m' } }, a),
      'body.brandKit.description',
    );
    refused(
      await send('PUT', brandUrl, { guidelines: [{ id: -1, text: 'Crunchy\u0007' }] }, a),
      'body.guidelines.0.text',
    );
    const lines = await send('PUT', brandUrl, { brandKit: { description: 'Line one\nLine two\ttabbed' } }, a);
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json().brandKit.description).toBe('Line one\nLine two\ttabbed');

    refused(
      await send(
        'POST',
        '/api/users',
        { firstName: 'Eve\u0000', lastName: 'L', email: 'eve@example.com', accountId: a.accountId },
        a,
      ),
      'body.firstName',
    );
    refused(
      await send('POST', '/api/registration/signup', {
        email: 'ctl@example.com',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
        fullName: 'Ctl\u0085Name',
      }),
      'body.fullName',
    );
    const folders = `/api/accounts/${a.accountId}/brands/${a.brandId}/assets/root/folders`;
    refused(await send('POST', folders, { name: 'Folder\u0000' }, a), 'body.name');
    const folder = await send('POST', folders, { name: 'Clean folder' }, a);
    expect(folder.statusCode, folder.body).toBe(201);
    const asset = `/api/accounts/${a.accountId}/brands/${a.brandId}/assets/${folder.json().id}`;
    refused(await send('PUT', asset, { description: 'Nul\u0000here' }, a), 'body.description');
    refused(await send('PUT', asset, { name: 'Re\u0008named' }, a), 'body.name');
  });

  it('ids in bodies and paths are UUIDs (400 naming the field)', async () => {
    refused(
      await send(
        'POST',
        '/api/users',
        { firstName: 'X', lastName: 'Y', email: 'xy2@example.com', accountId: 'not-a-uuid' },
        a,
      ),
      'body.accountId',
    );
    refused(
      await send('POST', '/api/registration/signup', {
        email: 'inv@example.com',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
        fullName: 'Inv',
        inviteId: "x' or 1=1",
      }),
      'body.inviteId',
    );
    const info = await t.app.inject({ url: '/api/invitations/not-a-uuid' });
    expect(info.statusCode).toBe(400);
  });
});
