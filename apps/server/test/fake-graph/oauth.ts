import { createHmac, randomBytes } from 'node:crypto';
import { fail } from './errors.js';
import { newToken } from './ids-and-time.js';
import type { FakeContext, FakeGraphState, FakeToken } from './types.js';
import { type FakeAnswer, type FakeRequest, ok } from './wire.js';

/**
 * OAuth and tokens (reference §1): the login dialog, code and token exchanges, debug_token, and
 * the check every call that carries a token goes through (appsecret_proof, expiry, revocation).
 */

export const LONG_LIVED_SECONDS = 5_183_944;
export const SHORT_LIVED_SECONDS = 5_400;

/** HMAC-SHA256 of a token keyed with the app secret. */
export const proof = (appSecret: string, token: string) =>
  createHmac('sha256', appSecret).update(token).digest('hex');

export function issueToken(
  state: FakeGraphState,
  input: {
    scopes?: readonly string[];
    kind?: 'short' | 'long';
    expiresInSeconds?: number;
    userId?: string;
  } = {},
): string {
  const token = newToken();
  const kind = input.kind ?? 'long';
  const seconds = input.expiresInSeconds ?? (kind === 'long' ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS);
  state.tokens.set(token, {
    token,
    kind,
    userId: input.userId ?? state.user.id,
    scopes: [...(input.scopes ?? state.grantedScopes)],
    issuedAt: new Date(),
    expiresAt: new Date(Date.now() + seconds * 1000),
    revoked: false,
  });
  return token;
}
export function authenticate(
  ctx: FakeContext,
  request: FakeRequest,
): FakeAnswer | { kind: 'app' } | { kind: 'user'; token: FakeToken } {
  const { state, appToken } = ctx;
  const token = request.params.access_token;
  if (!token)
    return fail(104, 'An access token is required to request this resource.', undefined, 'OAuthException');
  const given = request.params.appsecret_proof;
  if (!given || given !== proof(ctx.appSecret, token)) {
    return fail(
      100,
      'Invalid appsecret_proof provided in the API argument',
      undefined,
      'GraphMethodException',
    );
  }
  if (token === appToken) return { kind: 'app' };
  const known = state.tokens.get(token);
  const problem = tokenProblem(ctx, known);
  if (problem) return fail(190, problem.message, problem.subcode, 'OAuthException');
  return { kind: 'user', token: known! };
}

export function tokenProblem(
  ctx: FakeContext,
  token: FakeToken | undefined,
): { message: string; subcode?: number } | null {
  if (!token) return { message: 'Invalid OAuth access token - Cannot parse access token' };
  if (token.revoked) {
    return {
      message: `Error validating access token: The user has not authorized application ${ctx.appId}.`,
      subcode: 458,
    };
  }
  if (token.expiresAt.getTime() <= Date.now()) {
    return {
      message: `Error validating access token: Session has expired on ${token.expiresAt.toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      subcode: 463,
    };
  }
  return null;
}

export function dialog(ctx: FakeContext, request: FakeRequest): FakeAnswer {
  const { state, appId } = ctx;
  const { client_id, redirect_uri, state: csrf = '', scope = '' } = request.params;
  if (client_id !== appId) return fail(101, 'Error validating application. Invalid application ID.');
  if (!redirect_uri) return fail(100, '(#100) Missing redirect_uri parameter.');
  const target = new URL(redirect_uri);
  if (state.denyLogin) {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_code', '200');
    target.searchParams.set('error_description', 'Permissions error');
    target.searchParams.set('error_reason', 'user_denied');
    target.searchParams.set('state', csrf);
    return { status: 302, redirect: `${target.toString()}#_=_` };
  }
  const requested = scope.split(/[,\s]+/).filter(Boolean);
  const scopes = [...new Set(['public_profile', ...requested])].filter((s) =>
    state.grantedScopes.includes(s),
  );
  const code = `AQ${randomBytes(24).toString('base64url')}`;
  state.codes.set(code, { code, redirectUri: redirect_uri, scopes, used: false });
  target.searchParams.set('code', code);
  target.searchParams.set('state', csrf);
  return { status: 302, redirect: `${target.toString()}#_=_` };
}

export function accessToken(ctx: FakeContext, request: FakeRequest): FakeAnswer {
  const { state, appId, appSecret, appToken } = ctx;
  const p = request.params;
  if (p.client_id !== appId) return fail(101, 'Error validating application. Invalid application ID.');
  if (p.client_secret !== appSecret)
    return fail(1, 'Error validating client secret.', undefined, 'OAuthException');
  if (p.grant_type === 'client_credentials') return ok({ access_token: appToken, token_type: 'bearer' });
  if (p.grant_type === 'fb_exchange_token') {
    const short = state.tokens.get(p.fb_exchange_token ?? '');
    const problem = tokenProblem(ctx, short);
    if (problem) return fail(190, problem.message, problem.subcode, 'OAuthException');
    const token = issueToken(state, { scopes: short!.scopes, kind: 'long', userId: short!.userId });
    return ok({ access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
  }
  const code = state.codes.get(p.code ?? '');
  if (!code) return fail(100, 'Invalid verification code format.', undefined, 'OAuthException');
  if (code.used) return fail(100, 'This authorization code has been used.', 36009, 'OAuthException');
  if (p.redirect_uri !== code.redirectUri) {
    return fail(
      100,
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      36008,
      'OAuthException',
    );
  }
  code.used = true;
  const token = issueToken(state, { scopes: code.scopes, kind: 'short' });
  return ok({ access_token: token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS });
}

export function debugToken(ctx: FakeContext, request: FakeRequest): FakeAnswer {
  const { state, appId } = ctx;
  const input = request.params.input_token;
  if (!input) return fail(100, '(#100) The parameter input_token is required');
  const token = state.tokens.get(input);
  const problem = tokenProblem(ctx, token);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  if (problem) {
    return ok({
      data: {
        ...(token
          ? { app_id: appId, type: 'USER', application: 'Hookline (fake Graph)', user_id: token.userId }
          : {}),
        ...(token ? { expires_at: seconds(token.expiresAt) } : {}),
        error: {
          code: 190,
          message: problem.message,
          ...(problem.subcode ? { subcode: problem.subcode } : {}),
        },
        is_valid: false,
        scopes: [],
      },
    });
  }
  const t = token!;
  return ok({
    data: {
      app_id: appId,
      type: 'USER',
      application: 'Hookline (fake Graph)',
      data_access_expires_at: seconds(t.issuedAt) + 90 * 86_400,
      expires_at: seconds(t.expiresAt),
      is_valid: true,
      issued_at: seconds(t.issuedAt),
      scopes: t.scopes,
      granular_scopes: t.scopes.map((scope) => ({ scope })),
      user_id: t.userId,
    },
  });
}
