import type { AuthInfo, Integration } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fake-graph.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { authorizeMeta, brandCall, brandPathOf } from '../../test/integrations-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Connecting Meta against the fake Graph server (real HTTP: dialog redirect, code and token
 * exchanges, debug_token, /me, ad accounts and Pages), the state's rules, and disconnecting.
 */
let fake: FakeGraph;
let t: TestApp;
let admin: TestUser;
let member: TestUser;
let other: TestUser;

const B = brandPathOf;
const call = <T = unknown>(u: TestUser, method: string, path: string, payload?: object) =>
  brandCall<T>(t, u, method, path, payload);

/** Follows the authorization URL as the browser would; answers the code and state Meta sends back. */
/** The dialog's answer, after checking it sends the browser back to the settings page. */
async function authorize(u: TestUser): Promise<{ code: string; state: string }> {
  const info = await call<AuthInfo>(u, 'GET', '/integrations/auth-info?vendor=FACEBOOK');
  expect(info.body.configured).toBe(true);
  expect(info.body.redirectUrl).toMatch(/\/settings\/integrations\/facebook$/);
  return authorizeMeta(t, u);
}

const connect = (u: TestUser, settings: { code: string; state: string }) =>
  call<Integration & { message: string; fields: { path: string }[] }>(u, 'POST', '/integrations', {
    vendor: 'FACEBOOK',
    brandId: u.brandId,
    settings,
  });

beforeAll(async () => {
  fake = await startFakeGraph({ seed: 3 });
  t = await createTestApp({ env: fake.env });
  admin = await createUser(t);
  member = {
    ...(await createUser(t, { accountId: admin.accountId, role: 'member' })),
    brandId: admin.brandId,
  };
  other = await createUser(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('connecting Meta', () => {
  it('gives members no authorization link (connect is for admins)', async () => {
    const info = await call<AuthInfo>(member, 'GET', '/integrations/auth-info?vendor=FACEBOOK');
    expect(info.body).toMatchObject({ configured: true, clientId: fake.appId, authorizationUrl: null });
  });

  it('refuses a forged state, another brand’s state, and a code Meta refuses', async () => {
    const forged = await connect(admin, { code: 'x', state: 'eyJub25jZSI6ImEifQ.forged' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('The Meta connection link has expired. Connect again.');
    expect(forged.body.fields[0]!.path).toBe('body.settings.state');
    // A state minted for another brand (the other account's admin) does not connect this one.
    const theirs = await authorize(other);
    expect((await connect(admin, theirs)).body.message).toBe(
      'The Meta connection link has expired. Connect again.',
    );
    // A valid state with a code Meta does not know: Meta's own message, on the code.
    const { state } = await authorize(admin);
    const refused = await connect(admin, { code: 'not-a-code', state });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]!.path).toBe('body.settings.code');
    expect(refused.body.message.length).toBeGreaterThan(0);
  });

  it('connects: exchanges the code, reads the user, ad accounts and Pages; the token never leaves', async () => {
    const grant = await authorize(admin);
    const connected = await connect(admin, grant);
    expect(connected.status).toBe(201);
    const integration = connected.body;
    expect(integration).toMatchObject({
      vendor: 'FACEBOOK',
      level: 'ACCOUNT',
      isConnected: true,
      isDemo: false,
      metadata: { user: { name: fake.state.user.name } },
    });
    expect(integration.metadata.adAccounts.map((a) => a.id).sort()).toEqual(
      fake.state.adAccounts.map((a) => a.id).sort(),
    );
    expect(integration.metadata.adAccounts.every((a) => !a.enabled)).toBe(true);
    expect(integration.metadata.adAccounts.some((a) => a.disabled)).toBe(true);
    expect(integration.metadata.pages.map((p) => p.id).sort()).toEqual(
      fake.state.pages.map((p) => p.id).sort(),
    );
    // The default sync start: 3 months back, a UTC midnight.
    expect(integration.settings.syncStartTimestampUtc).toMatch(/T00:00:00\.000Z$/);
    // No token in any answer, none in the table unsealed.
    const tokens = [...fake.state.tokens.keys()];
    const everything = [connected.raw, (await call(admin, 'GET', '/integrations')).raw].join('');
    for (const token of tokens) expect(everything).not.toContain(token);
    const { rows } = await t.context.database.execute<{ sealed_token: string }>(
      'select sealed_token from integrations where id = $1',
      [integration.id],
    );
    for (const token of tokens) expect(rows[0]!.sealed_token).not.toContain(token);
    // The state was used: the same return again is refused.
    expect((await connect(admin, grant)).status).toBe(400);
  });

  it('disconnecting revokes the grant at Meta and stops the connection; history stays', async () => {
    const meta = (await call<Integration[]>(admin, 'GET', '/integrations')).body[0]!;
    expect((await call(member, 'DELETE', `/integrations/${meta.id}`)).status).toBe(403);
    const revocations = fake.state.revocations.length;
    expect((await call(admin, 'DELETE', `/integrations/${meta.id}`)).status).toBe(204);
    expect(fake.state.revocations.length).toBe(revocations + 1);
    expect((await call<Integration[]>(admin, 'GET', '/integrations')).body).toEqual([]);
    expect(await t.context.services.adPerformance.accountsOfBrand(admin.brandId)).not.toEqual([]);
  });
});

describe('when Meta grants too little or does not answer', () => {
  it('400 when the ads permissions were not granted', async () => {
    const stingy = await startFakeGraph({ seed: 4, grantedScopes: ['email', 'pages_show_list'] });
    const app = await createTestApp({ env: stingy.env });
    try {
      const user = await createUser(app);
      const get = (url: string) => app.app.inject({ url: `${B(user)}${url}`, headers: user.headers });
      const info = (await get('/integrations/auth-info?vendor=FACEBOOK')).json<AuthInfo>();
      const back = new URL(
        (await fetch(info.authorizationUrl!, { redirect: 'manual' })).headers.get('location')!,
      );
      const response = await app.app.inject({
        method: 'POST',
        url: `${B(user)}/integrations`,
        headers: user.headers,
        payload: {
          vendor: 'FACEBOOK',
          brandId: user.brandId,
          settings: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Meta did not grant access to your ad accounts.');
    } finally {
      await app.close();
      await stingy.close();
    }
  });

  it('502 when Meta cannot be reached', async () => {
    const app = await createTestApp({
      env: {
        ...fake.env,
        FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9',
        FACEBOOK_GRAPH_VIDEO_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const user = await createUser(app);
      const info = (
        await app.app.inject({
          url: `${B(user)}/integrations/auth-info?vendor=FACEBOOK`,
          headers: user.headers,
        })
      ).json<AuthInfo>();
      const state = new URL(info.authorizationUrl!).searchParams.get('state');
      const response = await app.app.inject({
        method: 'POST',
        url: `${B(user)}/integrations`,
        headers: user.headers,
        payload: { vendor: 'FACEBOOK', brandId: user.brandId, settings: { code: 'a-code', state } },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Meta did not answer. Try again later.');
    } finally {
      await app.close();
    }
  });
});
