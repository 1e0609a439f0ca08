import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type FakeGraph, fakeUsageHeaders, startFakeGraph } from '../../../test/fake-graph.js';
import { loadConfig } from '../../config.js';
import { GraphError, GraphUnavailableError, type GraphUsage } from './errors.js';
import { GraphClient, type GraphClientOptions } from './graph-client.js';
import { META_GRAPH_VERSION } from './version.js';

const allStatuses = [
  'ACTIVE',
  'PAUSED',
  'ADSET_PAUSED',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'DELETED',
  'DISAPPROVED',
  'IN_PROCESS',
  'PENDING_REVIEW',
  'PENDING_BILLING_INFO',
  'PREAPPROVED',
  'WITH_ISSUES',
];

function clientFor(fake: FakeGraph, extra: Partial<GraphClientOptions> = {}) {
  return new GraphClient({
    appId: fake.appId,
    appSecret: fake.appSecret,
    version: META_GRAPH_VERSION,
    graphUrl: fake.url,
    videoUrl: fake.url,
    dialogUrl: fake.url,
    ...extra,
  });
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

let fake: FakeGraph;
let graph: GraphClient;
let token: string;
let account1: string;

beforeAll(async () => {
  fake = await startFakeGraph({ seed: 7, now: new Date('2026-11-20T12:00:00Z') });
  graph = clientFor(fake);
  token = fake.state.userToken;
  account1 = fake.state.adAccounts[0]!.id;
});
afterAll(() => fake.close());

describe('signed calls', () => {
  it('sends appsecret_proof (HMAC-SHA256 of the token with the app secret) with every token call', async () => {
    const before = fake.calls.length;
    const me = await graph.me(token);
    expect(me).toEqual({ id: fake.state.user.id, name: 'Jordan Meta' });
    const call = fake.calls.slice(before).find((c) => c.path === '/me')!;
    expect(call.version).toBe(META_GRAPH_VERSION);
    expect(call.params.appsecret_proof).toBe(
      createHmac('sha256', fake.appSecret).update(token).digest('hex'),
    );
  });

  it('is refused by the fake when the proof is wrong or missing', async () => {
    const wrongSecret = clientFor(fake, { appSecret: 'not-the-secret' });
    const error = await caught(wrongSecret.me(token));
    expect(error).toBeInstanceOf(GraphError);
    expect((error as GraphError).code).toBe(100);
    expect(error.message).toBe('Invalid appsecret_proof provided in the API argument');

    const response = await fetch(`${fake.url}/${META_GRAPH_VERSION}/me?access_token=${token}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 100, message: 'Invalid appsecret_proof provided in the API argument' },
    });
  });

  it('answers an unknown token with 190', async () => {
    const error = (await caught(graph.me('EAAFnot-a-token'))) as GraphError;
    expect(error.code).toBe(190);
    expect(error.isInvalidToken).toBe(true);
    expect(error.message).not.toContain('EAAFnot-a-token');
  });

  it('reports the usage headers of each answer', async () => {
    const seen: GraphUsage[] = [];
    const watched = clientFor(fake, { onUsage: (usage) => seen.push(usage) });
    const result = await watched.get<{ id: string }>(`/${account1}`, token, { fields: 'id,name' });
    expect(result.body.id).toBe(account1);
    expect(result.usage).toEqual({ maxPercent: 1, regainAccessMs: null });
    expect(seen).toEqual([result.usage]);
  });
});

describe('paging', () => {
  it('follows paging.next across three pages', async () => {
    const before = fake.calls.length;
    const pages = [];
    for await (const page of graph.pages<{ id: string }>(`/${account1}/ads`, token, {
      fields: 'id,name',
      effective_status: allStatuses,
      limit: 10,
    })) {
      pages.push(page.data.map((ad) => ad.id));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual(fake.state.ads.filter((ad) => ad.accountId === account1).map((ad) => ad.id));
    const followed = fake.calls.slice(before).filter((c) => c.path === `/${account1}/ads`);
    expect(followed).toHaveLength(3);
    for (const call of followed) expect(call.params.appsecret_proof).toBe(fake.proof(token));
  });

  it('does not stop on a short page', async () => {
    const shortFake = await startFakeGraph({ seed: 7, shortPages: true });
    try {
      const all = await clientFor(shortFake).all<{ id: string }>(
        `/${shortFake.state.adAccounts[0]!.id}/ads`,
        shortFake.state.userToken,
        { effective_status: allStatuses, limit: 10 },
      );
      expect(all).toHaveLength(30);
    } finally {
      await shortFake.close();
    }
  });

  it('leaves archived and deleted ads out unless asked, and honours updated_since', async () => {
    const active = await graph.all<{ id: string }>(`/${account1}/ads`, token);
    expect(active).toHaveLength(28);
    const ads = fake.state.ads.filter((ad) => ad.accountId === account1);
    const cut = ads[20]!.updated_time;
    const since = Math.floor(new Date(cut.replace('+0000', 'Z')).getTime() / 1000);
    const recent = await graph.all<{ id: string; updated_time: string }>(`/${account1}/ads`, token, {
      effective_status: allStatuses,
      updated_since: since,
      fields: 'id,updated_time',
    });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(30);
    for (const ad of recent) expect(ad.updated_time >= cut).toBe(true);
  });
});

describe('convenience reads and generated data', () => {
  it('lists ad accounts and Pages', async () => {
    const accounts = await graph.adAccounts(token);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ id: account1, account_status: 1, currency: 'USD' });
    expect(accounts[1]).toMatchObject({ account_status: 2, disable_reason: 1 });
    expect(accounts[1]!.id).toBe(`act_${accounts[1]!.account_id}`);
    const pages = await graph.pagesOf(token);
    expect(pages.map((p) => Object.keys(p).sort())).toEqual([
      ['id', 'link', 'name'],
      ['id', 'link', 'name'],
    ]);
  });

  it('serves creatives in every shape, one video shared by three ads', async () => {
    const ads = await graph.all<{
      id: string;
      creative: {
        video_id?: string;
        image_hash?: string;
        object_story_spec?: { video_data?: { video_id: string } };
        asset_feed_spec?: { videos: { video_id: string }[] };
      };
    }>(`/${account1}/ads`, token, {
      effective_status: allStatuses,
      fields: 'id,creative{video_id,image_hash,object_story_spec,asset_feed_spec}',
      limit: 50,
    });
    const videoOf = (ad: (typeof ads)[number]) =>
      ad.creative.video_id ??
      ad.creative.object_story_spec?.video_data?.video_id ??
      ad.creative.asset_feed_spec?.videos[0]?.video_id;
    const shared = ads.filter((ad) => videoOf(ad) === fake.state.sharedVideoId);
    expect(shared).toHaveLength(3);
    expect(shared.map((ad) => Boolean(ad.creative.video_id))).toEqual([true, false, false]);
    expect(ads.filter((ad) => ad.creative.image_hash).length).toBe(12);
    expect(
      ads.filter((ad) => !ad.creative.video_id && ad.creative.object_story_spec?.video_data).length,
    ).toBe(6);

    const video = await graph.video(fake.state.sharedVideoId, token);
    expect(video.length).toBeGreaterThan(0);
    const picture = await fetch(video.picture!);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await picture.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('serves a playable MP4 as the video source', async () => {
    const video = await graph.video(fake.state.sharedVideoId, token);
    const source = await fetch(video.source!);
    expect(source.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await source.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 60_000);

  it('answers daily insights per ad, the same for the same ad and day', async () => {
    const ad = fake.state.ads.find(
      (a) => a.accountId === account1 && a.videoId && a.effective_status === 'ACTIVE',
    )!;
    const params = {
      level: 'ad',
      time_increment: '1',
      time_range: { since: '2026-11-10', until: '2026-11-12' },
      fields: 'ad_id,spend,impressions,actions,action_values,video_play_curve_actions',
      filtering: [{ field: 'ad.id', operator: 'IN', value: [ad.id] }],
    };
    const rows = await graph.all<Record<string, unknown>>(`/${account1}/insights`, token, params);
    expect(rows.map((r) => r.date_start)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    const row = rows[0] as { spend: string; actions: { action_type: string; value: string }[] };
    expect(typeof row.spend).toBe('string');
    const action = (type: string) => row.actions.find((a) => a.action_type === type)?.value;
    expect(action('video_view')).toMatch(/^\d+$/);
    expect(action('purchase')).not.toBe(action('omni_purchase'));
    const again = await graph.all<Record<string, unknown>>(`/${account1}/insights`, token, params);
    expect(again).toEqual(rows);
  });
});

describe('batch', () => {
  it('splits more than 50 requests and types each failed answer', async () => {
    const ads = fake.state.ads.filter((ad) => ad.accountId === account1);
    const requests = Array.from({ length: 60 }, (_, i) => ({
      path: `/${ads[i % ads.length]!.id}`,
      params: { fields: 'id,name' },
    }));
    requests[55] = { path: '/999999999', params: { fields: 'id' } };
    const before = fake.calls.length;
    const answers = await graph.batch<{ id: string }>(token, requests);
    const batches = fake.calls.slice(before).filter((c) => c.path === '/' && c.method === 'POST');
    expect(batches.map((c) => (JSON.parse(c.params.batch!) as unknown[]).length)).toEqual([50, 10]);
    expect(answers).toHaveLength(60);
    expect(answers[0]).toEqual({ ok: true, status: 200, body: { id: ads[0]!.id, name: ads[0]!.name } });
    expect(answers[59]).toMatchObject({ ok: true, body: { id: ads[59 % ads.length]!.id } });
    const failed = answers[55]!;
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error).toBeInstanceOf(GraphError);
      expect(failed.error).toMatchObject({ code: 100, subcode: 33 });
    }
  });
});

describe('errors', () => {
  it('types an expired token (190/463)', async () => {
    fake.inject({ pathPattern: /^\/me$/, error: { code: 190, subcode: 463 } });
    const error = (await caught(graph.me(token))) as GraphError;
    expect(error).toMatchObject({ httpStatus: 400, code: 190, subcode: 463, type: 'OAuthException' });
    expect(error.isInvalidToken).toBe(true);
    expect(error.isThrottle).toBe(false);
    expect(error.fbtraceId).toMatch(/^A/);
  });

  it('types too much data (100/1487534) when a range is too long', async () => {
    fake.state.insightsMaxDays = 7;
    try {
      const error = (await caught(
        graph.get(`/${account1}/insights`, token, {
          level: 'ad',
          time_increment: '1',
          time_range: { since: '2026-10-01', until: '2026-10-31' },
        }),
      )) as GraphError;
      expect(error.isTooMuchData).toBe(true);
      expect(error.message).toBe(
        "Please reduce the amount of data you're asking for, then retry your request",
      );
    } finally {
      fake.state.insightsMaxDays = null;
    }
  });

  it('types a throttle (80000) with the time to regain access', async () => {
    fake.inject({
      pathPattern: /\/insights$/,
      error: { code: 80000, usageHeaders: fakeUsageHeaders({ percent: 100, regainMinutes: 5 }) },
    });
    const error = (await caught(graph.get(`/${account1}/insights`, token))) as GraphError;
    expect(error.isThrottle).toBe(true);
    expect(error.retryAfterMs).toBe(5 * 60_000);
    expect(error.usage.maxPercent).toBe(100);
  });

  it('types a permission error (200) on a Page and a transient one (2, HTTP 500)', async () => {
    const page = fake.state.pages[1]!;
    fake.inject({ method: 'GET', pathPattern: new RegExp(`^/${page.id}$`), error: { code: 200 } });
    const permission = (await caught(graph.get(`/${page.id}`, token))) as GraphError;
    expect(permission.isPermission).toBe(true);
    expect(permission.code).toBe(200);

    fake.inject({ pathPattern: /^\/me$/, error: { code: 2 } });
    const transient = (await caught(graph.me(token))) as GraphError;
    expect(transient).toMatchObject({ httpStatus: 500, code: 2 });
    expect(transient.isTransient).toBe(true);
  });

  it('says Meta is unavailable when the host cannot be reached or does not answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = clientFor(fake, { graphUrl: `http://127.0.0.1:${port}` });
    const error = await caught(unreachable.me(token));
    expect(error).toBeInstanceOf(GraphUnavailableError);
    expect(error).not.toBeInstanceOf(GraphError);
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(fake.appSecret);

    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = clientFor(fake, {
        graphUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      const timedOut = await caught(slow.debugToken(token));
      expect(timedOut).toBeInstanceOf(GraphUnavailableError);
      expect((timedOut as GraphUnavailableError).timedOut).toBe(true);
      expect(timedOut.message).not.toContain(fake.appSecret);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('OAuth', () => {
  const redirectUri = 'https://hookline.example/settings/integrations/facebook';

  async function login(f: FakeGraph, scopes: readonly string[] = ALL_SCOPES) {
    const dialog = clientFor(f).dialogUrl({ redirectUri, state: 'csrf-1', scopes });
    const response = await fetch(dialog, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  it('runs the code flow: dialog, code, long-lived token, debug_token', async () => {
    const dialog = new URL(graph.dialogUrl({ redirectUri, state: 'csrf-1', scopes: ['email', 'ads_read'] }));
    expect(dialog.pathname).toBe(`/${META_GRAPH_VERSION}/dialog/oauth`);
    expect(dialog.searchParams.get('scope')).toBe('email,ads_read');
    expect(dialog.searchParams.get('response_type')).toBe('code');

    const back = await login(fake);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('csrf-1');
    const code = back.searchParams.get('code')!;
    const short = await graph.exchangeCode(code, redirectUri);
    expect(short.expiresAt!.getTime()).toBeGreaterThan(Date.now());

    const reused = (await caught(graph.exchangeCode(code, redirectUri))) as GraphError;
    expect(reused.code).toBe(100);
    expect(reused.message).toBe('This authorization code has been used.');

    const long = await graph.exchangeForLongLived(short.accessToken);
    expect(long.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    const info = await graph.debugToken(long.accessToken);
    expect(info).toMatchObject({ isValid: true, appId: fake.appId, userId: fake.state.user.id });
    expect(info.scopes).toEqual(expect.arrayContaining(['ads_read', 'ads_management', 'pages_show_list']));
    const debugCall = fake.calls.filter((c) => c.path === '/debug_token').at(-1)!;
    expect(debugCall.params.appsecret_proof).toBe(fake.proof(`${fake.appId}|${fake.appSecret}`));
  });

  it('refuses an unknown code, and reports scopes the user did not grant', async () => {
    const unknown = (await caught(graph.exchangeCode('AQnope', redirectUri))) as GraphError;
    expect(unknown.code).toBe(100);

    fake.state.grantedScopes = ALL_SCOPES.filter((s) => s !== 'ads_read' && s !== 'ads_management');
    try {
      const back = await login(fake);
      const { accessToken } = await graph.exchangeCode(back.searchParams.get('code')!, redirectUri);
      const info = await graph.debugToken(accessToken);
      expect(info.scopes).not.toContain('ads_read');
      const error = (await caught(graph.get(`/${account1}/ads`, accessToken))) as GraphError;
      expect(error.isPermission).toBe(true);
    } finally {
      fake.state.grantedScopes = [...ALL_SCOPES];
    }
  });

  it('sends access_denied back when the user refuses', async () => {
    fake.state.denyLogin = true;
    try {
      const back = await login(fake);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('csrf-1');
      expect(back.searchParams.has('code')).toBe(false);
    } finally {
      fake.state.denyLogin = false;
    }
  });

  it('revokes the grant: the token answers 190 afterwards', async () => {
    const own = fake.issueToken();
    await graph.revokePermissions(own);
    expect(fake.state.revocations.at(-1)?.token).toBe(own);
    expect(((await caught(graph.me(own))) as GraphError).isInvalidToken).toBe(true);
    expect((await graph.debugToken(own)).isValid).toBe(false);
    // The shared token of the other tests belongs to the same user: give them a new one.
    token = fake.issueToken();
  });
});

describe('async insights', () => {
  it('polls a report run to 100 % and reads its rows', async () => {
    const runId = await graph.startReportRun(account1.slice(4), token, {
      level: 'ad',
      time_increment: '1',
      time_range: { since: '2026-11-01', until: '2026-11-03' },
      fields: 'ad_id,spend,impressions,actions',
    });
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await graph.reportRun(runId, token));
    expect(polls.map((p) => [p.status, p.percent])).toEqual([
      ['Job Running', 0],
      ['Job Running', 50],
      ['Job Completed', 100],
    ]);
    expect(polls.every((p) => !p.error)).toBe(true);
    const rows = await graph.all<{ ad_id: string; date_start: string }>(`/${runId}/insights`, token);
    const expected = fake.state.ads
      .filter((ad) => ad.accountId === account1)
      .flatMap((ad) => ['2026-11-01', '2026-11-02', '2026-11-03'].filter((d) => fake.insightRow(ad.id, d)));
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThan(25);
  });

  it('reports a failed run with its error fields', async () => {
    fake.inject({
      method: 'POST',
      pathPattern: /\/insights$/,
      reportRunFailure: { code: 2, subcode: 2490547, message: 'The report failed' },
    });
    const runId = await graph.startReportRun(account1, token, { level: 'ad', date_preset: 'last_7d' });
    expect((await graph.reportRun(runId, token)).error).toBeUndefined();
    const failed = await graph.reportRun(runId, token);
    expect(failed.status).toBe('Job Failed');
    expect(failed.error).toBeInstanceOf(GraphError);
    expect(failed.error).toMatchObject({ code: 2, subcode: 2490547, message: 'The report failed' });
  });
});

describe('chunked video upload', () => {
  const file = randomBytes(200 * 1024 + 123);
  const readChunk = async (start: number, end: number) => file.subarray(start, end);

  it('resumes from the offsets Meta gives after a failed transfer', async () => {
    fake.state.uploadChunkBytes = 64 * 1024;
    const failure = fake.inject({ pathPattern: /\/advideos$/, phase: 'transfer', error: { code: 6000 } });
    fake.state.videoProcessingPolls = 1;
    const progress: number[] = [];
    const videoId = await graph.uploadVideo(account1, token, {
      size: file.length,
      readChunk,
      title: 'Hook test',
      retryDelayMs: 0,
      onProgress: (sent) => progress.push(sent),
    });
    expect(failure.remaining).toBe(0);
    const upload = [...fake.state.uploads.values()].find((u) => u.videoId === videoId)!;
    expect(upload.state).toBe('finished');
    expect(upload.received.equals(file)).toBe(true);
    expect(upload.transfers).toBe(4);
    expect(progress.at(-1)).toBe(file.length);
    expect(fake.state.videos.get(videoId)?.title).toBe('Hook test');
    const uploadCalls = fake.calls.filter((c) => c.path === `/${account1}/advideos`);
    expect(uploadCalls.every((c) => c.params.appsecret_proof === fake.proof(token))).toBe(true);
    expect(await graph.videoStatus(videoId, token)).toBe('ready');
  });

  it('gives up after too many failed transfers in a row', async () => {
    fake.inject({ pathPattern: /\/advideos$/, phase: 'transfer', times: 3, error: { code: 6000 } });
    const error = (await caught(
      graph.uploadVideo(account1, token, {
        size: file.length,
        readChunk,
        retryDelayMs: 0,
        maxTransferRetries: 2,
      }),
    )) as GraphError;
    expect(error.code).toBe(6000);
  });

  it('cancels the session on abort', async () => {
    const controller = new AbortController();
    const error = await caught(
      graph.uploadVideo(account1, token, {
        size: file.length,
        readChunk,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(error.name).toBe('AbortError');
    const last = [...fake.state.uploads.values()].at(-1)!;
    expect(last.state).toBe('cancelled');
    expect(last.transfers).toBe(1);
    expect(fake.calls.at(-1)?.params.upload_phase).toBe('cancel');
  });
});

describe('config', () => {
  it('reads the Meta app variables', () => {
    expect(loadConfig({}).meta).toEqual({
      appId: undefined,
      appSecret: undefined,
      version: META_GRAPH_VERSION,
      graphUrl: 'https://graph.facebook.com',
      videoUrl: 'https://graph-video.facebook.com',
      dialogUrl: 'https://www.facebook.com',
      configured: false,
    });
    expect(loadConfig(fake.env).meta).toMatchObject({
      appId: fake.appId,
      graphUrl: fake.url,
      configured: true,
    });
  });
});
