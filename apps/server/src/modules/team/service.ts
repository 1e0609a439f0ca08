import type { InviteInfo, inviteUserBodySchema, Profile, TeamMember } from '@hookline/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rate-limiter.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { hashToken, randomToken } from '../../platform/security/tokens.js';
import type { AccessService } from '../access/service.js';
import type { BrandsService, NewAccount } from '../brands/service.js';
import { existingUserInvitationMail, teamInvitationMail } from './mails.js';
import { presentMember } from './presenter.js';
import type { InvitationRow, TeamRepository, UserRow } from './repository.js';

export type { UserRow };

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Called when a user leaves their last account (auth revokes their sessions). */
export type LeftAllAccountsListener = (userId: string) => Promise<void>;

/**
 * People: users, their membership of accounts, the caller's profile and team invitations
 * (000 §4, 001 §2 Team, §7). Auth reads and writes users through this service.
 */
export class TeamService {
  private readonly leftAllAccounts: LeftAllAccountsListener[] = [];
  private readonly shareInvitationsAccepted: ((invitationId: string, userId: string) => Promise<void>)[] = [];

  constructor(
    private readonly repository: TeamRepository,
    private readonly access: AccessService,
    private readonly brands: BrandsService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl' | 'inviteRateLimit'>,
    private readonly productName: string,
  ) {}

  onLeftAllAccounts(listener: LeftAllAccountsListener): void {
    this.leftAllAccounts.push(listener);
  }

  // ── profile ─────────────────────────────────────────────────────────────
  async profile(actor: Actor, accountId?: string): Promise<Profile> {
    await this.access.require(actor, 'profile.read');
    const user = userOf(actor);
    const row = await this.repository.findUser(user.userId);
    if (!row) throw notFound();
    const memberships = await this.repository.memberships(user.userId);
    const chosen = accountId ? memberships.find((m) => m.accountId === accountId) : memberships[0];
    if (accountId && !chosen && !user.isSuperUser) throw forbidden();
    const effectiveAccountId = chosen?.accountId ?? accountId ?? '';
    return {
      userId: row.id,
      email: row.email,
      accountId: effectiveAccountId,
      firstName: row.firstName,
      lastName: row.lastName,
      isSuperUser: row.isSuperUser,
      onboardingCompleted: effectiveAccountId ? await this.brands.accountOnboarded(effectiveAccountId) : true,
      role: user.isSuperUser ? 'admin' : (chosen?.role ?? 'member'),
    };
  }

