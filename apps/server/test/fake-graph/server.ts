import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { META_GRAPH_VERSION } from '../../src/platform/meta/version.js';
import { generate, insightRow } from './data.js';
import { fail, fakeUsageHeaders, unsupported } from './errors.js';
import { traceId } from './ids-and-time.js';
import { injected } from './injection.js';
import { insights } from './insights.js';
import { adImages, adNode, ads, filterStatus, paged, videoNode } from './lists.js';
import { media, sampleJpeg, sampleMp4 } from './media.js';
import { accessToken, authenticate, debugToken, dialog, issueToken, proof } from './oauth.js';
import { pollRun, runResults, startRun } from './report-runs.js';
import type { ActiveInjection, FakeContext, FakeGraph, FakeGraphCall, FakeGraphOptions } from './types.js';
import { advideos, idMaker } from './uploads.js';
import { type FakeAnswer, type FakeRequest, ok, withFields } from './wire.js';

/** The fake's HTTP server: parsing requests, recording calls, routing them, batches. */

export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const seed = options.seed ?? 1;
  const appId = options.appId ?? '900000000000001';
  const appSecret =
    options.appSecret ??
    `fake-graph-secret-${createHash('sha256').update(String(seed)).digest('hex').slice(0, 24)}`;
  const appToken = `${appId}|${appSecret}`;
  const calls: FakeGraphCall[] = [];
  const injections: ActiveInjection[] = [];
  let url = '';

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error), type: 'FakeGraphError', code: 1 } }));
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  const state = generate(seed, url, options);
  const ctx: FakeContext = { seed, appId, appSecret, appToken, url, state, injections, nextId: idMaker() };
  state.userToken = issueToken(state);

  // --- HTTP plumbing ---

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const requestUrl = new URL(request.url ?? '/', url);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const params: Record<string, string> = Object.fromEntries(requestUrl.searchParams);
    const files: Record<string, Buffer> = {};
    const contentType = request.headers['content-type'] ?? '';
    if (raw.length) {
      if (contentType.includes('multipart/form-data')) {
        const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
        for (const [key, value] of form) {
          if (typeof value === 'string') params[key] = value;
          else files[key] = Buffer.from(await value.arrayBuffer());
        }
      } else if (contentType.includes('application/json')) {
        const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        for (const [key, value] of Object.entries(body)) {
          params[key] = typeof value === 'string' ? value : JSON.stringify(value);
        }
      } else {
        for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) params[key] = value;
      }
    }
    const auth = request.headers.authorization?.match(/^(?:Bearer|OAuth)\s+(.+)$/i);
    if (auth && !params.access_token) params.access_token = auth[1]!;
    const { path: graphPath, version } = splitVersion(requestUrl.pathname);
    const fakeRequest: FakeRequest = {
      method: (request.method ?? 'GET').toUpperCase(),
      path: graphPath,
      version,
      params,
      files,
      headers: request.headers,
      inBatch: false,
    };
    record(fakeRequest);
    const answer = await route(fakeRequest);
    if (answer.redirect) {
      response.writeHead(302, { location: answer.redirect });
      response.end();
      return;
    }
    if (answer.bytes) {
      response.writeHead(answer.status, {
        'content-type': answer.bytes.contentType,
        'content-length': String(answer.bytes.body.length),
      });
      response.end(answer.bytes.body);
      return;
    }
    const usage =
      answer.headers ??
      fakeUsageHeaders({ percent: state.usagePercent, adAccount: /\/act_\d+/.test(graphPath) });
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=UTF-8',
      'x-fb-trace-id': traceId(),
      'facebook-api-version': version ?? META_GRAPH_VERSION,
      ...usage,
    });
    response.end(JSON.stringify(answer.json ?? null));
  }

  function splitVersion(pathname: string): { path: string; version: string | null } {
    const match = pathname.match(/^\/(v\d+\.\d+)(\/.*)?$/);
    const rest = match ? (match[2] ?? '/') : pathname;
    return { path: rest.length > 1 ? rest.replace(/\/+$/, '') : '/', version: match ? match[1]! : null };
  }

  function record(request: FakeRequest) {
    const params = { ...request.params };
    for (const [key, value] of Object.entries(request.files)) params[key] = `[${value.length} bytes]`;
    calls.push({
      method: request.method,
      path: request.path,
      version: request.version,
      params,
      inBatch: request.inBatch,
    });
  }

  // --- Routing ---

  async function route(request: FakeRequest): Promise<FakeAnswer> {
    const hit = injected(ctx, request);
    if (hit) return hit;
    const { method, path: p } = request;
    const segments = p.split('/').filter(Boolean);

    if (segments[0] === '_fake') return media(state, segments);
    if (method === 'GET' && p === '/dialog/oauth') return dialog(ctx, request);
    if (method === 'GET' && p === '/oauth/access_token') return accessToken(ctx, request);

    const caller = authenticate(ctx, request);
    if ('status' in caller) return caller;

    if (p === '/debug_token' && method === 'GET') return debugToken(ctx, request);
    if (p === '/' && method === 'POST' && !request.inBatch) return batch(request);
    if (caller.kind === 'app') {
      return fail(2500, 'An active access token must be used to query information about the current user.');
    }
    const token = caller.token;
    const has = (scope: string) => token.scopes.includes(scope);
    const hasAds = () => has('ads_read') || has('ads_management');

    if (segments[0] === 'me') {
      if (segments.length === 1 && method === 'GET') {
        return ok(
          withFields(request, { ...state.user, ...(has('email') ? {} : { email: undefined }) }, 'id,name'),
        );
      }
      if (segments[1] === 'adaccounts' && method === 'GET') {
        return paged(ctx, request, hasAds() ? state.adAccounts : [], 'id');
      }
      if (segments[1] === 'accounts' && method === 'GET') {
        return paged(ctx, request, has('pages_show_list') ? state.pages : [], 'id,name');
      }
      if (segments[1] === 'permissions' && method === 'GET') {
        return ok({ data: token.scopes.map((permission) => ({ permission, status: 'granted' })) });
      }
      if (segments[1] === 'permissions' && method === 'DELETE') {
        for (const t of state.tokens.values()) if (t.userId === token.userId) t.revoked = true;
        state.revocations.push({ token: token.token, userId: token.userId, at: new Date() });
        return ok({ success: true });
      }
      return unsupported(method, 'me');
    }

    const id = segments[0] ?? '';
    if (id.startsWith('act_')) {
      const account = state.adAccounts.find((a) => a.id === id);
      if (!account) return unsupported(method, id);
      if (!hasAds()) {
        return fail(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission');
      }
      const edge = segments[1];
      if (!edge && method === 'GET') return ok(withFields(request, account, 'id,account_id'));
      if (method === 'GET' && edge === 'ads') return ads(ctx, request, account.id);
      if (method === 'GET' && edge === 'campaigns') {
        return paged(
          ctx,
          request,
          filterStatus(
            request,
            state.campaigns.filter((c) => c.accountId === id),
          ),
          'id',
        );
      }
      if (method === 'GET' && edge === 'adsets') {
        return paged(
          ctx,
          request,
          filterStatus(
            request,
            state.adSets.filter((s) => s.accountId === id),
          ),
          'id',
        );
      }
      if (method === 'GET' && edge === 'adimages') return adImages(ctx, request, account.id);
      if (edge === 'insights' && method === 'GET') {
        return insights(ctx, request, { accountId: id, level: 'account', sync: true });
      }
      if (edge === 'insights' && method === 'POST') return startRun(ctx, request, account);
      if (edge === 'advideos' && method === 'POST') {
        if (!has('ads_management'))
          return fail(200, '(#200) Requires ads_management permission to manage ad videos');
        return advideos(ctx, request, account.id);
      }
      return unsupported(method, id);
    }

    // Nodes by id.
    const run = state.reportRuns.get(id);
    if (run) {
      if (segments[1] === 'insights' && method === 'GET') return runResults(ctx, request, run);
      if (!segments[1] && method === 'GET') return pollRun(run);
      return unsupported(method, id);
    }
    const video = state.videos.get(id);
    if (video && !segments[1] && method === 'GET')
      return ok(withFields(request, videoNode(ctx, video, request), 'id'));
    const ad = state.ads.find((a) => a.id === id);
    const campaign = state.campaigns.find((c) => c.id === id);
    const adSet = state.adSets.find((s) => s.id === id);
    if ((ad || campaign || adSet) && !hasAds()) {
      return fail(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission');
    }
    if (segments[1] === 'insights' && method === 'GET') {
      if (ad) return insights(ctx, request, { accountId: ad.accountId, level: 'ad', sync: true, ad: ad.id });
      if (adSet)
        return insights(ctx, request, {
          accountId: adSet.accountId,
          level: 'adset',
          sync: true,
          adSet: adSet.id,
        });
      if (campaign) {
        return insights(ctx, request, {
          accountId: campaign.accountId,
          level: 'campaign',
          sync: true,
          campaign: campaign.id,
        });
      }
    }
    if (!segments[1] && method === 'GET') {
      if (ad) return ok(withFields(request, adNode(state, ad), 'id'));
      if (campaign) return ok(withFields(request, campaign, 'id'));
      if (adSet) return ok(withFields(request, adSet, 'id'));
      const page = state.pages.find((pg) => pg.id === id);
      if (page) return ok(withFields(request, page, 'id,name'));
      if (id === state.user.id) return ok(withFields(request, state.user, 'id,name'));
    }
    return unsupported(method, id);
  }

  // --- Batch ---

  async function batch(request: FakeRequest): Promise<FakeAnswer> {
    let items: { method?: string; relative_url?: string; body?: string }[];
    try {
      items = JSON.parse(request.params.batch ?? '') as typeof items;
    } catch {
      return fail(100, '(#100) The parameter batch is required and must be a JSON array');
    }
    if (!Array.isArray(items) || items.length === 0) {
      return fail(100, '(#100) The parameter batch is required and must be a JSON array');
    }
    if (items.length > 50)
      return fail(100, '(#100) Too many requests in batch message. Maximum batch size is 50');
    const includeHeaders = request.params.include_headers !== 'false';
    const answers = [];
    for (const item of items) {
      const relative = new URL(`/${(item.relative_url ?? '').replace(/^\/+/, '')}`, url);
      const { path: itemPath, version } = splitVersion(relative.pathname);
      const own: Record<string, string> = {
        ...Object.fromEntries(relative.searchParams),
        ...Object.fromEntries(new URLSearchParams(item.body ?? '')),
      };
      // A request of the batch uses the batch's token and proof unless it names its own token.
      const params: Record<string, string> = own.access_token
        ? { appsecret_proof: '', ...own }
        : {
            ...own,
            access_token: request.params.access_token!,
            appsecret_proof: request.params.appsecret_proof!,
          };
      const sub: FakeRequest = {
        method: (item.method ?? 'GET').toUpperCase(),
        path: itemPath,
        version: version ?? request.version,
        params,
        files: {},
        headers: request.headers,
        inBatch: true,
      };
      record(sub);
      const answer = await route(sub);
      answers.push({
        code: answer.status,
        ...(includeHeaders
          ? { headers: [{ name: 'Content-Type', value: 'text/javascript; charset=UTF-8' }] }
          : {}),
        body: JSON.stringify(answer.json ?? null),
      });
    }
    return ok(answers);
  }

  if (options.prepareMedia) await Promise.all([sampleJpeg(), sampleMp4()]);

  return {
    url,
    appId,
    appSecret,
    version: META_GRAPH_VERSION,
    state,
    calls,
    env: {
      FACEBOOK_APP_ID: appId,
      FACEBOOK_APP_SECRET: appSecret,
      FACEBOOK_GRAPH_VERSION: META_GRAPH_VERSION,
      FACEBOOK_GRAPH_URL: url,
      FACEBOOK_GRAPH_VIDEO_URL: url,
      FACEBOOK_DIALOG_URL: url,
    },
    inject(injection) {
      const rule = { ...injection, remaining: injection.times ?? 1 };
      injections.push(rule);
      return {
        get remaining() {
          return rule.remaining;
        },
      };
    },
    issueToken: (input) => issueToken(state, input),
    proof: (token) => proof(appSecret, token),
    insightRow: (adId, date) => insightRow(state, adId, date),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
