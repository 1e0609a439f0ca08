import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fakeUsageHeaders } from '../../../test/fake-graph.js';
import { loadConfig } from '../../config.js';
import { account1, caught, clientFor, fake, graph, token, useGraphWorld } from '../../test/graph-world.js';
import { GraphError, GraphUnavailableError, type GraphUsage } from './errors.js';
import { META_GRAPH_VERSION } from './version.js';

useGraphWorld();

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