  // ── users (create-user command, demo workspace, sign-up) ────────────────
  /**
   * Creates a verified user with a password: in a new account with one brand, or in an
   * existing account (optionally adding a brand there).
   */
  async createUser(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    isSuperUser?: boolean;
    accountId?: string;
    role?: 'admin' | 'member';
    accountName?: string;
    brandName?: string;
  }): Promise<{ userId: string; accountId: string; brandId: string | undefined }> {
    if (await this.repository.findUserByEmail(input.email))
      throw conflict(`A user with e-mail ${input.email} exists`);
    const passwordHash = await hashPassword(input.password);
    return this.repository.transaction(async () => {
      const user = await this.repository.insertUser({
        id: uuidv7(),
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isSuperUser: input.isSuperUser ?? false,
        emailVerifiedAt: new Date(),
      });
      if (input.accountId) {
        if (!(await this.brands.findAccount(input.accountId))) throw notFound('Account not found');
        await this.repository.addMember(input.accountId, user.id, input.role ?? 'member');
        const brand = input.brandName
          ? await this.brands.createBrand(input.accountId, input.brandName, {
              onboardingCompleted: true,
              creatorId: user.id,
            })
          : undefined;
        return { userId: user.id, accountId: input.accountId, brandId: brand?.id };
      }
      const created = await this.createWorkspace(user.id, {
        accountName: input.accountName ?? `${input.firstName}'s workspace`,
        brandName: input.brandName ?? 'My brand',
        onboardingCompleted: true,
      });
      return { userId: user.id, ...created };
    });
  }

  /**
   * On the first start with an empty database: a demo account, its brand "Demo Brand" and an
   * admin with a generated password. Answers the credentials once, or nothing when users exist.
   */
  async seedDemoWorkspace(): Promise<
    { email: string; password: string; userId: string; accountId: string; brandId: string } | undefined
  > {
    return this.repository.transaction(async () => {
      // Several API processes may start at once on PostgreSQL: one seeds, the others see its user.
      await this.repository.lockForSeeding();
      if (await this.repository.anyUserExists()) return undefined;
      const email = 'demo@hookline.local';
      const password = randomToken().slice(0, 16);
      const user = await this.repository.insertUser({
        id: uuidv7(),
        email,
        firstName: 'Demo',
        lastName: 'Admin',
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      });
      const created = await this.createWorkspace(user.id, {
        accountName: 'Demo workspace',
        brandName: 'Demo Brand',
        onboardingCompleted: true,
      });
      await this.brands.describeDemoBrand(created.brandId);
      return { email, password, userId: user.id, ...created };
    });
  }

  /** A new account and brand with this user as its admin (sign-up, create-user, demo). */
  async createWorkspace(userId: string, input: Omit<NewAccount, 'admin'>) {
    return this.repository.transaction(async () => {
      const created = await this.brands.createAccount({ ...input, creatorId: userId });
      await this.repository.addMember(created.accountId, userId, 'admin');
      return created;
    });
  }

  /** A user's e-mail address (mail sent on their behalf by background work). */
  async emailOf(userId: string): Promise<string | undefined> {
    return (await this.repository.findUser(userId))?.email;
  }

  findUser(id: string): Promise<UserRow | undefined> {
    return this.repository.findUser(id);
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.repository.findUserByEmail(email);
  }

  insertUser(row: Parameters<TeamRepository['insertUser']>[0]): Promise<UserRow> {
    return this.repository.insertUser(row);
  }

  updateUser(id: string, values: Parameters<TeamRepository['updateUser']>[1]): Promise<void> {
    return this.repository.updateUser(id, values);
  }

  recordLogin(id: string): Promise<void> {
    return this.repository.recordLogin(id);
  }

  addMember(accountId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
    return this.repository.addMember(accountId, userId, role);
  }

  // ── team ────────────────────────────────────────────────────────────────
  async listMembers(actor: Actor, accountId: string): Promise<TeamMember[]> {
    await this.access.require(actor, 'team.read', [accountId]);
    return (await this.repository.listMembers(accountId)).map(presentMember);
  }

  /**
   * Invites someone to the account by e-mail. A new address becomes a pending member at once
   * (listed with lastLogin null) and sets a password through the link. Someone who already has
   * a user joins only when they accept the invitation; until then nothing about them shows: the
   * answer echoes the invitation (the names typed, lastLogin null) as for a new address.
   */
  async inviteMember(actor: Actor, body: z.infer<typeof inviteUserBodySchema>): Promise<TeamMember> {
    await this.access.require(actor, 'team.manage', [body.accountId]);
    const user = userOf(actor);
    const account = await this.brands.findAccount(body.accountId);
    if (!account) throw notFound('Account not found');
    const existing = await this.repository.findUserByEmail(body.email);
    if (existing && (await this.repository.membership(account.id, existing.id))) {
      throw conflict('This person is already a member of the team');
    }
    await this.limitInvitation(account.id, body.email);
    const invitee =
      existing ??
      (await this.repository.transaction(async () => {
        const created = await this.repository.insertUser({
          id: uuidv7(),
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
        });
        await this.repository.addMember(account.id, created.id, 'member');
        return created;
      }));
    const invitationId = await this.sendInvitation({ inviterId: user.userId, account, invitee });
    if (!existing) return presentMember({ user: invitee, role: 'member' });
    return {
      id: invitationId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      isSuperUser: false,
      role: 'member',
      lastLogin: null,
    };
  }

  async reinviteMember(actor: Actor, accountId: string, memberId: string): Promise<void> {
    await this.access.require(actor, 'team.manage', [accountId]);
    const user = userOf(actor);
    const account = await this.brands.findAccount(accountId);
    const member = await this.repository.findUser(memberId);
    if (!account || !member || !(await this.repository.membership(accountId, memberId)))
      throw notFound('Member not found');
    if (member.lastLoginAt) throw conflict('This member has already accepted the invitation');
    await this.limitInvitation(account.id, member.email);
    await this.sendInvitation({ inviterId: user.userId, account, invitee: member });
  }

  async removeMember(actor: Actor, accountId: string, memberId: string): Promise<void> {
    await this.access.require(actor, 'team.manage', [accountId]);
    const user = userOf(actor);
    if (memberId === user.userId) throw forbidden('You cannot remove yourself from the team');
    const role = await this.repository.membership(accountId, memberId);
    if (!role) throw notFound('Member not found');
    await this.repository.transaction(async () => {
      await this.repository.removeMember(accountId, memberId);
      await this.repository.deletePendingInvitations(accountId, memberId);
      if (!(await this.repository.hasOtherMemberships(memberId, accountId))) {
        for (const listener of this.leftAllAccounts) await listener(memberId);
      }
      await this.repository.deleteUserIfOrphan(memberId);
    });
  }

  // ── invitations ─────────────────────────────────────────────────────────
  /** 429 when an account sends, or an address receives, too many invitations (INVITE_RATE_LIMIT_*). */
  async limitInvitation(accountId: string, email: string): Promise<void> {
    const { perAccount, perEmail, windowMs } = this.config.inviteRateLimit;
    await this.limiter.consume(
      [
        { key: `invite:account:${accountId}`, limit: perAccount },
        { key: `invite:email:${email.toLowerCase()}`, limit: perEmail },
      ],
      windowMs,
    );
  }

  /**
   * Mails a team invitation link (/invitation?email&token) and revokes the earlier links to the
   * same address into the same account. New people set their password when they accept;
   * people who already have an account enter theirs, and only then join. Answers the id.
   */
  private async sendInvitation(input: {
    inviterId: string;
    account: { id: string; name: string };
    invitee: UserRow;
  }): Promise<string> {
    const inviter = await this.repository.findUser(input.inviterId);
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : this.productName;
    const token = randomToken();
    const id = crypto.randomUUID();
    await this.repository.transaction(async () => {
      await this.repository.revokePendingInvitations(input.account.id, input.invitee.email);
      await this.repository.insertInvitation({
        id,
        accountId: input.account.id,
        email: input.invitee.email,
        userId: input.invitee.id,
        invitedByUserId: input.inviterId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
    });
    const link = `${this.config.publicUrl}/invitation?email=${encodeURIComponent(input.invitee.email)}&token=${encodeURIComponent(token)}`;
    const mail = hasOwnPassword(input.invitee) ? existingUserInvitationMail : teamInvitationMail;
    await this.mailer.send(
      mail(this.productName, input.invitee.email, inviterName, input.account.name, link),
    );
    return id;
  }

  /** An invitation id for people without an account (share and board invitations reuse it). */
  async createSignupInvitation(input: {
    inviterId: string;
    accountId: string;
    brandId?: string;
    email: string;
  }) {
    return this.repository.insertInvitation({
      id: crypto.randomUUID(),
      accountId: input.accountId,
      brandId: input.brandId ?? null,
      email: input.email,
      invitedByUserId: input.inviterId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  }

  /**
   * A share invitation (modules/shares): it opens the items shared with the address once its
   * owner signs up, and joins no account (sign-up makes a workspace of their own).
   */
  async createShareInvitation(input: {
    inviterId: string;
    accountId: string;
    brandId: string;
    email: string;
  }) {
    return this.repository.insertInvitation({
      id: crypto.randomUUID(),
      accountId: input.accountId,
      brandId: input.brandId,
      email: input.email,
      invitedByUserId: input.inviterId,
      kind: 'SHARE',
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  }

  /** Sharing binds its shares to the person who signed up with a share invitation. */
  onShareInvitationAccepted(listener: (invitationId: string, userId: string) => Promise<void>): void {
    this.shareInvitationsAccepted.push(listener);
  }

  /** Marks a share invitation used and hands its shares to the new user (in the caller's transaction). */
  async acceptShareInvitation(invitation: InvitationRow, userId: string): Promise<void> {
    await this.repository.transaction(async () => {
      if (!(await this.repository.acceptInvitation(invitation.id))) return;
      for (const listener of this.shareInvitationsAccepted) await listener(invitation.id, userId);
    });
  }

  async inviteInfo(id: string): Promise<InviteInfo> {
    const invitation = await this.openInvitation(id);
    const inviter = invitation.invitedByUserId
      ? await this.repository.findUser(invitation.invitedByUserId)
      : undefined;
    return {
      email: invitation.email,
      invitedByUserName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : this.productName,
    };
  }

  async openInvitation(id: string) {
    const invitation = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.findInvitation(id) : undefined;
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() < Date.now()) {
      throw notFound('This invitation is not valid any more');
    }
    return invitation;
  }

  /** The invitation a link's token names, whatever its state (auth checks it). */
  invitationByToken(token: string): Promise<InvitationRow | undefined> {
    return this.repository.findInvitationByToken(hashToken(token));
  }

  /**
   * Marks the invitation accepted (false when it already was: links are single use) and ends
   * the other open links to the same address into the same account.
   */
  async acceptInvitation(invitation: InvitationRow): Promise<boolean> {
    return this.repository.transaction(async () => {
      if (!(await this.repository.acceptInvitation(invitation.id))) return false;
      await this.repository.revokePendingInvitations(invitation.accountId, invitation.email, invitation.id);
      return true;
    });
  }
}

/** A password the user chose and whose mailbox is proven: only then is it theirs. */
export function hasOwnPassword(user: UserRow): boolean {
  return Boolean(user.passwordHash && user.emailVerifiedAt);
}
