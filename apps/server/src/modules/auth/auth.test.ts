import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/security/tokens.js';
import { bearer, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The client's address (the auth rate limits count per address); a describe may give each test its own. */
let clientAddress = '127.0.0.1';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: clientAddress });

/** The browser's cookie for the verify route, from a response that set it (sign-up, a 403 sign-in). */
function verifyBrowser(response: { headers: Record<string, unknown> }): Record<string, string> {
  const header = String(response.headers['set-cookie'] ?? '');
  const cookie = header.split(';')[0] ?? '';
  expect(cookie).toMatch(/^hookline_verify_browser=[\w-]{43}$/);
  return { cookie };
}

async function signUp(email: string, extra: object = {}) {
  return post('/api/registration/signup', {
    email,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    fullName: 'Ana Lima',
    ...extra,
  });
}

describe('sign-up, verification and onboarding', () => {
  it('creates an account, an admin and a first brand with a Brand Kit folder; verification signs in', async () => {
    const email = 'ana@example.com';
    const response = await signUp(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ verificationRequired: true });

    // Not verified yet: sign-in answers 403 and sends a fresh verification mail.
    const before = t.mail.messages.length;
    const blocked = await post('/api/auth/login', { email, password: 'secret-pass' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Account Verification Required');
    expect(t.mail.messages.length).toBe(before + 1);

    // Opened in the browser that signed up: the link verifies on its own.
    const link = t.mail.link(email, /Verify/);
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

    const profile = (await t.app.inject({ url: '/api/profile', headers: bearer(token) })).json();
    expect(profile).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Lima',
      role: 'admin',
      onboardingCompleted: false,
    });
    const brands = await t.app.inject({ url: '/api/brands', headers: bearer(token) });
    expect(brands.headers['x-total-count']).toBe('1');
    const [brand] = brands.json();
    expect(brand).toMatchObject({ accountId: profile.accountId, onboardingCompleted: false });

    const folder = await t.context.database.execute<{
      name: string;
      is_system: boolean;
      is_brand_kit: boolean;
    }>('select name, is_system, is_brand_kit from assets where brand_id = $1', [brand.id]);
    expect(folder.rows).toEqual([{ name: 'Brand Kit', is_system: true, is_brand_kit: true }]);

    const badUrl = await t.app.inject({
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

    const done = await t.app.inject({
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
    const token = t.mail.link(email, /Verify/).searchParams.get('token')!;
    await t.context.database.execute("update email_tokens set expires_at = now() - interval '1 minute'");
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
    const owner = await createUser(t);
    const fresh = await signUp('dup-new@example.com');
    const taken = await signUp(owner.email.toUpperCase(), {
      password: 'evil-pass',
      confirmPassword: 'evil-pass',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const mail = t.mail.last(owner.email);
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
    expect((await t.app.inject({ url: '/api/auth/options' })).json()).toMatchObject({
      googleClientId: null,
      signupMode: 'public',
    });
  });
});

describe('sign-in and sessions', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t);
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
    const stored = await t.context.database.execute<{ token_hash: string }>(
      'select token_hash from sessions',
    );
    expect(stored.rows.some((r) => r.token_hash === token)).toBe(false);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('sessions last 30 days, renew on use and end at sign-out', async () => {
    const token = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .access_token as string;
    const day = 24 * 60 * 60 * 1000;
    const expiry = async () => {
      const { rows } = await t.context.database.execute<{ expires_at: Date | string }>(
        'select expires_at from sessions where revoked_at is null order by created_at desc limit 1',
      );
      return new Date(rows[0]!.expires_at).getTime() - Date.now();
    };
    expect(await expiry()).toBeGreaterThan(29 * day);
    expect(await expiry()).toBeLessThanOrEqual(30 * day);
    // Nearly expired and last used two hours ago: one use slides it back to 30 days.
    await t.context.database.execute(
      "update sessions set expires_at = now() + interval '1 day', last_used_at = now() - interval '2 hours' where revoked_at is null",
    );
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect(await expiry()).toBeGreaterThan(29 * day);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
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
    const user = await createUser(t);
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    const known = await post('/api/auth/forgot-password', { email: user.email });
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(t.mail.last('ghost@example.com')).toBeUndefined();

    const link = t.mail.link(user.email, /Reset/);
    expect(link.pathname).toBe('/reset-password');
    const reset = await post('/api/auth/reset-password', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      newPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    const token = reset.json().access_token as string;
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: user.headers })).statusCode).toBe(401);
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

describe('team invitations', () => {
  it('an admin invites a teammate, who sets a password through the mailed link and is signed in', async () => {
    const admin = await createUser(t);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { firstName: 'Bo', lastName: 'Chen', email: 'Bo@Example.com', accountId: admin.accountId },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'bo@example.com', role: 'member', lastLogin: null });

    const members = (
      await t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers })
    ).json();
    expect(members.map((m: { email: string }) => m.email)).toEqual([admin.email, 'bo@example.com']);

    const link = t.mail.link('bo@example.com', /invited you/);
    expect(link.pathname).toBe('/invitation');
    const accepted = await post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password: 'bo-password',
    });
    expect(accepted.statusCode).toBe(200);
    const token = accepted.json().access_token as string;
    const brands = (await t.app.inject({ url: '/api/brands', headers: bearer(token) })).json();
    expect(brands.map((b: { id: string }) => b.id)).toEqual([admin.brandId]);

    const again = await post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password: 'bo-password',
    });
    expect(again.statusCode).toBe(400);
    const active = (
      await t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers })
    ).json();
    expect(active.find((m: { email: string }) => m.email === 'bo@example.com').lastLogin).not.toBeNull();
  });

  it('invite info by id, and sign-up through an inviteId joins the inviting account signed in', async () => {
    const admin = await createUser(t);
    const invitation = await t.context.services.team.createSignupInvitation({
      inviterId: admin.userId,
      accountId: admin.accountId,
      email: 'guest@example.com',
    });
    const info = await t.app.inject({ url: `/api/invitations/${invitation.id}` });
    expect(info.json()).toEqual({
      email: 'guest@example.com',
      invitedByUserName: expect.stringMatching(/^User\d+ Test$/),
    });
    const wrongEmail = await signUp('someone-else@example.com', { inviteId: invitation.id });
    expect(wrongEmail.statusCode).toBe(400);
    const joined = await signUp('guest@example.com', { inviteId: invitation.id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ verificationRequired: false, access_token: expect.any(String) });
    const profile = (
      await t.app.inject({ url: '/api/profile', headers: bearer(joined.json().access_token) })
    ).json();
    expect(profile).toMatchObject({ accountId: admin.accountId, role: 'member' });
    expect((await t.app.inject({ url: `/api/invitations/${invitation.id}` })).statusCode).toBe(404);
  });

  it('reinvite works only while pending; members cannot do admin actions; nobody removes themselves', async () => {
    const admin = await createUser(t);
    const member = await createUser(t, { accountId: admin.accountId, role: 'member' });
    const invite = { firstName: 'C', lastName: 'D', email: 'cd@example.com', accountId: admin.accountId };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users', headers: member.headers, payload: invite }))
        .statusCode,
    ).toBe(403);
    const pending = (
      await t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: invite })
    ).json();
    const sent = t.mail.messages.length;
    const reinvite = await t.app.inject({
      method: 'POST',
      url: `/api/users/${pending.id}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(reinvite.statusCode).toBe(204);
    expect(t.mail.messages.length).toBe(sent + 1);
    const activeReinvite = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.userId}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(activeReinvite.statusCode).toBe(409);
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin.userId}?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.userId}?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    // Removed from their only account: their session is revoked too.
    expect((await t.app.inject({ url: '/api/profile', headers: member.headers })).statusCode).toBe(401);
  });
});

describe('e-mail links are single use, and a resend revokes the earlier ones', () => {
  it('verification and reset links', async () => {
    const email = 'resend-verify@example.com';
    const browser = verifyBrowser(await signUp(email));
    const first = t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(204);
    const second = t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first }, browser)).statusCode).toBe(404);
    expect((await post('/api/auth/verify-email', { token: second }, browser)).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token: second }, browser)).statusCode).toBe(404);

    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const oldReset = t.mail.link(user.email, /Reset/).searchParams.get('token');
    await post('/api/auth/forgot-password', { email: user.email });
    const newReset = t.mail.link(user.email, /Reset/).searchParams.get('token');
    const reset = (token: string | null) =>
      post('/api/auth/reset-password', { email: user.email, token, newPassword: 'fresh-password' });
    expect((await reset(oldReset)).statusCode).toBe(400);
    expect((await reset(newReset)).statusCode).toBe(200);
    expect((await reset(newReset)).statusCode).toBe(400);
  });

  it('invitation links: a resend revokes the first, and an accepted link cannot set a password again', async () => {
    const admin = await createUser(t);
    const email = 'twice-invited@example.com';
    const pending = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { firstName: 'Tw', lastName: 'Ice', email, accountId: admin.accountId },
      })
    ).json();
    const first = t.mail.link(email, /invited you/);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/users/${pending.id}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(resent.statusCode).toBe(204);
    const second = t.mail.link(email, /invited you/);
    const accept = (link: URL, password: string) =>
      post('/api/auth/accept-invitation', {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password,
      });
    expect((await accept(first, 'first-password')).statusCode).toBe(400);
    expect((await accept(second, 'second-password')).statusCode).toBe(200);
    expect((await accept(second, 'third-password')).statusCode).toBe(400);
    expect((await accept(first, 'third-password')).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email, password: 'second-password' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'third-password' })).statusCode).toBe(401);
  });
});

describe('a pending invitee cannot be taken over through sign-up', () => {
  const invite = (admin: TestUser, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { firstName: 'Vic', lastName: 'Tim', email, accountId: admin.accountId },
    });
  const acceptLatest = (email: string, password: string) => {
    const link = t.mail.link(email, /invited you/);
    return post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password,
    });
  };
  const attack = (email: string) =>
    signUp(email, { password: 'attacker-pass', confirmPassword: 'attacker-pass', fullName: 'Mallory' });

  it('invitation first, then the attacker signs up with the address', async () => {
    const admin = await createUser(t);
    const email = 'victim-one@example.com';
    expect((await invite(admin, email)).statusCode).toBe(201);
    const signedUp = await attack(email);
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toEqual({ verificationRequired: true });
    // Nothing the attacker controls: no verification link, a warning to the owner instead.
    expect(t.mail.last(email, /Verify/)).toBeUndefined();
    expect(t.mail.last(email)?.subject).toMatch(/Someone tried to sign up/);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);

    const accepted = await acceptLatest(email, 'victim-pass');
    expect(accepted.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    const session = await post('/api/auth/login', { email, password: 'victim-pass' });
    const profile = (
      await t.app.inject({ url: '/api/profile', headers: bearer(session.json().access_token) })
    ).json();
    expect(profile).toMatchObject({ accountId: admin.accountId, firstName: 'Vic' });
  });

  it('the attacker signs up first, then the address is invited', async () => {
    const admin = await createUser(t);
    const email = 'victim-two@example.com';
    expect((await attack(email)).statusCode).toBe(201);
    const invited = await invite(admin, email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, firstName: 'Vic', lastName: 'Tim', lastLogin: null });

    // The invitee sets their own password in the accepting request; the attacker's stops working.
    const accepted = await acceptLatest(email, 'victim-pass');
    expect(accepted.statusCode).toBe(200);
    const brands = (
      await t.app.inject({ url: '/api/brands', headers: bearer(accepted.json().access_token) })
    ).json();
    expect(brands.map((b: { id: string }) => b.id)).toContain(admin.brandId);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    // The verification link the attacker's sign-up mailed is dead too.
    const verify = t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token: verify })).statusCode).toBe(404);
    expect((await post('/api/auth/login', { email, password: 'victim-pass' })).statusCode).toBe(200);
  });
});

describe('inviting someone who already has an account', () => {
  it('asks for their consent: they join only when they accept with their password; nothing about them leaks', async () => {
    const admin = await createUser(t);
    const other = await createUser(t);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { firstName: 'Typed', lastName: 'Name', email: other.email, accountId: admin.accountId },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      firstName: 'Typed',
      lastName: 'Name',
      lastLogin: null,
      isSuperUser: false,
    });
    expect(invited.json().id).not.toBe(other.userId);
    const team = async () =>
      (await t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers }))
        .json()
        .map((m: { email: string }) => m.email);
    expect(await team()).toEqual([admin.email]);

    const link = t.mail.link(other.email, /invited you/);
    const accept = (password: string) =>
      post('/api/auth/accept-invitation', {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password,
      });
    expect((await accept('not-their-password')).statusCode).toBe(401);
    expect(await team()).toEqual([admin.email]);
    const accepted = await accept(other.password);
    expect(accepted.statusCode).toBe(200);
    expect(await team()).toEqual([admin.email, other.email]);
    expect((await accept(other.password)).statusCode).toBe(400);
    // Their own account and password are untouched.
    expect((await post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(
      200,
    );
  });

  it('names in the subject are cleaned and bounded; invitations are rate-limited per account and per address', async () => {
    const limited = await createTestApp({
      env: { INVITE_RATE_LIMIT_PER_EMAIL: '2', INVITE_RATE_LIMIT_PER_ACCOUNT: '5' },
    });
    try {
      const admin = await createUser(limited);
      await limited.context.database.execute('update users set first_name = $1 where id = $2', [
        `Your account is locked,\r\nBcc: x@evil.test\u0007 call ${'9'.repeat(200)}`,
        admin.userId,
      ]);
      const invite = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: admin.headers,
          payload: { firstName: 'A', lastName: 'B', email, accountId: admin.accountId },
        });
      expect((await invite('p1@example.com')).statusCode).toBe(201);
      const subject = limited.mail.last('p1@example.com')!.subject;
      expect(subject).not.toMatch(/\p{Cc}/u);
      expect([...subject.split(' invited you to ')[0]!].length).toBe(60);
      expect(subject).toMatch(/^Your account is locked, Bcc: x@evil\.test call 9+… invited you to /);

      const pending = (await invite('p2@example.com')).json();
      const reinvite = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/users/${pending.id}/reinvite?accountId=${admin.accountId}`,
          headers: admin.headers,
        });
      expect((await reinvite()).statusCode).toBe(204);
      expect((await reinvite()).statusCode).toBe(429);
      expect((await invite('p3@example.com')).statusCode).toBe(201);
      expect((await invite('p4@example.com')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a verification link never activates a password its mailbox owner did not choose', () => {
  let clients = 0;
  beforeEach(() => {
    clientAddress = `198.51.100.${++clients}`;
  });
  afterAll(() => {
    clientAddress = '127.0.0.1';
  });

  it('the attacker signs up with the address; the owner clicks the link: the attacker is locked out', async () => {
    const email = 'verify-victim@example.com';
    const signedUp = await signUp(email, {
      password: 'attacker-pass',
      confirmPassword: 'attacker-pass',
      fullName: 'Mallory',
    });
    expect(signedUp.statusCode).toBe(201);
    // Whatever session the attacker's account may hold by the time the owner clicks.
    const attackerUserId = (
      await t.context.database.execute<{ id: string }>('select id from users where email = $1', [email])
    ).rows[0]!.id;
    const attackerSession = 'attacker-held-session-token';
    await t.context.database.execute(
      "insert into sessions (id, user_id, token_hash, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '1 day')",
      [attackerUserId, hashToken(attackerSession)],
    );

    // The owner opens the mailed link in their own browser (no cookie of the sign-up's browser).
    const token = t.mail.link(email, /Verify/).searchParams.get('token')!;
    const click = await post('/api/auth/verify-email', { token });
    expect(click.statusCode).not.toBe(200);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).not.toBe(200);
    // The page asks the owner for a password of their own, in the verifying request. (The
    // attacker's sign-in attempt above mailed a fresh link, which revoked the first.)
    expect(click.statusCode).toBe(409);
    const latest = t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect(latest).not.toBe(token);
    expect((await post('/api/auth/verify-email', { token, password: 'owner-pass' })).statusCode).toBe(404);
    const owned = await post('/api/auth/verify-email', { token: latest, password: 'owner-pass' });
    expect(owned.statusCode).toBe(200);
    const ownerToken = owned.json().access_token as string;

    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(attackerSession) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(ownerToken) })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'owner-pass' })).statusCode).toBe(200);
    // The link was used.
    expect((await post('/api/auth/verify-email', { token: latest, password: 'other-pass' })).statusCode).toBe(
      404,
    );
  });

  it("the attacker's own browser proves nothing about the owner's link; a used link cannot be replayed there", async () => {
    const email = 'verify-victim-two@example.com';
    const attacker = verifyBrowser(
      await signUp(email, { password: 'attacker-pass', confirmPassword: 'attacker-pass' }),
    );
    const token = t.mail.link(email, /Verify/).searchParams.get('token')!;
    const owned = await post('/api/auth/verify-email', { token, password: 'owner-pass' });
    expect(owned.statusCode).toBe(200);
    // The proof was for the attacker's password, which is gone.
    expect((await post('/api/auth/verify-email', { token }, attacker)).statusCode).toBe(404);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
  });

  it('the person who signed up verifies with their own password, in that browser or (choosing a password) elsewhere', async () => {
    const email = 'verify-self@example.com';
    const response = await signUp(email);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/; Path=\/api\/auth\/verify-email; Max-Age=86400; HttpOnly; SameSite=Strict$/);
    // A taken address answers the same, a cookie included (one that proves nothing).
    expect(String((await signUp(email)).headers['set-cookie'])).toMatch(
      /^hookline_verify_browser=[\w-]{43}; Path=/,
    );

    // A sign-in with the right password from another browser (403) proves that browser too.
    const blocked = await post('/api/auth/login', { email, password: 'secret-pass' });
    expect(blocked.statusCode).toBe(403);
    const token = t.mail.link(email, /Verify/).searchParams.get('token')!;
    const wrongBrowser = { cookie: `hookline_verify_browser=${'x'.repeat(43)}` };
    expect((await post('/api/auth/verify-email', { token }, wrongBrowser)).statusCode).toBe(409);
    const verified = await post('/api/auth/verify-email', { token }, verifyBrowser(blocked));
    expect(verified.statusCode).toBe(200);
    expect(String(verified.headers['set-cookie'])).toMatch(
      /^hookline_verify_browser=; Path=\/api\/auth\/verify-email; Max-Age=0/,
    );
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: bearer(verified.json().access_token),
    });
    expect(profile.json()).toMatchObject({ email, role: 'admin' });
    expect((await post('/api/auth/login', { email, password: 'secret-pass' })).statusCode).toBe(200);

    // Opened on another device, the owner chooses a password there (it may be the same one).
    const elsewhere = 'verify-phone@example.com';
    await signUp(elsewhere);
    const phoneToken = t.mail.link(elsewhere, /Verify/).searchParams.get('token')!;
    const asked = await post('/api/auth/verify-email', { token: phoneToken });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('Choose a password to finish verifying your e-mail');
    expect((await post('/api/auth/verify-email', { token: phoneToken, password: '123' })).statusCode).toBe(
      400,
    );
    const chosen = await post('/api/auth/verify-email', { token: phoneToken, password: 'phone-pass' });
    expect(chosen.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: elsewhere, password: 'phone-pass' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/login', { email: elsewhere, password: 'secret-pass' })).statusCode).toBe(
      401,
    );
  });
});
