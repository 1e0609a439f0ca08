import type { AuthInfo, Integration } from '@hookline/contract';
import type { TestUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** Helpers the integrations module's test files share: brand-scoped calls and connecting Meta against the fake. */

export const brandPathOf = (u: TestUser) => `/api/accounts/${u.accountId}/brands/${u.brandId}`;

/** A brand-scoped call as `u`; answers the status, the parsed body and the raw text. */
export async function brandCall<T = unknown>(
  t: TestApp,
  u: TestUser,
  method: string,
  path: string,
  payload?: object,
) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `${brandPathOf(u)}${path}`,
    headers: u.headers,
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: (response.body ? response.json() : undefined) as T,
    raw: response.body,
    total: Number(response.headers['x-total-count']),
  };
}

/** Follows the authorization URL as the browser would: the code and state Meta sends back. */
export async function authorizeMeta(t: TestApp, u: TestUser): Promise<{ code: string; state: string }> {
  const info = await brandCall<AuthInfo>(t, u, 'GET', '/integrations/auth-info?vendor=FACEBOOK');
  if (!info.body.authorizationUrl) throw new Error(`no authorization URL: ${info.raw}`);
  const dialog = await fetch(info.body.authorizationUrl, { redirect: 'manual' });
  const back = new URL(dialog.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** Connects Meta for u's brand through the dialog of the fake Graph server. */
export async function connectMeta(t: TestApp, u: TestUser): Promise<Integration> {
  const settings = await authorizeMeta(t, u);
  const connected = await brandCall<Integration>(t, u, 'POST', '/integrations', {
    vendor: 'FACEBOOK',
    brandId: u.brandId,
    settings,
  });
  if (connected.status !== 201) throw new Error(`connect: ${connected.status} ${connected.raw}`);
  return connected.body;
}
