import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthWorld, verifyBrowser } from '../../test/auth-world.js';
import { bearer, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/** Signing up, in and out, sessions, passwords. */
const w = useAuthWorld();
const { post, signUp } = w;

describe('sign-up, verification and onboarding', () => {
  it('creates an account, an admin and a first brand with a Brand Kit folder; verification signs in', async () => {
    const email = 'ana@example.com';
    const response = await signUp(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ verificationRequired: true });

    // Not verified yet: sign-in answers 403 and sends a fresh verification mail.
    const before = w.t.mail.messages.length;
    const blocked = await post('/api/auth/login', { email, password: 'secret-pass' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Account Verification Required');
    expect(w.t.mail.messages.length).toBe(before + 1);

    // Opened in the browser that signed up: the link verifies on its own.
    const link = w.t.mail.link(email, /Verify/);
    expect(link.pathname).toBe('/email-verification');
    const verified = await post(
      '/api/auth/verify-email',
      { token: link.searchParams.get('token')! },
      verifyBrowser(response),
    );
    expect(verified.statusCode).toBe(200);
    const token = verified.json().access_token as string;

    // The token was single use.
    const again = await post('/api/auth/verify-email', { token: link.searchParams.get('token')! });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("We're sorry, but your verification link is invalid.");

    const profile = (await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).json();
    expect(profile).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Lima',
      role: 'admin',
      onboardingCompleted: false,
    });
    const brands = await w.t.app.inject({ url: '/api/brands', headers: bearer(token) });
    expect(brands.headers['x-total-count']).toBe('1');
    const [brand] = brands.json();
    expect(brand).toMatchObject({ accountId: profile.accountId, onboardingCompleted: false });

    const folder = await w.t.context.database.execute<{
      name: string;
      is_system: boolean;
      is_brand_kit: boolean;
    }>('select name, is_system, is_brand_kit from assets where brand_id = $1', [brand.id]);
    expect(folder.rows).toEqual([{ name: 'Brand Kit', is_system: true, is_brand_kit: true }]);

    const badUrl = await w.t.app.inject({
      method: 'POST',
      url: `/api/brands/${brand.id}/onboarding`,
      headers: bearer(token),
      payload: { companyName: 'Lima Co', industryId: 3, website: 'not a url' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().fields[0]).toMatchObject({
      path: 'body.website',
      message: 'Please enter a valid URL',
    });

    const done = await w.t.app.inject({
      method: 'POST',
      url: `/api/brands/${brand.id}/onboarding`,
      headers: bearer(token),
      payload: { companyName: 'Lima Co', industryId: 3, website: 'lima.co/shop' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      name: 'Lima Co',
      industryId: 3,
      onboardingCompleted: true,
      brandKit: { website: 'lima.co/shop' },
    });
  });

  it('an expired verification link answers 401', async () => {
    const email = 'late@example.com';
    await signUp(email);
    const token = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    await w.t.context.database.execute("update email_tokens set expires_at = now() - interval '1 minute'");
    const response = await post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(
      'Your verification link has expired. Please sign in again to receive a new one.',
    );
  });

  it('validates the sign-up body with the seeds texts', async () => {
    const mismatch = await post('/api/registration/signup', {
      email: 'x@example.com',
      password: 'secret-pass',
      confirmPassword: 'other-pass',
      fullName: 'X',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json().fields)).toContain('Passwords must match');
    const short = await post('/api/registration/signup', {
      email: 'x@example.com',
      password: '123',
      confirmPassword: '123',
      fullName: 'X',
    });
    expect(JSON.stringify(short.json().fields)).toContain('Password too short (min 6).');
  });

  it('a taken address (any case) answers as a new one, changes nothing and mails its owner', async () => {
    const owner = await createUser(w.t);
    const fresh = await signUp('dup-new@example.com');
    const taken = await signUp(owner.email.toUpperCase(), {
      password: 'evil-pass',
      confirmPassword: 'evil-pass',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const mail = w.t.mail.last(owner.email);
    expect(mail?.subject).toMatch(/Someone tried to sign up/);
    expect(mail?.text).toContain('/forgot-password');
    expect((await post('/api/auth/login', { email: owner.email, password: 'evil-pass' })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
  });

  it('Google answers a clear 501 when GOOGLE_CLIENT_ID is not configured', async () => {
    const response = await post('/api/auth/google', { accessToken: 'abc' });
    expect(response.statusCode).toBe(501);
    expect(response.json().message).toBe('Google sign-in is not configured on this server');
    expect((await w.t.app.inject({ url: '/api/auth/options' })).json()).toMatchObject({
      googleClientId: null,
      signupMode: 'public',
    });
  });
});

describe('sign-in and sessions', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(w.t);
  });

  it('wrong credentials answer 401 with the seeds text, for unknown e-mails too', async () => {
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'wrong-password' },
    ]) {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Wrong username or password');
    }
  });

  it('sessions are stored hashed, and a signed-out token is refused', async () => {
    const token = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .access_token as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await w.t.context.database.execute<{ token_hash: string }>(
      'select token_hash from sessions',
    );
    expect(stored.rows.some((r) => r.token_hash === token)).toBe(false);
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(204);
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('sessions last 30 days, renew on use and end at sign-out', async () => {
    const token = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .access_token as string;
    const day = 24 * 60 * 60 * 1000;
    const expiry = async () => {
      const { rows } = await w.t.context.database.execute<{ expires_at: Date | string }>(
        'select expires_at from sessions where revoked_at is null order by created_at desc limit 1',
      );
      return new Date(rows[0]!.expires_at).getTime() - Date.now();
    };
    expect(await expiry()).toBeGreaterThan(29 * day);
    expect(await expiry()).toBeLessThanOrEqual(30 * day);
    // Nearly expired and last used two hours ago: one use slides it back to 30 days.
    await w.t.context.database.execute(
      "update sessions set expires_at = now() + interval '1 day', last_used_at = now() - interval '2 hours' where revoked_at is null",
    );
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect(await expiry()).toBeGreaterThan(29 * day);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(204);
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('the login rate limit holds per e-mail with 429 and a clear message', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_EMAIL: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'target@example.com', password: 'guess' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().message).toBe('Too many attempts. Please wait a moment and try again.');
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('wrong passwords slow their client down and lock nobody out', () => {
  it('backs off per address and client; the right password from another client always signs in', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_EMAIL: '3' } });
    try {
      const victim = await createUser(limited);
      const login = (password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: victim.email, password },
          remoteAddress,
        });
      const attacker = '203.0.113.7';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await login('guess', attacker)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // The owner, from their own client, is not held back.
      expect((await login(victim.password, '198.51.100.2')).statusCode).toBe(200);
      // The failing client waits: 5 s after its third failure, then 10 s after the next.
      const wait = (seconds: number) =>
        limited.context.database.execute(
          `update rate_limit_buckets set window_started_at = window_started_at - interval '${seconds} seconds' where key like 'login:fail:%'`,
        );
      await wait(6);
      expect((await login('guess', attacker)).statusCode).toBe(401);
      expect((await login('guess', attacker)).statusCode).toBe(429);
      await wait(6);
      expect((await login(victim.password, attacker)).statusCode).toBe(429);
      await wait(5);
      expect((await login(victim.password, attacker)).statusCode).toBe(200);
      // A success clears that client's failures.
      expect((await login('guess', attacker)).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown e-mails, and the reset signs in and revokes old sessions', async () => {
    const user = await createUser(w.t);
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    const known = await post('/api/auth/forgot-password', { email: user.email });
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(w.t.mail.last('ghost@example.com')).toBeUndefined();

    const link = w.t.mail.link(user.email, /Reset/);
    expect(link.pathname).toBe('/reset-password');
    const reset = await post('/api/auth/reset-password', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      newPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    const token = reset.json().access_token as string;
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await w.t.app.inject({ url: '/api/profile', headers: user.headers })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);

    const reused = await post('/api/auth/reset-password', {
      email: user.email,
      token: link.searchParams.get('token'),
      newPassword: 'another-pass',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Your link has expired');
  });
});
