import { type AuthOptions, messages, type SignupBody } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Actor, userOf } from '../../platform/http/actor.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  notImplemented,
  unauthorized,
} from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rate-limiter.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import { hashToken, randomToken, safeEqual } from '../../platform/security/tokens.js';
import type { AccessService } from '../access/service.js';
import type { BrandsService } from '../brands/service.js';
import type { FeatureFlagsService } from '../feature-flags/service.js';
import { hasOwnPassword, type TeamService, type UserRow } from '../team/service.js';
import type { GoogleIdentity } from './google.js';
import { passwordResetMail, signupAttemptMail, verificationMail } from './mails.js';
import type { AuthRepository, EmailTokenPurpose } from './repository.js';
import type { Sessions } from './sessions.js';
import type { VerifyBrowser } from './verify-browser.js';

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 24 * HOUR_MS;
const RESET_TTL_MS = 1 * HOUR_MS;

const CHOOSE_PASSWORD_TO_VERIFY = 'Choose a password to finish verifying your e-mail';

export interface ClientInfo {
  ip: string;
  recaptchaToken?: string | undefined;
  /** The VERIFY_BROWSER_COOKIE the request came with. */
  verifyBrowserProof?: string | undefined;
  /** Keeps (or, with null, forgets; undefined: leaves) the VERIFY_BROWSER_COOKIE in the caller's browser. */
  keepVerifyBrowserProof?: ((proof: string | null | undefined) => void) | undefined;
}

