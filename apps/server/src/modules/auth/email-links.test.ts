import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/security/tokens.js';
import { useAuthWorld, verifyBrowser } from '../../test/auth-world.js';
import { bearer, createUser } from '../../test/factories.js';

/** E-mail links: single use, and a verification link never activates a password its mailbox owner did not choose. */
const w = useAuthWorld();
const { post, signUp } = w;

describe('e-mail links are single use, and a resend revokes the earlier ones', () => {
  it('verification and reset links', async () => {
    const email = 'resend-verify@example.com';
    const browser = verifyBrowser(await signUp(email));
    const first = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(204);
    const second = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first }, browser)).statusCode).toBe(404);
    expect((await post('/api/auth/verify-email', { token: second }, browser)).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token: second }, browser)).statusCode).toBe(404);

    const user = await createUser(w.t);
    await post('/api/auth/forgot-password', { email: user.email });
    const oldReset = w.t.mail.link(user.email, /Reset/).searchParams.get('token');
    await post('/api/auth/forgot-password', { email: user.email });
    const newReset = w.t.mail.link(user.email, /Reset/).searchParams.get('token');
    const reset = (token: string | null) =>
      post('/api/auth/reset-password', { email: user.email, token, newPassword: 'fresh-password' });
    expect((await reset(oldReset)).statusCode).toBe(400);
    expect((await reset(newReset)).statusCode).toBe(200);
    expect((await reset(newReset)).statusCode).toBe(400);
  });

  it('invitation links: a resend revokes the first, and an accepted link cannot set a password again', async () => {
    const admin = await createUser(w.t);
    const email = 'twice-invited@example.com';
    const pending = (
      await w.t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { firstName: 'Tw', lastName: 'Ice', email, accountId: admin.accountId },
      })
    ).json();
    const first = w.t.mail.link(email, /invited you/);
    const resent = await w.t.app.inject({
      method: 'POST',
      url: `/api/users/${pending.id}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(resent.statusCode).toBe(204);
    const second = w.t.mail.link(email, /invited you/);
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

describe('a verification link never activates a password its mailbox owner did not choose', () => {
  let clients = 0;
  beforeEach(() => {
    w.clientAddress = `198.51.100.${++clients}`;
  });
  afterAll(() => {
    w.clientAddress = '127.0.0.1';
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
      await w.t.context.database.execute<{ id: string }>('select id from users where email = $1', [email])
    ).rows[0]!.id;
    const attackerSession = 'attacker-held-session-token';
    await w.t.context.database.execute(
      "insert into sessions (id, user_id, token_hash, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '1 day')",
      [attackerUserId, hashToken(attackerSession)],
    );

    // The owner opens the mailed link in their own browser (no cookie of the sign-up's browser).
    const token = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    const click = await post('/api/auth/verify-email', { token });
    expect(click.statusCode).not.toBe(200);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).not.toBe(200);
    // The page asks the owner for a password of their own, in the verifying request. (The
    // attacker's sign-in attempt above mailed a fresh link, which revoked the first.)
    expect(click.statusCode).toBe(409);
    const latest = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect(latest).not.toBe(token);
    expect((await post('/api/auth/verify-email', { token, password: 'owner-pass' })).statusCode).toBe(404);
    const owned = await post('/api/auth/verify-email', { token: latest, password: 'owner-pass' });
    expect(owned.statusCode).toBe(200);
    const ownerToken = owned.json().access_token as string;

    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(attackerSession) })).statusCode).toBe(
      401,
    );
    expect((await w.t.app.inject({ url: '/api/profile', headers: bearer(ownerToken) })).statusCode).toBe(200);
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
    const token = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
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
    const token = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    const wrongBrowser = { cookie: `hookline_verify_browser=${'x'.repeat(43)}` };
    expect((await post('/api/auth/verify-email', { token }, wrongBrowser)).statusCode).toBe(409);
    const verified = await post('/api/auth/verify-email', { token }, verifyBrowser(blocked));
    expect(verified.statusCode).toBe(200);
    expect(String(verified.headers['set-cookie'])).toMatch(
      /^hookline_verify_browser=; Path=\/api\/auth\/verify-email; Max-Age=0/,
    );
    const profile = await w.t.app.inject({
      url: '/api/profile',
      headers: bearer(verified.json().access_token),
    });
    expect(profile.json()).toMatchObject({ email, role: 'admin' });
    expect((await post('/api/auth/login', { email, password: 'secret-pass' })).statusCode).toBe(200);

    // Opened on another device, the owner chooses a password there (it may be the same one).
    const elsewhere = 'verify-phone@example.com';
    await signUp(elsewhere);
    const phoneToken = w.t.mail.link(elsewhere, /Verify/).searchParams.get('token')!;
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
