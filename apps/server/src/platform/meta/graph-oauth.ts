import { GraphError } from './errors.js';
import type { GraphCallOptions, GraphTransport } from './graph-transport.js';

/** OAuth (reference §1): the login dialog, code and long-lived token exchanges, debug_token. */

export interface GraphToken {
  accessToken: string;
  /** null when Meta gave no lifetime (a token that does not expire). */
  expiresAt: Date | null;
}

export interface GraphTokenInfo {
  isValid: boolean;
  /** The app the token was issued to: check it is ours. */
  appId: string | null;
  scopes: string[];
  expiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
  userId: string | null;
}

/** The login dialog to send the user to; the answer comes back to redirectUri with ?code&state. */
export function dialogUrl(
  graph: GraphTransport,
  input: { redirectUri: string; state: string; scopes: readonly string[] },
): string {
  const url = new URL(`${graph.options.dialogUrl}/${graph.options.version}/dialog/oauth`);
  url.searchParams.set('client_id', graph.options.appId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', input.scopes.join(','));
  return url.toString();
}

/** Code → user token. redirectUri must be exactly the dialog's. */
export async function exchangeCode(
  graph: GraphTransport,
  code: string,
  redirectUri: string,
  options: GraphCallOptions = {},
): Promise<GraphToken> {
  const { body } = await graph.call<TokenBody>(
    'GET',
    graph.url('graph', '/oauth/access_token', {
      client_id: graph.options.appId,
      client_secret: graph.options.appSecret,
      redirect_uri: redirectUri,
      code,
    }),
    undefined,
    options,
  );
  return toToken(body);
}

/** Short-lived → long-lived (about 60 days) user token. */
export async function exchangeForLongLived(
  graph: GraphTransport,
  shortToken: string,
  options: GraphCallOptions = {},
): Promise<GraphToken> {
  const { body } = await graph.call<TokenBody>(
    'GET',
    graph.url('graph', '/oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: graph.options.appId,
      client_secret: graph.options.appSecret,
      fb_exchange_token: shortToken,
    }),
    undefined,
    options,
  );
  return toToken(body);
}

/** What Meta knows about a token, asked with the app token (`appId|appSecret`). */
export async function debugToken(
  graph: GraphTransport,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphTokenInfo> {
  const { body } = await graph.get<{ data?: Record<string, unknown> }>(
    '/debug_token',
    `${graph.options.appId}|${graph.options.appSecret}`,
    { input_token: token },
    options,
  );
  const data = body.data ?? {};
  const seconds = (value: unknown) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
  };
  return {
    isValid: data.is_valid === true,
    appId: data.app_id == null ? null : String(data.app_id),
    scopes: Array.isArray(data.scopes) ? data.scopes.map(String) : [],
    expiresAt: seconds(data.expires_at),
    dataAccessExpiresAt: seconds(data.data_access_expires_at),
    userId: data.user_id == null ? null : String(data.user_id),
  };
}

interface TokenBody {
  access_token?: string;
  expires_in?: number | string;
}

function toToken(body: TokenBody): GraphToken {
  if (!body?.access_token) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta answered the token exchange without a token',
    });
  }
  const seconds = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null,
  };
}