/** Signing up, in and out; e-mail tokens; invitations (000 §4, §5, §7 Authentication). */
export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly team: TeamService,
    readonly _brands: BrandsService,
    private readonly flags: FeatureFlagsService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly google: GoogleIdentity,
    private readonly config: Config,
    private readonly productName: string,
    private readonly log: FastifyBaseLogger,
    private readonly access: AccessService,
    private readonly sessions: Sessions,
    private readonly verifyBrowser: VerifyBrowser,
  ) {}

  options(): AuthOptions {
    return {
      googleClientId: this.config.google.clientId ?? null,
      signupMode: this.config.signup.mode,
      recaptchaSiteKey: this.config.recaptcha.siteKey ?? null,
    };
  }

  // ── sessions ────────────────────────────────────────────────────────────
  /** The caller of a request (platform/http/endpoints.ts): sessions.ts. */
  resolveActor(input: Parameters<Sessions['resolveActor']>[0]): Promise<Actor> {
    return this.sessions.resolveActor(input);
  }

  /** Forgets every cached actor of this process (after writes that change actors: app.ts). */
  forgetCachedActors(): void {
    this.sessions.forgetCachedActors();
  }

  private startSession(userId: string): Promise<string> {
    return this.sessions.start(userId);
  }

  async logout(actor: Actor): Promise<void> {
    await this.access.require(actor, 'session.end');
    const user = userOf(actor);
    await this.repository.revokeSession(user.sessionId);
  }

  // ── sign-in ─────────────────────────────────────────────────────────────
  /**
   * Wrong passwords slow down the client that makes them for that address (backoff after
   * AUTH_RATE_LIMIT_PER_EMAIL failures), they never lock the address: the right password from
   * a client that has not failed always gets in. Each client also has AUTH_RATE_LIMIT_PER_IP
   * attempts per window over all addresses.
   */
  async login(email: string, password: string, client: ClientInfo): Promise<string> {
    await this.limit('login', undefined, client);
    const { perEmail, windowMs } = this.config.authRateLimit;
    const failures = `login:fail:${email.toLowerCase()}:${client.ip}`;
    await this.limiter.backoff(failures, perEmail, windowMs);
    const user = await this.team.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await this.limiter.recordFailure(failures, windowMs);
      throw unauthorized(messages.auth.wrongCredentials);
    }
    await this.limiter.reset(failures);
    if (!user.emailVerifiedAt) {
      await this.sendVerification(user);
      // This browser typed the account's password: the link opened here verifies on its own.
      client.keepVerifyBrowserProof?.(this.verifyBrowser.proof(user.id, user.passwordHash));
      throw forbidden(messages.auth.verificationRequired);
    }
    return this.startSession(user.id);
  }

  async loginWithGoogle(accessToken: string, client: ClientInfo): Promise<string> {
    await this.limit('google', undefined, client);
    const identity = await this.verifiedGoogleIdentity(accessToken);
    const user = await this.team.findUserByEmail(identity.email);
    if (!user) throw unauthorized('No account uses this Google address yet: sign up first');
    if (!user.emailVerifiedAt) await this.team.updateUser(user.id, { emailVerifiedAt: new Date() });
    return this.startSession(user.id);
  }

  private async verifiedGoogleIdentity(accessToken: string) {
    if (!this.config.google.clientId) throw notImplemented('Google sign-in is not configured on this server');
    const identity = await this.google.verify(accessToken, this.config.google.clientId);
    if (!identity) throw unauthorized('The Google sign-in could not be verified');
    return identity;
  }

  // ── sign-up ─────────────────────────────────────────────────────────────
  async signup(
    body: SignupBody,
    client: ClientInfo,
  ): Promise<{ access_token?: string; verificationRequired: boolean }> {
    const google = 'vendor' in body ? await this.verifiedGoogleIdentity(body.data.accessToken) : undefined;
    const email = google?.email ?? ('email' in body ? body.email : '');
    await this.limit('signup', email, client);
    await this.checkRecaptcha(client);

    const invitation = body.inviteId ? await this.team.openInvitation(body.inviteId) : undefined;
    if (invitation && invitation.email.toLowerCase() !== email) {
      throw badRequest('Sign up with the e-mail address the invitation was sent to');
    }
    if (!invitation && this.config.signup.mode === 'secret') {
      const code = body.signupCode ?? '';
      if (!this.config.signup.secret || !safeEqual(code, this.config.signup.secret)) {
        throw forbidden('Sign-up is by invitation only');
      }
    }

    const { firstName, lastName } = google ?? splitName('fullName' in body ? body.fullName : '');
    // Hashed before the lookup, so a taken address answers no faster than a new one.
    const passwordHash = 'password' in body ? await hashPassword(body.password) : null;
    const verified = Boolean(invitation || google);
    const existing = await this.team.findUserByEmail(email);
    if (existing && !google) {
      // A taken address (an account, or a pending invitee): change and create nothing, answer
      // exactly as for a new address (no enumeration), and tell the owner instead. An invited
      // person joins through their invitation link, which sets their password.
      await this.mailer.send(
        signupAttemptMail(
          this.productName,
          existing.email,
          `${this.config.publicUrl}/signin`,
          `${this.config.publicUrl}/forgot-password`,
        ),
      );
      // The same answer as a new address, cookie included (one that proves nothing).
      client.keepVerifyBrowserProof?.(randomToken());
      return { verificationRequired: true };
    }
    // Google proved the mailbox: a taken address is no secret to its owner.
    if (existing?.passwordHash || existing?.lastLoginAt)
      throw conflict('An account with this e-mail already exists');

    const user = await this.repository.transaction(async () => {
      let user: UserRow;
      if (existing) {
        // A pending team member signing up with Google (the mailbox is proven, no password is set).
        await this.team.updateUser(existing.id, { firstName, lastName, emailVerifiedAt: new Date() });
        user = existing;
      } else {
        user = await this.team.insertUser({
          id: uuidv7(),
          email,
          firstName,
          lastName,
          passwordHash,
          emailVerifiedAt: verified ? new Date() : null,
        });
      }
      const ownWorkspace = () =>
        this.team.createWorkspace(user.id, {
          accountName: `${firstName}'s workspace`,
          // Onboarding names the brand; until then it carries a placeholder of 3–30 characters.
          brandName: 'My brand',
          onboardingCompleted: false,
        });
      if (invitation?.kind === 'SHARE') {
        // A share invitation opens what was shared and joins no account: a workspace of their own.
        await ownWorkspace();
        await this.team.acceptShareInvitation(invitation, user.id);
      } else if (invitation) {
        await this.team.addMember(invitation.accountId, user.id, 'member');
        await this.team.acceptInvitation(invitation);
      } else if (!existing) {
        await ownWorkspace();
      }
      return user;
    });

    if (verified) return { access_token: await this.startSession(user.id), verificationRequired: false };
    await this.sendVerification(user);
    client.keepVerifyBrowserProof?.(this.verifyBrowser.proof(user.id, passwordHash));
    return { verificationRequired: true };
  }

  private async checkRecaptcha(client: ClientInfo): Promise<void> {
    if (!this.config.recaptcha.secret || !(await this.flags.isOn('recaptcha'))) return;
    if (!client.recaptchaToken) throw badRequest('The reCAPTCHA check is missing');
    const response = await fetch(this.config.recaptcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: this.config.recaptcha.secret,
        response: client.recaptchaToken,
        remoteip: client.ip,
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const result = response?.ok ? ((await response.json()) as { success?: boolean }) : undefined;
    if (!result?.success) throw badRequest('The reCAPTCHA check failed; please try again');
  }

  // ── e-mail verification ─────────────────────────────────────────────────
  private async sendVerification(user: UserRow): Promise<void> {
    const token = await this.issueEmailToken(user.id, 'verify_email', VERIFY_TTL_MS);
    const link = `${this.config.publicUrl}/email-verification?token=${encodeURIComponent(token)}`;
    await this.mailer.send(verificationMail(this.productName, user.email, link));
  }

  async resendVerification(email: string, client: ClientInfo): Promise<void> {
    await this.limit('verify', email, client);
    const user = await this.team.findUserByEmail(email);
    if (user && !user.emailVerifiedAt) await this.sendVerification(user);
  }

  /**
   * A verification link never activates a password its mailbox owner did not choose (issue
   * #10, 5b): anyone can sign up with someone else's address, and the link goes to that
   * mailbox. So the link verifies on its own only in the browser that chose the account's
   * current password (it carries the VERIFY_BROWSER_COOKIE, an HMAC of the user and that
   * password's hash). Opened anywhere else it answers 409 and verifies nothing until the
   * same request brings `password`: the mailbox owner's own password replaces the sign-up's.
   * Either way every earlier session of the user is revoked and the verifying request signs in.
   * 401 when the link expired (the web sends the user to sign in for a fresh one); 404 when
   * unknown or used.
   */
  async verifyEmail(token: string, password: string | undefined, client: ClientInfo): Promise<string> {
    await this.limit('verify', undefined, client);
    const row = await this.repository.findEmailToken(hashToken(token), 'verify_email');
    if (!row || row.usedAt) throw notFound(messages.auth.verificationInvalid);
    if (row.expiresAt.getTime() < Date.now()) throw unauthorized(messages.auth.verificationExpired);
    const user = await this.team.findUser(row.userId);
    if (!user) throw notFound(messages.auth.verificationInvalid);
    const provenBrowser = this.verifyBrowser.proves(client.verifyBrowserProof, user.id, user.passwordHash);
    if (!provenBrowser && password === undefined) throw conflict(CHOOSE_PASSWORD_TO_VERIFY);
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const session = await this.repository.transaction(async () => {
      if (!(await this.repository.useEmailToken(row.id))) throw notFound(messages.auth.verificationInvalid);
      await this.team.updateUser(user.id, {
        emailVerifiedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (passwordHash) await this.repository.invalidateEmailTokens(user.id, 'reset_password');
      await this.repository.revokeUserSessions(user.id);
      return this.startSession(user.id);
    });
    client.keepVerifyBrowserProof?.(null);
    return session;
  }

  /** The Set-Cookie value that keeps (or, with null, clears) the verify-browser proof. */
  verifyBrowserCookie(proof: string | null): string {
    return this.verifyBrowser.cookie(proof);
  }

  // ── passwords ───────────────────────────────────────────────────────────
  /** Answers the same whether or not the e-mail exists. */
  async forgotPassword(email: string, client: ClientInfo): Promise<void> {
    await this.limit('forgot', email, client);
    const user = await this.team.findUserByEmail(email);
    if (!user?.passwordHash) return;
    const token = await this.issueEmailToken(user.id, 'reset_password', RESET_TTL_MS);
    const link = `${this.config.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
    await this.mailer.send(passwordResetMail(this.productName, user.email, link));
  }

  /** Sets the new password, revokes every session, and signs the user in (000 §4). */
  async resetPassword(email: string, newPassword: string, token: string): Promise<string> {
    const row = await this.repository.findEmailToken(hashToken(token), 'reset_password');
    const user = row ? await this.team.findUser(row.userId) : undefined;
    if (
      !row ||
      !user ||
      row.usedAt ||
      row.expiresAt.getTime() < Date.now() ||
      user.email.toLowerCase() !== email
    ) {
      throw badRequest(messages.auth.linkExpired);
    }
    const passwordHash = await hashPassword(newPassword);
    return this.repository.transaction(async () => {
      if (!(await this.repository.useEmailToken(row.id))) throw badRequest(messages.auth.linkExpired);
      await this.team.updateUser(user.id, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await this.repository.revokeUserSessions(user.id);
      return this.startSession(user.id);
    });
  }

  private async issueEmailToken(userId: string, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    const token = randomToken();
    await this.repository.invalidateEmailTokens(userId, purpose);
    await this.repository.insertEmailToken({
      id: uuidv7(),
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  // ── invitations ─────────────────────────────────────────────────────────
  /** Revokes a user's sessions (they left their last account). */
  async revokeUserSessions(userId: string): Promise<void> {
    await this.repository.revokeUserSessions(userId);
  }

  /**
   * The /invitation link, single use. Someone without a password of their own (a new invitee,
   * or an address whose sign-up was never verified) sets it here, in this request: any
   * password set before by someone else stops working, with its sessions and links. Someone
   * with a verified account proves it with their current password (401 otherwise) and only
   * then joins the account. Signs in. 400 when the link expired, was used or was revoked.
   */
  async acceptInvitation(email: string, token: string, password: string): Promise<string> {
    const invitation = await this.team.invitationByToken(token);
    if (
      !invitation?.userId ||
      invitation.acceptedAt ||
      invitation.expiresAt.getTime() < Date.now() ||
      invitation.email.toLowerCase() !== email
    ) {
      throw badRequest(messages.auth.linkExpired);
    }
    const user = await this.team.findUser(invitation.userId);
    if (!user) throw badRequest(messages.auth.linkExpired);
    const existing = hasOwnPassword(user);
    if (existing && !(await verifyPassword(user.passwordHash, password)))
      throw unauthorized(messages.auth.wrongCredentials);
    const passwordHash = existing ? undefined : await hashPassword(password);
    return this.repository.transaction(async () => {
      if (!(await this.team.acceptInvitation(invitation))) throw badRequest(messages.auth.linkExpired);
      if (passwordHash) {
        await this.team.updateUser(user.id, { passwordHash, emailVerifiedAt: new Date() });
        await this.repository.revokeUserSessions(user.id);
        await this.repository.invalidateEmailTokens(user.id, 'verify_email');
        await this.repository.invalidateEmailTokens(user.id, 'reset_password');
      }
      await this.team.addMember(invitation.accountId, user.id, 'member');
      return this.startSession(user.id);
    });
  }

  // ── rate limits ─────────────────────────────────────────────────────────
  private async limit(action: string, email: string | undefined, client: ClientInfo): Promise<void> {
    const { perIp, perEmail, windowMs } = this.config.authRateLimit;
    const keys = [{ key: `${action}:ip:${client.ip}`, limit: perIp }];
    if (email) keys.push({ key: `${action}:email:${email.toLowerCase()}`, limit: perEmail });
    try {
      await this.limiter.consume(keys, windowMs);
    } catch (error) {
      if (error instanceof AppError) this.log.warn({ action, ip: client.ip }, 'auth rate limit reached');
      throw error;
    }
  }
}

function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
