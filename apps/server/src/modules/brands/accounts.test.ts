import type { AssetPerformanceSummary, Integration } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

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

describe('demo workspace', () => {
  it('is created once, on an empty database, with credentials that sign in', {
    timeout: 240_000,
  }, async () => {
    const fresh = await createTestApp();
    try {
      const demo = await fresh.context.services.demo.seed();
      expect(demo).toBeDefined();
      expect(await fresh.context.services.demo.seed()).toBeUndefined();
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo!.email, password: demo!.password },
      });
      expect(login.statusCode).toBe(200);
      const brands = (
        await fresh.app.inject({
          url: '/api/brands',
          headers: { authorization: `Bearer ${login.json().access_token}` },
        })
      ).json();
      expect(brands).toMatchObject([{ name: 'Demo Brand', onboardingCompleted: true }]);
      const top = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets`,
          headers: { authorization: `Bearer ${login.json().access_token}` },
        })
      ).json() as { name: string }[];
      // (The boards' system folder 'Boards' comes with the media, below.)
      expect(top.map((a) => a.name).filter((name) => name !== 'Boards')).toEqual([
        'Brand Kit',
        'Campaigns',
        'Product shots',
        'UGC footage',
      ]);

      // Real sample media arrives in the folders and is processed like an upload.
      await fresh.context.services.demo.mediaReady();
      const headers = { authorization: `Bearer ${login.json().access_token}` };
      const listIn = async (parentId: string) =>
        (
          await fresh.app.inject({
            url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets?parentId=${parentId}`,
            headers,
          })
        ).json() as {
          id: string;
          name: string;
          type: string;
          uploadingState: string;
          previewURL: string | null;
          tags: { name: string; source?: string }[];
          mediaAnalysisStatus: string | null;
          customFields: Record<string, unknown>;
          commentsCount: number;
          duplicateOf: { id: string; name: string; identical: boolean } | null;
        }[];
      const campaigns = (await listIn('root')).find((a) => a.name === 'Campaigns')!;
      const summer = (await listIn(campaigns.id)).find((a) => a.name === 'Summer 2026')!;
      const EXPORT = 'Summer hero export.jpg';
      const all = await eventually(async () => {
        const items = await listIn(summer.id);
        return items.length === 3 && items.every((a) => a.uploadingState === 'UPLOADED') ? items : undefined;
      }, 60_000);
      // A smaller export of the hero: the duplicates view's demo group (issue 15).
      const heroId = all.find((a) => a.name === 'Summer hero.jpg')?.id;
      expect(all.find((a) => a.name === EXPORT)?.duplicateOf).toEqual({
        id: heroId,
        name: 'Summer hero.jpg',
        identical: false,
      });
      const files = all.filter((a) => a.name !== EXPORT);
      expect(files.map((a) => [a.name, a.type])).toEqual([
        ['Summer hero.jpg', 'IMAGE'],
        ['Summer launch 16x9.mp4', 'VIDEO'],
      ]);
      expect(files.every((a) => a.previewURL)).toBe(true);
      // Tagged, in categories of their own (tags issue); the AI analysis adds its own tags beside them.
      expect(files.map((a) => a.tags.filter((tag) => tag.source !== 'AI').map((tag) => tag.name))).toEqual([
        ['Bold claim', 'Static', 'Summer'],
        ['Product demo', 'Question hook', 'Summer'],
      ]);
      // The local analysis tags the pictures from their facts and colours (issue 15).
      const analysed = await eventually(async () => {
        const items = (await listIn(summer.id)).filter((a) => a.name !== EXPORT);
        return items.every((a) => a.mediaAnalysisStatus === 'COMPLETED') ? items : undefined;
      }, 60_000);
      expect(analysed[0]!.tags.filter((tag) => tag.source === 'AI').map((tag) => tag.name)).toEqual(
        expect.arrayContaining(['Landscape', '16:9']),
      );
      const categories = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/tag-categories`,
          headers,
        })
      ).json() as { name: string; tagsCount: number }[];
      expect(categories.filter((c) => c.name !== 'AI tags').map((c) => [c.name, c.tagsCount])).toEqual([
        ['General', 2],
        ['Formats', 3],
        ['Hooks', 2],
      ]);
      // Two custom fields, with values on the summer files.
      const fields = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/custom-fields`,
          headers,
        })
      ).json() as {
        id: string;
        name: string;
        usageCount: number;
        options: { id: string; label: string }[];
      }[];
      expect(fields.map((f) => f.name)).toEqual(['Campaign', 'Agency']);
      const summerOption = fields[0]!.options.find((o) => o.label === 'Summer 2026')!.id;
      expect(files.map((a) => a.customFields)).toEqual([
        { [fields[0]!.id]: summerOption, [fields[1]!.id]: 'Studio North' },
        { [fields[0]!.id]: summerOption, [fields[1]!.id]: 'Studio North' },
      ]);
      // Review comments: a range with a drawing, a mention, a resolved thread; a pin on the image.
      // (The video's sixth is a reviewer's note from the board in review, below.)
      expect(files.map((a) => a.commentsCount)).toEqual([1, 6]);
      const threads = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/${files[1]!.id}/comments?sort=oldest`,
          headers,
        })
      ).json() as { annotation: unknown; mentionUserIds: string[]; resolved: boolean; end: number | null }[];
      expect(threads.map((c) => [Boolean(c.annotation), c.mentionUserIds, c.resolved])).toEqual([
        [true, [], false],
        [false, ['0'], false],
        [false, [], true],
        [false, [], false],
      ]);
      const pins = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/${files[0]!.id}/comments`,
          headers,
        })
      ).json() as { pin: { x: number; y: number } | null }[];
      expect(pins.map((c) => c.pin)).toEqual([{ x: 0.72, y: 0.3 }]);
      // Sharing: the summer folder's public link has views; a partner's two items are shared with the user.
      const link = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/library/BRAND/${summer.id}/share`,
          headers,
        })
      ).json() as { publicShare: { viewCount: number; href: string } | null };
      expect(link.publicShare?.viewCount).toBe(3);
      const shared = (await fresh.app.inject({ url: '/api/library/shared', headers })).json() as {
        name: string;
        sharedByUser: { firstName: string } | null;
      }[];
      expect(shared.map((a) => [a.name, a.sharedByUser?.firstName]).sort()).toEqual([
        ['Partner cut 9x16.mp4', 'Maya'],
        ['Partner key visual.jpg', 'Maya'],
      ]);
      // Boards: one in review (rich description, uploaded and referenced files, decisions,
      // comments), a draft and an approved one.
      const boards = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/boards?sort=name&order=asc`,
          headers,
        })
      ).json() as { id: string; name: string; status: string; assetCount: number; comments: number }[];
      expect(boards.map((b) => [b.name, b.status, b.assetCount])).toEqual([
        ['Holiday ideas', 'DRAFT', 1],
        ['Product packshots', 'APPROVED', 2],
        ['Summer launch review', 'IN_REVIEW', 4],
      ]);
      const inReview = boards[2]!;
      expect(inReview.comments).toBe(2);
      const reviews = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/boards/${inReview.id}/reviews`,
          headers,
        })
      ).json() as { reviewMode: boolean; progress: Record<string, number> };
      expect(reviews).toMatchObject({
        reviewMode: true,
        progress: { total: 4, approved: 2, needsChanges: 1, pending: 1 },
      });
      // Ad performance (Meta integration issue): a DEMO connection showing the demo ad account,
      // two Pages and one issue; about 60 ads over 90 days whose media are library items.
      const integrations = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/integrations`,
          headers,
        })
      ).json() as Integration[];
      expect(integrations).toHaveLength(1);
      expect(integrations[0]).toMatchObject({
        vendor: 'FACEBOOK',
        isDemo: true,
        isConnected: true,
        metadata: { adAccounts: [{ name: 'Demo Brand — Meta Ads', enabled: true }] },
        integrationIssues: [{ code: 'MISSING_PERMISSIONS_ON_ACTOR' }],
      });
      expect(integrations[0]!.metadata.pages.map((p) => p.name)).toEqual([
        'Demo Brand',
        'Demo Brand Skincare',
      ]);
      // Its sync panel shows the stored days (the demo never syncs).
      const status = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/integrations/${integrations[0]!.id}/sync-status`,
          headers,
        })
      ).json() as { accounts: { state: string; rowsSynced: number; syncedFrom: string | null }[] };
      expect(status.accounts[0]!.state).toBe('IDLE');
      expect(status.accounts[0]!.rowsSynced).toBeGreaterThan(1000);
      expect(status.accounts[0]!.syncedFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const { rows: ads } = await fresh.context.database.execute<{
        ads: number;
        days: number;
        linked: number;
      }>(
        `select count(distinct a.id)::int as ads, count(distinct i.date)::int as days,
                (select count(distinct asset_id)::int from ad_assets x join ads y on y.id = x.ad_id where y.brand_id = $1) as linked
           from ads a left join ad_insights_daily i on i.ad_id = a.id where a.brand_id = $1`,
        [demo!.brandId],
      );
      expect(ads[0]!.ads).toBeGreaterThanOrEqual(55);
      expect(ads[0]!.days).toBe(90);
      // Concepts take the media in turn: of the library's three videos and four pictures and
      // the twelve clips, the seeded concepts reach eighteen.
      expect(ads[0]!.linked).toBe(18);
      // Asset performance (issue 17 "Beyond the seeds"): the ads' creatives are the library's own
      // files, so the link job finds the library's videos and pictures in the demo's ads by
      // fingerprint, and their cards' badges and performance tabs have last month's figures.
      const linkedFiles = await eventually(async () => {
        const { rows } = await fresh.context.database.execute<{ id: string; type: string }>(
          `select distinct a.id, a.type from asset_ad_links l join assets a on a.id = l.asset_id
            where a.brand_id = $1 and a.library = 'BRAND' and l.method = 'FINGERPRINT'`,
          [demo!.brandId],
        );
        return rows.filter((r) => r.type === 'VIDEO').length >= 3 ? rows : undefined;
      }, 60_000);
      const badges = (
        await fresh.app.inject({
          url: `/api/accounts/${demo!.accountId}/brands/${demo!.brandId}/assets/performance-summary?${linkedFiles.map((f) => `ids=${f.id}`).join('&')}`,
          headers,
        })
      ).json() as AssetPerformanceSummary[];
      expect(badges.length).toBe(linkedFiles.length);
      expect(badges.some((b) => b.spend > 0 && b.roas !== null)).toBe(true);
    } finally {
      await fresh.close();
    }
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
