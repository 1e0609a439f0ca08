import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Integration, Job } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../platform/db/schema/index.js';
import { userActor } from '../../platform/http/actor.js';
import { uuidv7 } from '../../platform/ids.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall, brandPathOf } from '../../test/integrations-world.js';
import { image, video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { uploadFile } from '../../test/uploads.js';
import { AdPerformanceService } from '../ad-performance/service.js';

/**
 * Integrations without a Meta app configured (the fake Graph server's tests connect for
 * real): the demo kind of connection, its settings, the window of the sync start, user-level
 * connections, and the not-configured answers. Ads Manager imports are here too.
 */
let t: TestApp;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;

const B = brandPathOf;
const call = <T = unknown>(u: TestUser, method: string, path: string, payload?: object) =>
  brandCall<T>(t, u, method, path, payload);

async function demoIntegration(u: TestUser): Promise<Integration> {
  const existing = await t.context.services.integrations.findMeta(u.brandId);
  if (!existing) {
    await t.context.services.adPerformance.write(
      { accountId: u.accountId, brandId: u.brandId },
      {
        account: {
          externalId: 'act_demo_1',
          name: 'Demo ads',
          currency: 'USD',
          timezone: 'America/New_York',
          accountStatus: 1,
          disableReason: 0,
          source: 'DEMO',
          purchaseActionType: 'omni_purchase',
        },
        campaigns: [],
        adSets: [],
        ads: [],
        insights: [],
      },
      { enabled: true },
    );
    await t.context.services.integrations.createDemo(u, {
      pages: [{ id: '111', name: 'Demo Page', link: 'https://www.facebook.com/demo' }],
      adAccountExternalId: 'act_demo_1',
      issue: { code: 'MISSING_PERMISSIONS_ON_ACTOR', actorId: '111' },
    });
  }
  const list = await call<Integration[]>(u, 'GET', '/integrations');
  return list.body.find((i) => i.vendor === 'FACEBOOK')!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t);
  member = {
    ...(await createUser(t, { accountId: admin.accountId, role: 'member' })),
    brandId: admin.brandId,
  };
  stranger = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the Meta connection of a brand', () => {
  it('lists the demo connection with its ad account, pages and issue; members read it', async () => {
    const meta = await demoIntegration(admin);
    expect(meta).toMatchObject({
      vendor: 'FACEBOOK',
      level: 'ACCOUNT',
      isConnected: true,
      isDemo: true,
      metadata: {
        adAccountId: 'act_demo_1',
        pages: [{ id: '111', name: 'Demo Page' }],
        adAccounts: [
          { id: 'act_demo_1', account_id: 'demo_1', enabled: true, disabled: false, deleted: false },
        ],
      },
      integrationIssues: [{ code: 'MISSING_PERMISSIONS_ON_ACTOR', actorId: '111' }],
    });
    expect(meta.settings.portalUrl).toMatch(/^https:\/\/www\.facebook\.com\//);
    const asMember = await call<Integration>(member, 'GET', `/integrations/${meta.id}`);
    expect(asMember.status).toBe(200);
    expect(asMember.body.id).toBe(meta.id);
    // Another account's user does not see the brand at all.
    expect((await call(stranger, 'GET', '/integrations').then((r) => r.status)) === 200).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${B(admin)}/integrations/${meta.id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the sync start within the plan: a UTC midnight between N months back and today', async () => {
    const meta = await demoIntegration(admin);
    const twoMonthsBack = new Date(Date.now() - 60 * 86_400_000);
    const saved = await call<Integration>(admin, 'PUT', `/integrations/${meta.id}`, {
      syncStartTimestampUtc: twoMonthsBack.toISOString(),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.syncStartTimestampUtc).toBe(
      `${twoMonthsBack.toISOString().slice(0, 10)}T00:00:00.000Z`,
    );
    const tooEarly = await call<{ message: string; fields: { path: string }[] }>(
      admin,
      'PUT',
      `/integrations/${meta.id}`,
      {
        syncStartTimestampUtc: new Date(Date.now() - 800 * 86_400_000).toISOString(),
      },
    );
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.message).toMatch(/^Choose a sync start date between \d{4}-\d{2}-\d{2} and today$/);
    expect(tooEarly.body.fields[0]!.path).toBe('body.syncStartTimestampUtc');
    const future = await call(admin, 'PUT', `/integrations/${meta.id}`, {
      syncStartTimestampUtc: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(future.status).toBe(400);
    // The plan keeps 3 months: 4 months back is outside.
    await t.context.database.execute(
      'update accounts set alloc_ad_platform_sync_months_count = 3 where id = $1',
      [admin.accountId],
    );
    const outside = await call(admin, 'PUT', `/integrations/${meta.id}`, {
      syncStartTimestampUtc: new Date(Date.now() - 125 * 86_400_000).toISOString(),
    });
    expect(outside.status).toBe(400);
    await t.context.database.execute(
      'update accounts set alloc_ad_platform_sync_months_count = null where id = $1',
      [admin.accountId],
    );
  });

  it('enables only the connection’s ad accounts and publishes only to an enabled one (400 naming the field)', async () => {
    const meta = await demoIntegration(admin);
    const unknown = await call<{ fields: { path: string; message: string }[] }>(
      admin,
      'PUT',
      `/integrations/${meta.id}`,
      {
        enabledAdAccountIds: ['act_999'],
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0]).toEqual({
      path: 'body.enabledAdAccountIds.0',
      message: 'This ad account is not connected',
    });
    const off = await call<Integration>(admin, 'PUT', `/integrations/${meta.id}`, {
      enabledAdAccountIds: [],
    });
    expect(off.status).toBe(200);
    expect(off.body.metadata.adAccounts[0]!.enabled).toBe(false);
    // The default publishing account is dropped with it.
    expect(off.body.metadata.adAccountId).toBeNull();
    const disabledDefault = await call<{ fields: { path: string; message: string }[] }>(
      admin,
      'PUT',
      `/integrations/${meta.id}`,
      {
        adAccountId: 'act_demo_1',
      },
    );
    expect(disabledDefault.body.fields[0]).toEqual({
      path: 'body.adAccountId',
      message: 'Enable this ad account first',
    });
    const on = await call<Integration>(admin, 'PUT', `/integrations/${meta.id}`, {
      enabledAdAccountIds: ['act_demo_1'],
      adAccountId: 'act_demo_1',
    });
    expect(on.body.metadata).toMatchObject({ adAccountId: 'act_demo_1', adAccounts: [{ enabled: true }] });
    expect(
      await call(member, 'PUT', `/integrations/${meta.id}`, { enabledAdAccountIds: [] }).then(
        (r) => r.status,
      ),
    ).toBe(403);
  });

  it('answers the sync status of each enabled account', async () => {
    const meta = await demoIntegration(admin);
    const status = await call<{ accounts: { adAccountId: string; state: string }[] }>(
      member,
      'GET',
      `/integrations/${meta.id}/sync-status`,
    );
    expect(status.status).toBe(200);
    expect(status.body.accounts).toEqual([
      expect.objectContaining({ adAccountId: 'act_demo_1', state: 'IDLE' }),
    ]);
  });

  it('says Meta is not configured: auth-info, and 503 on connect', async () => {
    const info = await call<{
      configured: boolean;
      authorizationUrl: string | null;
      requiredVariables: string[];
    }>(admin, 'GET', '/integrations/auth-info?vendor=FACEBOOK');
    expect(info.body).toMatchObject({
      configured: false,
      authorizationUrl: null,
      requiredVariables: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
    });
    const connect = await call<{ message: string }>(admin, 'POST', '/integrations', {
      vendor: 'FACEBOOK',
      brandId: admin.brandId,
      settings: { code: 'code', state: 'state' },
    });
    expect(connect.status).toBe(503);
    expect(connect.body.message).toBe('Meta is not configured on this server');
    // Drive has no setting that turns it on yet: none is named.
    const drive = await call<{ configured: boolean; requiredVariables: string[] }>(
      admin,
      'GET',
      '/integrations/auth-info?vendor=GOOGLE_DRIVE',
    );
    expect(drive.body).toMatchObject({ configured: false, requiredVariables: [] });
    // Members may not connect Meta at all.
    expect(
      (
        await call(member, 'POST', '/integrations', {
          vendor: 'FACEBOOK',
          brandId: admin.brandId,
          settings: { code: 'code', state: 'state' },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a lower-case vendor (400 naming vendor)', async () => {
    const response = await call<{ fields: { path: string }[] }>(
      admin,
      'GET',
      '/integrations/auth-info?vendor=facebook',
    );
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f) => f.path)).toContain('querystring.vendor');
  });

  it('disconnecting the demo connection removes it; its history stays', async () => {
    const meta = await demoIntegration(admin);
    expect((await call(member, 'DELETE', `/integrations/${meta.id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/integrations/${meta.id}`)).status).toBe(204);
    expect((await call<Integration[]>(admin, 'GET', '/integrations')).body).toEqual([]);
    expect(await t.context.services.adPerformance.findAccount(admin.brandId, 'act_demo_1')).toBeDefined();
  });
});

describe('user-level connections', () => {
  it('are their owner’s alone: another member gets 404, the owner disconnects', async () => {
    const id = uuidv7();
    await t.context.database.db.insert(integrations).values({
      id,
      accountId: admin.accountId,
      brandId: admin.brandId,
      vendor: 'DROPBOX',
      level: 'USER',
      userId: member.userId,
      name: 'Dropbox',
      sealedToken: 'sealed',
    });
    expect(
      (await call<Integration[]>(member, 'GET', '/integrations/user-integrations')).body.map((i) => i.id),
    ).toEqual([id]);
    expect((await call<Integration[]>(admin, 'GET', '/integrations/user-integrations')).body).toEqual([]);
    expect((await call(admin, 'GET', `/integrations/${id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/user-integrations/${id}`)).status).toBe(404);
    expect((await call(member, 'DELETE', `/user-integrations/${id}`)).status).toBe(204);
    expect((await call<Integration[]>(member, 'GET', '/integrations/user-integrations')).body).toEqual([]);
  });
});

describe('publishing to Meta', () => {
  it('takes videos of the brand only, at most 50, on a connected account', async () => {
    const picture = await uploadFile(t, admin, 'still.jpg', await image(64, 64));
    const body = (entityIds: string[]) => ({
      adAccountId: 'act_demo_1',
      entityIds,
      library: 'BRAND',
      brandId: admin.brandId,
      platform: 'FACEBOOK',
    });
    const notVideo = await call<{ fields: { path: string; message: string }[] }>(
      admin,
      'POST',
      '/library/bulk-publish-to-ad-platform',
      body([picture.completed.id]),
    );
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.fields[0]).toEqual({
      path: 'body.entityIds',
      message: 'Only videos can be uploaded to Meta',
    });
    const many = Array.from({ length: 51 }, () => uuidv7());
    const tooMany = await call<{ fields: { path: string }[] }>(
      admin,
      'POST',
      '/library/bulk-publish-to-ad-platform',
      body(many),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0]!.path).toBe('body.entityIds');
    const foreign = await uploadFile(t, stranger, 'theirs.jpg', await image(32, 32));
    expect(
      (await call(admin, 'POST', '/library/bulk-publish-to-ad-platform', body([foreign.completed.id])))
        .status,
    ).toBe(404);
  });
});

const asAdmin = () =>
  userActor({ userId: admin.userId, email: admin.email, isSuperUser: false, sessionId: '' });

describe('creative media', () => {
  it('become AD_ANALYTICS library items once per media, linked to their ads, and cannot be deleted', async () => {
    const store = t.context.services.adPerformance;
    const scope = { accountId: admin.accountId, brandId: admin.brandId };
    const creative = (videoId: string) => ({
      externalId: null,
      actorId: null,
      actorName: null,
      postId: null,
      title: null,
      body: null,
      ctaType: null,
      landingPage: null,
      thumbnailUrl: null,
      videoId,
      imageHash: null,
    });
    const ad = (id: string) => ({
      externalId: id,
      adSetExternalId: 's1',
      campaignExternalId: 'c1',
      name: `Ad ${id}`,
      status: 'ACTIVE',
      effectiveStatus: 'ACTIVE',
      previewUrl: null,
      permalink: null,
      fileType: 'VIDEO' as const,
      createdAt: null,
      updatedAt: null,
      creative: creative('v-1'),
    });
    const { adAccount } = await store.write(scope, {
      account: {
        externalId: 'act_media',
        name: 'Media',
        currency: 'USD',
        timezone: 'UTC',
        accountStatus: 1,
        disableReason: null,
        source: 'META',
        purchaseActionType: null,
      },
      campaigns: [{ externalId: 'c1', name: 'C', status: null, effectiveStatus: null, objective: null }],
      adSets: [
        { externalId: 's1', campaignExternalId: 'c1', name: 'S', status: null, effectiveStatus: null },
      ],
      ads: [ad('a1'), ad('a2'), ad('a3')],
      insights: [],
    });
    const bytes = await video(2, { width: 160, height: 90 });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-test-'));
    const file = path.join(dir, 'v.mp4');
    await fs.writeFile(file, bytes);
    let fetched = 0;
    const sources = new Map([
      [
        AdPerformanceService.mediaKey('VIDEO', 'v-1'),
        { kind: 'VIDEO' as const, externalId: 'v-1', fetch: async () => ({ file, name: 'Hook cut.mp4' }) },
      ],
    ]);
    const first = await store.linkMedia({ ...scope, actor: asAdmin() }, adAccount.id, sources);
    expect(first).toEqual({ created: 1, skipped: [] });
    fetched = (await store.linkMedia({ ...scope, actor: asAdmin() }, adAccount.id, sources)).created;
    expect(fetched).toBe(0);
    const { rows } = await t.context.database.execute<{ asset_id: string; library: string; ads: number }>(
      `select x.asset_id, a.library, count(*)::int as ads from ad_assets x join assets a on a.id = x.asset_id
        where a.brand_id = $1 group by x.asset_id, a.library`,
      [admin.brandId],
    );
    expect(rows).toEqual([{ asset_id: expect.any(String), library: 'AD_ANALYTICS', ads: 3 }]);
    const refused = await call<{ message: string }>(admin, 'DELETE', `/assets/${rows[0]!.asset_id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You cannot delete imported videos');
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('Ads Manager exports', () => {
  const csv = [
    'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Amount spent (EUR),Impressions,Link clicks,Purchases,Purchases conversion value,3-second video plays',
    '2026-11-01,2026-11-01,Launch,Broad,UGC_Hook-Pain_Sarah_9x16_v1,"1,234.50",100000,900,20,1800.00,30000',
    '2026-11-02,2026-11-02,Launch,Broad,UGC_Hook-Pain_Sarah_9x16_v1,100.00,8000,80,2,150.00,2400',
  ].join('\n');
  const importFile = (u: TestUser, bytes: string | Buffer, fileName: string, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `${B(u)}/ad-performance/imports?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...u.headers, 'content-type': contentType },
      payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    });
  const finished = async (u: TestUser, job: Job) =>
    eventually(async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: u.headers });
      const current = response.json<Job>();
      return current.status === 'CREATED' ? undefined : current;
    }, 60_000);
  const spendOf = async () => {
    const { rows } = await t.context.database.execute<{ spend: string; days: number }>(
      `select sum(i.spend)::text as spend, count(*)::int as days from ad_insights_daily i
       join ads a on a.id = i.ad_id join ad_accounts c on c.id = a.ad_account_id where c.brand_id = $1 and c.source = 'IMPORT'`,
      [admin.brandId],
    );
    return rows[0]!;
  };

  it('imports daily rows as a job; importing again changes nothing', async () => {
    const started = await importFile(admin, csv, 'export.csv');
    expect(started.statusCode).toBe(201);
    const job = await finished(admin, started.json<Job>());
    expect(job.status).toBe('FINISHED');
    expect(job.result).toMatchObject({ rowsRead: 2, imported: 2, skipped: [], currency: 'EUR' });
    expect(await spendOf()).toEqual({ spend: '1334.50', days: 2 });
    // The imported ad was analysed this month (usage; the demo's ads never count).
    const usage = await t.app.inject({
      url: `/api/accounts/${admin.accountId}/usage`,
      headers: admin.headers,
    });
    expect(usage.json().analyzedAdsMonthlyCount).toBe(1);
    const again = await finished(admin, (await importFile(admin, csv, 'export.csv')).json<Job>());
    expect(again.status).toBe('FINISHED');
    expect(await spendOf()).toEqual({ spend: '1334.50', days: 2 });
  });

  it('refuses a weekly export, a file without Ad name and a file that is no export (400), members (403)', async () => {
    const weekly = await importFile(
      admin,
      'Reporting starts,Reporting ends,Ad name,Amount spent (USD)\n2026-11-01,2026-11-07,Ad,10\n',
      'weekly.csv',
    );
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().message).toBe(
      'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
    );
    const noName = await importFile(admin, 'Day,Amount spent (USD)\n2026-11-01,10\n', 'noname.csv');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/Ad name/);
    const png = await importFile(admin, await image(16, 16), 'picture.png', 'application/octet-stream');
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('This file is not an Ads Manager export');
    expect((await importFile(member, csv, 'export.csv')).statusCode).toBe(403);
    // Over 50 MB: 413, nothing read.
    expect((await importFile(admin, Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), 'huge.csv')).statusCode).toBe(
      413,
    );
  });
});
