import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.js';
import { startFakeHttp } from '../../test/fake-http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const CLIENT_ID = 'hookline-test.apps.googleusercontent.com';

describe('Google sign-up and sign-in against a server speaking Google’s protocol', () => {
  let google: Awaited<ReturnType<typeof startFakeHttp>>;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeHttp((request) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const token =
        url.searchParams.get('access_token') ?? request.headers.authorization?.replace('Bearer ', '');
      if (url.pathname === '/oauth2/v3/tokeninfo') {
        if (token === 'good-token') return { json: { aud: CLIENT_ID, azp: CLIENT_ID, expires_in: 3000 } };
        if (token === 'other-app-token') return { json: { aud: 'someone-else', azp: 'someone-else' } };
        return { status: 400, json: { error: 'invalid_token' } };
      }
      if (url.pathname === '/oauth2/v3/userinfo' && token === 'good-token') {
        return {
          json: { email: 'Gina@Example.com', email_verified: true, given_name: 'Gina', family_name: 'Ortiz' },
        };
      }
      return { status: 401, json: { error: 'unauthorized' } };
    });
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_BASE_URL: google.url } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('signs up verified with a new account, then signs in; foreign tokens are refused', async () => {
    expect((await t.app.inject({ url: '/api/auth/options' })).json().googleClientId).toBe(CLIENT_ID);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/registration/signup',
      payload: { vendor: 'GOOGLE', data: { accessToken: 'good-token' } },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({ verificationRequired: false });
    const profile = (
      await t.app.inject({ url: '/api/profile', headers: bearer(signup.json().access_token) })
    ).json();
    expect(profile).toMatchObject({
      email: 'gina@example.com',
      firstName: 'Gina',
      lastName: 'Ortiz',
      role: 'admin',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { accessToken: 'good-token' },
    });
    expect(login.statusCode).toBe(200);
    for (const accessToken of ['other-app-token', 'garbage']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { accessToken },
      });
      expect(refused.statusCode).toBe(401);
    }
  });
});

describe('reCAPTCHA on sign-up', () => {
  let recaptcha: Awaited<ReturnType<typeof startFakeHttp>>;
  let t: TestApp;
  beforeAll(async () => {
    recaptcha = await startFakeHttp((_request, body) => ({
      json: { success: new URLSearchParams(body).get('response') === 'human' },
    }));
    t = await createTestApp({
      env: { RECAPTCHA_SECRET: 'shh', RECAPTCHA_VERIFY_URL: `${recaptcha.url}/siteverify` },
    });
  });
  afterAll(async () => {
    await t?.close();
    await recaptcha?.close();
  });

  const signUp = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/registration/signup',
      headers,
      payload: { email, password: 'secret-pass', confirmPassword: 'secret-pass', fullName: 'R C' },
    });

  it('is not checked while the recaptcha flag is off', async () => {
    expect((await signUp('off@example.com')).statusCode).toBe(201);
    expect(recaptcha.requests).toHaveLength(0);
  });

  it('with the flag on, the token header is verified with the secret', async () => {
    await t.context.services.featureFlags.set('recaptcha', true);
    expect((await signUp('missing@example.com')).statusCode).toBe(400);
    expect((await signUp('robot@example.com', { 'recaptcha-token': 'robot' })).statusCode).toBe(400);
    expect((await signUp('human@example.com', { 'recaptcha-token': 'human' })).statusCode).toBe(201);
    expect(new URLSearchParams(recaptcha.requests.at(-1)!.body).get('secret')).toBe('shh');
  });
});

describe('secret sign-up', () => {
  it('with SIGNUP_MODE=secret only the right code signs up', async () => {
    const t = await createTestApp({ env: { SIGNUP_MODE: 'secret', SIGNUP_SECRET: 'open-sesame' } });
    try {
      const body = {
        email: 's@example.com',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
        fullName: 'S S',
      };
      const none = await t.app.inject({ method: 'POST', url: '/api/registration/signup', payload: body });
      expect(none.statusCode).toBe(403);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/registration/signup',
        payload: { ...body, signupCode: 'guess' },
      });
      expect(wrong.statusCode).toBe(403);
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/registration/signup',
        payload: { ...body, signupCode: 'open-sesame' },
      });
      expect(right.statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/auth/options' })).json().signupMode).toBe('secret');
    } finally {
      await t.close();
    }
  });
});
