import type { Integration, SyncStatus } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fake-graph.js';
import { GraphError } from '../../platform/meta/errors.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall, brandPathOf, connectMeta as connectMetaOf } from '../../test/integrations-world.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';

/**
 * The Meta sync against the fake Graph server: ads over several pages, async report runs
 * (progressing, failing and started again), a 100/1487534 split, throttles, the token going
 * bad, Pages that cannot be read, the plan's allocation, media imported once, and a run that
 * stops half-way and resumes from its cursor without duplicates.
 */
let fake: FakeGraph;
let t: TestApp;
let admin: TestUser;
let meta: Integration;
let act: string;

const DAY = 86_400_000;
const _B = brandPathOf;
const call = <T = unknown>(u: TestUser, method: string, path: string, payload?: object) =>
  brandCall<T>(t, u, method, path, payload);

const connectMeta = (u: TestUser) => connectMetaOf(t, u);

/** Waits until every enabled account's sync has settled after `since`. */
async function settled(u: TestUser, id: string, since: Date) {
  return eventually(async () => {
    const status = (await call<SyncStatus>(u, 'GET', `/integrations/${id}/sync-status`)).body;
    const done = status.accounts.every(
      (a) =>
        (a.state === 'IDLE' || a.state === 'FAILED') &&
        a.lastRunAt &&
        String(a.lastRunAt) >= since.toISOString(),
    );
    return done ? status : undefined;
  }, 90_000);
}

const accountRow = async (brandId: string, externalId: string) =>
  (await t.context.services.adPerformance.findAccount(brandId, externalId))!;
async function counts(brandId: string) {
  const { rows } = await t.context.database.execute<{ ads: number; rows: number }>(
    `select count(distinct a.id)::int as ads, count(i.ad_id)::int as rows
       from ads a left join ad_insights_daily i on i.ad_id = a.id where a.brand_id = $1`,
    [brandId],
  );
  return rows[0]!;
}
const insightCalls = (method: string) =>
  fake.calls.filter((c) => c.method === method && /^\/act_\d+\/insights$/.test(c.path));
const issues = async (u: TestUser) =>
  (await call<Integration[]>(u, 'GET', '/integrations')).body[0]!.integrationIssues;

