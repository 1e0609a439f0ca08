import { describe, expect, it } from 'vitest';
import { useAuthWorld } from '../../test/auth-world.js';
import { bearer, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/** Team invitations: accepting, consent of existing users, and pending invitees that sign-up cannot take over. */
const w = useAuthWorld();
const { post, signUp } = w;

describe('team invitations', () => {
  it('an admin invites a teammate, who sets a password through the mailed link and is signed in', async () => {
    const admin = await createUser(w.t);
    const invited = await w.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { firstName: 'Bo', lastName: 'Chen', email: 'Bo@Example.com', accountId: admin.accountId },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'bo@example.com', role: 'member', lastLogin: null });

    const members = (
      await w.t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers })
    ).json();
    expect(members.map((m: { email: string }) => m.email)).toEqual([admin.email, 'bo@example.com']);

    const link = w.t.mail.link('bo@example.com', /invited you/);
    expect(link.pathname).toBe('/invitation');
    const accepted = await post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password: 'bo-password',
    });
    expect(accepted.statusCode).toBe(200);
    const token = accepted.json().access_token as string;
    const brands = (await w.t.app.inject({ url: '/api/brands', headers: bearer(token) })).json();
    expect(brands.map((b: { id: string }) => b.id)).toEqual([admin.brandId]);

    const again = await post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password: 'bo-password',
    });
    expect(again.statusCode).toBe(400);
    const active = (
      await w.t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers })
    ).json();
    expect(active.find((m: { email: string }) => m.email === 'bo@example.com').lastLogin).not.toBeNull();
  });

  it('invite info by id, and sign-up through an inviteId joins the inviting account signed in', async () => {
    const admin = await createUser(w.t);
    const invitation = await w.t.context.services.team.createSignupInvitation({
      inviterId: admin.userId,
      accountId: admin.accountId,
      email: 'guest@example.com',
    });
    const info = await w.t.app.inject({ url: `/api/invitations/${invitation.id}` });
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
      await w.t.app.inject({ url: '/api/profile', headers: bearer(joined.json().access_token) })
    ).json();
    expect(profile).toMatchObject({ accountId: admin.accountId, role: 'member' });
    expect((await w.t.app.inject({ url: `/api/invitations/${invitation.id}` })).statusCode).toBe(404);
  });

  it('reinvite works only while pending; members cannot do admin actions; nobody removes themselves', async () => {
    const admin = await createUser(w.t);
    const member = await createUser(w.t, { accountId: admin.accountId, role: 'member' });
    const invite = { firstName: 'C', lastName: 'D', email: 'cd@example.com', accountId: admin.accountId };
    expect(
      (await w.t.app.inject({ method: 'POST', url: '/api/users', headers: member.headers, payload: invite }))
        .statusCode,
    ).toBe(403);
    const pending = (
      await w.t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: invite })
    ).json();
    const sent = w.t.mail.messages.length;
    const reinvite = await w.t.app.inject({
      method: 'POST',
      url: `/api/users/${pending.id}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(reinvite.statusCode).toBe(204);
    expect(w.t.mail.messages.length).toBe(sent + 1);
    const activeReinvite = await w.t.app.inject({
      method: 'POST',
      url: `/api/users/${member.userId}/reinvite?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(activeReinvite.statusCode).toBe(409);
    const self = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin.userId}?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(403);
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.userId}?accountId=${admin.accountId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    // Removed from their only account: their session is revoked too.
    expect((await w.t.app.inject({ url: '/api/profile', headers: member.headers })).statusCode).toBe(401);
  });
});

describe('a pending invitee cannot be taken over through sign-up', () => {
  const invite = (admin: TestUser, email: string) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { firstName: 'Vic', lastName: 'Tim', email, accountId: admin.accountId },
    });
  const acceptLatest = (email: string, password: string) => {
    const link = w.t.mail.link(email, /invited you/);
    return post('/api/auth/accept-invitation', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password,
    });
  };
  const attack = (email: string) =>
    signUp(email, { password: 'attacker-pass', confirmPassword: 'attacker-pass', fullName: 'Mallory' });

  it('invitation first, then the attacker signs up with the address', async () => {
    const admin = await createUser(w.t);
    const email = 'victim-one@example.com';
    expect((await invite(admin, email)).statusCode).toBe(201);
    const signedUp = await attack(email);
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toEqual({ verificationRequired: true });
    // Nothing the attacker controls: no verification link, a warning to the owner instead.
    expect(w.t.mail.last(email, /Verify/)).toBeUndefined();
    expect(w.t.mail.last(email)?.subject).toMatch(/Someone tried to sign up/);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);

    const accepted = await acceptLatest(email, 'victim-pass');
    expect(accepted.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    const session = await post('/api/auth/login', { email, password: 'victim-pass' });
    const profile = (
      await w.t.app.inject({ url: '/api/profile', headers: bearer(session.json().access_token) })
    ).json();
    expect(profile).toMatchObject({ accountId: admin.accountId, firstName: 'Vic' });
  });

  it('the attacker signs up first, then the address is invited', async () => {
    const admin = await createUser(w.t);
    const email = 'victim-two@example.com';
    expect((await attack(email)).statusCode).toBe(201);
    const invited = await invite(admin, email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, firstName: 'Vic', lastName: 'Tim', lastLogin: null });

    // The invitee sets their own password in the accepting request; the attacker's stops working.
    const accepted = await acceptLatest(email, 'victim-pass');
    expect(accepted.statusCode).toBe(200);
    const brands = (
      await w.t.app.inject({ url: '/api/brands', headers: bearer(accepted.json().access_token) })
    ).json();
    expect(brands.map((b: { id: string }) => b.id)).toContain(admin.brandId);
    expect((await post('/api/auth/login', { email, password: 'attacker-pass' })).statusCode).toBe(401);
    // The verification link the attacker's sign-up mailed is dead too.
    const verify = w.t.mail.link(email, /Verify/).searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token: verify })).statusCode).toBe(404);
    expect((await post('/api/auth/login', { email, password: 'victim-pass' })).statusCode).toBe(200);
  });
});

describe('inviting someone who already has an account', () => {
  it('asks for their consent: they join only when they accept with their password; nothing about them leaks', async () => {
    const admin = await createUser(w.t);
    const other = await createUser(w.t);
    const invited = await w.t.app.inject({
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
      (await w.t.app.inject({ url: `/api/users?accountId=${admin.accountId}`, headers: admin.headers }))
        .json()
        .map((m: { email: string }) => m.email);
    expect(await team()).toEqual([admin.email]);

    const link = w.t.mail.link(other.email, /invited you/);
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
