import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, type FakeGraph } from '../../../test/fake-graph.js';
import { account1, caught, clientFor, fake, graph, useGraphWorld } from '../../test/graph-world.js';
import type { GraphError } from './errors.js';
import { META_GRAPH_VERSION } from './version.js';

useGraphWorld();

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
  });
});