beforeAll(async () => {
  fake = await startFakeGraph({ seed: 7, shortPages: true, adsPerAccount: [30, 6] });
  t = await createTestApp({ env: fake.env });
  const sync = t.context.services.integrations.metaSync!;
  sync.tuning.reportPollMs = 20;
  sync.tuning.throttleBaseSeconds = 1;
  // Pages of 10 ads: the sync must follow `next` (and the fake's first page comes one short).
  sync.tuning.pageSize = 10;
  admin = await createUser(t);
  meta = await connectMeta(admin);
  act = meta.metadata.adAccounts.find((a) => !a.disabled)!.id;
  const since = new Date();
  // Twenty days back: one slice through an async report run, then the last 7 days again.
  const saved = await call<Integration>(admin, 'PUT', `/integrations/${meta.id}`, {
    enabledAdAccountIds: [act],
    adAccountId: act,
    syncStartTimestampUtc: new Date(Date.now() - 20 * DAY).toISOString(),
  });
  expect(saved.status).toBe(200);
  await settled(admin, meta.id, since);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the first sync of an ad account', () => {
  it('reads every page of ads and writes each ad’s days, through an async report run', async () => {
    const status = (await call<SyncStatus>(admin, 'GET', `/integrations/${meta.id}/sync-status`)).body
      .accounts[0]!;
    expect(status).toMatchObject({ adAccountId: act, state: 'IDLE', error: null });
    expect(status.rowsSynced).toBeGreaterThan(0);
    const fakeAds = fake.state.ads.filter((a) => a.accountId === act);
    const { ads, rows } = await counts(admin.brandId);
    expect(ads).toBe(fakeAds.length);
    expect(status.rowsSynced).toBe(rows + (status.rowsSynced - rows));
    // Short first pages: the sync followed `next` rather than stopping.
    expect(fake.calls.filter((c) => c.method === 'GET' && c.path === `/${act}/ads`).length).toBeGreaterThan(
      1,
    );
    expect(insightCalls('POST').length).toBeGreaterThan(0);
    // Every call with a token carried its proof.
    for (const c of fake.calls.filter(
      (c) => c.params.access_token && !c.path.startsWith('/oauth') && !c.inBatch,
    ))
      expect(c.params.appsecret_proof).toBe(fake.proof(c.params.access_token!));
  });

  it('reads conversions of omni_purchase, not purchase, and keeps the fake’s numbers', async () => {
    const account = await accountRow(admin.brandId, act);
    expect(account.purchaseActionType).toBe('omni_purchase');
    const { rows } = await t.context.database.execute<{
      ext: string;
      date: string;
      spend: string;
      impressions: number;
      conversions: number;
      three: number;
    }>(
      `select a.external_id as ext, i.date::text as date, i.spend::text as spend, i.impressions, i.conversions,
              i.three_second_views as three
         from ad_insights_daily i join ads a on a.id = i.ad_id where a.brand_id = $1 and i.conversions > 0 limit 5`,
      [admin.brandId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const source = fake.insightRow(row.ext, row.date) as {
        spend: string;
        impressions: string;
        actions: { action_type: string; value: string }[];
      };
      const action = (type: string) => Number(source.actions.find((a) => a.action_type === type)?.value ?? 0);
      expect(Number(row.spend)).toBeCloseTo(Number(source.spend), 2);
      expect(row.impressions).toBe(Number(source.impressions));
      expect(row.conversions).toBe(action('omni_purchase'));
      expect(row.three).toBe(action('video_view'));
      expect(action('omni_purchase')).not.toBe(action('purchase'));
    }
  });

  it('makes one library item of a video three ads use, with a thumbnail, linked to the three', async () => {
    const { rows } = await t.context.database.execute<{ asset_id: string; ads: number }>(
      `select m.asset_id, (select count(*)::int from ad_assets x where x.asset_id = m.asset_id) as ads
         from ad_media m where m.brand_id = $1 and m.external_id = $2`,
      [admin.brandId, fake.state.sharedVideoId],
    );
    expect(rows).toEqual([{ asset_id: expect.any(String), ads: 3 }]);
    // Its file was asked for in a batch with the other videos.
    expect(fake.calls.some((c) => c.inBatch && c.path === `/${fake.state.sharedVideoId}`)).toBe(true);
    // Processed like an upload (a 2-second creative is not too short: it ran on Meta): a thumbnail comes.
    const asset = await eventually(async () => {
      const row = await t.context.services.libraryItems.fileById(rows[0]!.asset_id);
      return row?.variants?.thumbnail ? row : undefined;
    }, 60_000);
    expect(asset).toMatchObject({ type: 'VIDEO', library: 'AD_ANALYTICS', uploadingState: 'UPLOADED' });
  });

  it('changes nothing when it runs again (upserts per ad and day)', async () => {
    const before = await counts(admin.brandId);
    const since = new Date();
    expect((await call(admin, 'PUT', `/integrations/${meta.id}/refresh`)).status).toBe(200);
    await settled(admin, meta.id, since);
    expect(await counts(admin.brandId)).toEqual(before);
  });
});

describe('when Meta pushes back', () => {
  const sync = () => t.context.services.integrations.metaSync!;

  it('halves a slice Meta finds too big (100/1487534)', async () => {
    fake.state.insightsMaxDays = 2;
    const account = await accountRow(admin.brandId, act);
    const from = fake.calls.length;
    await sync().run(account.id);
    fake.state.insightsMaxDays = null;
    const ranges = fake.calls
      .slice(from)
      .filter((c) => c.method === 'GET' && /^\/act_\d+\/insights$/.test(c.path))
      .map((c) => JSON.parse(c.params.time_range!) as { since: string; until: string });
    const spans = ranges.map((r) => (Date.parse(r.until) - Date.parse(r.since)) / DAY + 1);
    expect(spans[0]).toBe(7);
    expect(spans[1]).toBe(3);
    expect(spans.slice(2).every((span) => span === 1)).toBe(true);
    expect(
      (await call<SyncStatus>(admin, 'GET', `/integrations/${meta.id}/sync-status`)).body.accounts[0]!.state,
    ).toBe('IDLE');
  });

  it('starts a failed report run again', async () => {
    const account = await accountRow(admin.brandId, act);
    await t.context.database.execute(
      `update ad_account_syncs set backfill_cursor = synced_from where ad_account_id = $1`,
      [account.id],
    );
    fake.inject({
      method: 'POST',
      pathPattern: /^\/act_\d+\/insights$/,
      reportRunFailure: { code: -2, subcode: 2490547, message: 'The report failed' },
    });
    const posts = insightCalls('POST').length;
    await sync().run(account.id);
    expect(insightCalls('POST').length).toBe(posts + 2);
    const status = (await call<SyncStatus>(admin, 'GET', `/integrations/${meta.id}/sync-status`)).body
      .accounts[0]!;
    expect(status).toMatchObject({ state: 'IDLE', error: null });
  });

  it('reschedules after a throttle, as long as Meta says (80000)', async () => {
    const account = await accountRow(admin.brandId, act);
    fake.inject({
      pathPattern: /^\/act_\d+\/campaigns$/,
      error: {
        code: 80000,
        message: 'There have been too many calls from this ad-account.',
        usageHeaders: {
          'x-business-use-case-usage': {
            '1': [
              {
                type: 'ads_insights',
                call_count: 100,
                total_cputime: 40,
                total_time: 40,
                estimated_time_to_regain_access: 3,
              },
            ],
          },
        },
      },
    });
    const before = Date.now();
    await sync().run(account.id);
    const status = (await call<SyncStatus>(admin, 'GET', `/integrations/${meta.id}/sync-status`)).body
      .accounts[0]!;
    expect(status.state).toBe('QUEUED');
    const wait = Date.parse(status.nextRunAt as unknown as string) - before;
    expect(wait).toBeGreaterThan(170_000);
    expect(wait).toBeLessThan(200_000);
    // The rescheduled run is not for this test file to wait for.
    await t.context.database.execute(
      `delete from pgboss.job where name = 'meta-ad-account-sync' and state = 'created'`,
    );
  });

  it('reports a Page the token cannot read, with its id; a later good run resolves it', async () => {
    const account = await accountRow(admin.brandId, act);
    const pageId = fake.state.ads.find((a) => a.accountId === act)!.pageId;
    fake.inject({
      pathPattern: new RegExp(`^/${pageId}$`),
      error: { code: 200, message: 'Permissions error' },
    });
    await sync().run(account.id);
    expect(await issues(admin)).toEqual([
      expect.objectContaining({ code: 'MISSING_PERMISSIONS_ON_ACTOR', actorId: pageId }),
    ]);
    await sync().run(account.id);
    expect(await issues(admin)).toEqual([]);
  });

  it('stops calling Meta once the token is refused (190/463) until Meta is connected again', async () => {
    const account = await accountRow(admin.brandId, act);
    fake.inject({
      pathPattern: /^\/act_\d+\/campaigns$/,
      error: { code: 190, subcode: 463, message: 'Session has expired' },
    });
    await sync().run(account.id);
    expect((await issues(admin)).map((i) => i.code)).toEqual(['INVALID_ACCESS_TOKEN']);
    const calls = fake.calls.length;
    await sync().run(account.id);
    expect(fake.calls.length).toBe(calls);
    const status = (await call<SyncStatus>(admin, 'GET', `/integrations/${meta.id}/sync-status`)).body
      .accounts[0]!;
    expect(status).toMatchObject({ state: 'FAILED', error: 'Meta needs you to connect again' });
    // Connecting again resolves it and syncing resumes.
    await connectMeta(admin);
    expect(await issues(admin)).toEqual([]);
    await sync().run(account.id);
    expect(fake.calls.length).toBeGreaterThan(calls);
  });

  it('resumes a run that stopped half-way from its cursor, without duplicates', async () => {
    const account = await accountRow(admin.brandId, act);
    // An earlier start: 70 days back, three slices; the second fails every time in this run.
    await t.context.database.execute(`update integrations set sync_start_at = $1 where id = $2`, [
      new Date(
        Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 70 * DAY,
      ),
      meta.id,
    ]);
    // The first slice goes through; every report run of the second fails (Meta's transient code 2).
    const graph = (sync() as unknown as { graph: GraphClient }).graph;
    const startReportRun = graph.startReportRun.bind(graph);
    let started = 0;
    graph.startReportRun = async (...args) => {
      started += 1;
      if (started > 1)
        throw new GraphError({ httpStatus: 500, code: 2, message: 'Service temporarily unavailable' });
      return startReportRun(...args);
    };
    try {
      await sync().run(account.id);
    } finally {
      graph.startReportRun = startReportRun;
    }
    expect(started).toBe(2);
    const stopped = (
      await t.context.database.execute<{ backfill_cursor: string; synced_from: string }>(
        `select backfill_cursor::text, synced_from::text from ad_account_syncs where ad_account_id = $1`,
        [account.id],
      )
    ).rows[0]!;
    expect(stopped.backfill_cursor > stopped.synced_from).toBe(true);
    expect((await issues(admin)).map((i) => i.code)).toEqual(['UNKNOWN_ERROR']);
    const halfway = await counts(admin.brandId);

    // The next run starts at the cursor, not at the start again.
    const second = fake.calls.length;
    await sync().run(account.id);
    const firstRange = JSON.parse(
      fake.calls.slice(second).find((c) => c.method === 'POST' && /^\/act_\d+\/insights$/.test(c.path))!
        .params.time_range!,
    ) as { since: string };
    expect(firstRange.since).toBe(stopped.backfill_cursor);
    const done = await counts(admin.brandId);
    expect(done.rows).toBeGreaterThan(halfway.rows);
    const { rows } = await t.context.database.execute<{ dupes: number }>(
      `select count(*)::int as dupes from (select ad_id, date from ad_insights_daily group by 1, 2 having count(*) > 1) d`,
    );
    expect(rows[0]!.dupes).toBe(0);
    expect(await issues(admin)).toEqual([]);
  });
});

describe('the plan', () => {
  it('stops new ads at the analysed-ads allocation (ADS_COUNT_LIMIT_EXCEEDED)', async () => {
    const owner = await createUser(t);
    await t.context.database.execute(
      'update accounts set alloc_analyzed_ads_monthly_count = 10 where id = $1',
      [owner.accountId],
    );
    const integration = await connectMeta(owner);
    const since = new Date();
    await call(owner, 'PUT', `/integrations/${integration.id}`, {
      enabledAdAccountIds: [act],
      syncStartTimestampUtc: new Date(Date.now() - 5 * DAY).toISOString(),
    });
    await settled(owner, integration.id, since);
    expect((await counts(owner.brandId)).ads).toBe(10);
    expect((await issues(owner)).map((i) => [i.code, i.actorId])).toEqual([
      ['ADS_COUNT_LIMIT_EXCEEDED', act],
    ]);
    const usage = await t.app.inject({
      url: `/api/accounts/${owner.accountId}/usage`,
      headers: owner.headers,
    });
    expect(usage.json().analyzedAdsMonthlyCount).toBeGreaterThan(0);
    expect(usage.json().analyzedAdsMonthlyCount).toBeLessThanOrEqual(10);
    // A new brand imports its ten ads' media (download, ingest, processing): 20 s on an idle
    // machine, over 30 s under CI's load; `settled` itself waits up to 90 s.
  }, 120_000);
});
