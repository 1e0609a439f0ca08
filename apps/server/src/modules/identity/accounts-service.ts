import {
  type Allocation,
  type Brand,
  type brandListQuerySchema,
  type completeOnboardingBodySchema,
  type creativeKitSchema,
  type inviteUserBodySchema,
  messages,
  type Profile,
  type requestUpgradeBodySchema,
  type TeamMember,
  type UpdateBrandBody,
  type Usage,
  type updateCreativeKitBodySchema,
} from '@hookline/contract';
import type { z } from 'zod';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { badRequest, conflict, forbidden, notFound, paymentRequired } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashPassword } from '../../platform/security/passwords.js';
import { randomToken } from '../../platform/security/tokens.js';
import type { AccessService } from '../access/service.js';
import type { AccountsRepository, BrandRow } from './accounts-repository.js';
import type { AuthService } from './auth-service.js';
import { upgradeRequestMail } from './mails.js';
import { presentAllocation, presentBrand, presentBrandKit, presentMember } from './presenter.js';

export interface NewAccount {
  accountName: string;
  brandName: string;
  onboardingCompleted: boolean;
  admin: { userId: string };
}

/** Accounts, brands, team members, profile, plan and usage (000 §3, 001 §2–§7). */
export class AccountsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly access: AccessService,
    private readonly auth: () => AuthService,
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
  ) {}

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
    const brands = effectiveAccountId
      ? (
          await this.repository.listBrands({
            userId: user.userId,
            allBrands: true,
            limit: 1500,
            offset: 0,
            sort: 'createdAt',
            order: 'asc',
          })
        ).rows.filter((b) => b.accountId === effectiveAccountId)
      : [];
    return {
      userId: row.id,
      email: row.email,
      accountId: effectiveAccountId,
      firstName: row.firstName,
      lastName: row.lastName,
      isSuperUser: row.isSuperUser,
      onboardingCompleted: brands.every((b) => b.onboardingCompleted),
      role: user.isSuperUser ? 'admin' : (chosen?.role ?? 'member'),
    };
  }

  // ── users (create-user command, demo workspace) ─────────────────────────
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
    return this.repository.transaction(async ({ accounts }) => {
      const user = await accounts.insertUser({
        id: uuidv7(),
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isSuperUser: input.isSuperUser ?? false,
        emailVerifiedAt: new Date(),
      });
      if (input.accountId) {
        if (!(await accounts.findAccount(input.accountId))) throw notFound('Account not found');
        await accounts.addMember(input.accountId, user.id, input.role ?? 'member');
        const brand = input.brandName
          ? await this.createBrandWith(accounts, input.accountId, input.brandName, {
              onboardingCompleted: true,
              creatorId: user.id,
            })
          : undefined;
        return { userId: user.id, accountId: input.accountId, brandId: brand?.id };
      }
      const created = await this.createAccount(
        {
          accountName: input.accountName ?? `${input.firstName}'s workspace`,
          brandName: input.brandName ?? 'My brand',
          onboardingCompleted: true,
          admin: { userId: user.id },
        },
        accounts,
      );
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
    return this.repository.transaction(async ({ accounts }) => {
      // Several API processes may start at once on PostgreSQL: one seeds, the others see its user.
      await accounts.lockForSeeding();
      if (await accounts.anyUserExists()) return undefined;
      const email = 'demo@hookline.local';
      const password = randomToken().slice(0, 16);
      const user = await accounts.insertUser({
        id: uuidv7(),
        email,
        firstName: 'Demo',
        lastName: 'Admin',
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      });
      const created = await this.createAccount(
        {
          accountName: 'Demo workspace',
          brandName: 'Demo Brand',
          onboardingCompleted: true,
          admin: { userId: user.id },
        },
        accounts,
      );
      await accounts.updateBrand(created.brandId, { industryId: 14, website: 'https://demo.hookline.app' });
      return { email, password, userId: user.id, ...created };
    });
  }

  // ── accounts and brands ─────────────────────────────────────────────────
  /** A new account with its admin and first brand (and that brand's 'Brand Kit' folder). */
  async createAccount(
    input: NewAccount,
    repository = this.repository,
  ): Promise<{ accountId: string; brandId: string }> {
    const account = await repository.insertAccount({ id: uuidv7(), name: input.accountName });
    await repository.addMember(account.id, input.admin.userId, 'admin');
    const brand = await this.createBrandWith(repository, account.id, input.brandName, {
      onboardingCompleted: input.onboardingCompleted,
      creatorId: input.admin.userId,
    });
    return { accountId: account.id, brandId: brand.id };
  }

  /** One more brand in an account (super users: the create-user command now, the back-office later). */
  async createBrand(
    accountId: string,
    name: string,
    options: { onboardingCompleted: boolean; isFree?: boolean },
  ) {
    if (!(await this.repository.findAccount(accountId))) throw notFound('Account not found');
    return this.repository.transaction(({ accounts }) =>
      this.createBrandWith(accounts, accountId, name, { ...options, creatorId: null }),
    );
  }

  private async createBrandWith(
    repository: AccountsRepository,
    accountId: string,
    name: string,
    options: { onboardingCompleted: boolean; creatorId: string | null; isFree?: boolean },
  ): Promise<BrandRow> {
    const brand = await repository.insertBrand({
      id: uuidv7(),
      accountId,
      name,
      onboardingCompleted: options.onboardingCompleted,
      isFree: options.isFree ?? false,
    });
    await repository.insertBrandKitFolder({
      id: uuidv7(),
      accountId,
      brandId: brand.id,
      creatorId: options.creatorId,
    });
    return brand;
  }

  async listBrands(
    actor: Actor,
    query: z.infer<typeof brandListQuerySchema>,
  ): Promise<{ items: Brand[]; total: number }> {
    await this.access.require(actor, 'brand.list');
    const user = userOf(actor);
    const { rows, total } = await this.repository.listBrands({
      userId: user.userId,
      allBrands: user.isSuperUser,
      limit: query.limit,
      offset: query.offset,
      sort: query.sort,
      order: query.order,
      q: query.q,
    });
    const guidelines = await this.repository.listGuidelines(rows.map((r) => r.id));
    const accounts = query.includeAccountAllocation
      ? new Map(
          (await this.repository.findAccounts([...new Set(rows.map((r) => r.accountId))])).map((a) => [
            a.id,
            a,
          ]),
        )
      : undefined;
    return { items: rows.map((row) => presentBrand(row, guidelines, accounts?.get(row.accountId))), total };
  }

  async getBrand(actor: Actor, brandId: string): Promise<Brand> {
    await this.access.require(actor, 'brand.read', [brandId]);
    const brand = await this.brandRow(brandId);
    return presentBrand(brand, await this.repository.listGuidelines([brand.id]));
  }

  /** The about form: admins of the brand's account (and super users). */
  async updateBrand(actor: Actor, brandId: string, body: UpdateBrandBody): Promise<Brand> {
    await this.access.require(actor, 'brand.update', [brandId]);
    const brand = await this.brandRow(brandId);
    if (body.industryId != null && !(await this.repository.industryExists(body.industryId))) {
      throw badRequest('Unknown industry');
    }
    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.industryId !== undefined ? { industryId: body.industryId } : {}),
      ...(body.brandKit?.website !== undefined ? { website: body.brandKit.website || null } : {}),
      ...(body.brandKit?.description !== undefined ? { description: body.brandKit.description || null } : {}),
    };
    await this.repository.transaction(async ({ accounts }) => {
      if (Object.keys(changes).length > 0) await accounts.updateBrand(brand.id, changes);
      for (const guideline of body.guidelines ?? []) {
        // Negative (or missing) ids are the web's unsaved rows: new guidelines.
        const saved = guideline.id !== undefined && guideline.id > 0;
        if (saved && guideline.isDeleted) await accounts.deleteGuideline(brand.id, guideline.id!);
        else if (saved) await accounts.updateGuideline(brand.id, guideline.id!, guideline.text);
        else if (!guideline.isDeleted) await accounts.insertGuideline(brand.id, guideline.text);
      }
    });
    return this.getBrand(actor, brand.id);
  }

  async completeOnboarding(
    actor: Actor,
    brandId: string,
    body: z.infer<typeof completeOnboardingBodySchema>,
  ) {
    await this.access.require(actor, 'brand.update', [brandId]);
    const brand = await this.brandRow(brandId);
    if (!(await this.repository.industryExists(body.industryId))) throw badRequest('Unknown industry');
    await this.repository.updateBrand(brand.id, {
      name: body.companyName,
      industryId: body.industryId,
      website: body.website,
      onboardingCompleted: true,
    });
    return this.getBrand(actor, brand.id);
  }

  async creativeKit(actor: Actor, brandId: string): Promise<z.infer<typeof creativeKitSchema>> {
    await this.access.require(actor, 'brand.read', [brandId]);
    const brand = await this.brandRow(brandId);
    return {
      brandId: brand.id,
      logoURL: brand.logoUrl,
      fullLogoURL: brand.fullLogoUrl,
      brandKit: presentBrandKit(brand),
    };
  }

  /** Campaign management: super users only (001 §6). */
  async updateCreativeKit(actor: Actor, brandId: string, body: z.infer<typeof updateCreativeKitBodySchema>) {
    await this.access.require(actor, 'brand.creativeKit.update', [brandId]);
    const brand = await this.brandRow(brandId);
    await this.repository.updateBrand(brand.id, {
      ...(body.logoURL !== undefined ? { logoUrl: body.logoURL } : {}),
      ...(body.fullLogoURL !== undefined ? { fullLogoUrl: body.fullLogoURL } : {}),
      brandKit: { ...brand.brandKit, ...stripUndefined(body.brandKit ?? {}) },
    });
    return this.creativeKit(actor, brand.id);
  }

  /** A brand the caller's access check has already found. */
  private async brandRow(brandId: string): Promise<BrandRow> {
    const brand = await this.repository.findBrand(brandId);
    if (!brand) throw notFound(messages.api.brandNotFound);
    return brand;
  }

  async industries(actor: Actor) {
    await this.access.require(actor, 'industry.list');
    return this.repository.listIndustries();
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
    const account = await this.repository.findAccount(body.accountId);
    if (!account) throw notFound('Account not found');
    const existing = await this.repository.findUserByEmail(body.email);
    if (existing && (await this.repository.membership(account.id, existing.id))) {
      throw conflict('This person is already a member of the team');
    }
    await this.auth().limitInvitation(account.id, body.email);
    const invitee =
      existing ??
      (await this.repository.transaction(async ({ accounts }) => {
        const created = await accounts.insertUser({
          id: uuidv7(),
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
        });
        await accounts.addMember(account.id, created.id, 'member');
        return created;
      }));
    const invitationId = await this.auth().sendTeamInvitation({ inviterId: user.userId, account, invitee });
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
    const account = await this.repository.findAccount(accountId);
    const member = await this.repository.findUser(memberId);
    if (!account || !member || !(await this.repository.membership(accountId, memberId)))
      throw notFound('Member not found');
    if (member.lastLoginAt) throw conflict('This member has already accepted the invitation');
    await this.auth().limitInvitation(account.id, member.email);
    await this.auth().sendTeamInvitation({ inviterId: user.userId, account, invitee: member });
  }

  async removeMember(actor: Actor, accountId: string, memberId: string): Promise<void> {
    await this.access.require(actor, 'team.manage', [accountId]);
    const user = userOf(actor);
    if (memberId === user.userId) throw forbidden('You cannot remove yourself from the team');
    const role = await this.repository.membership(accountId, memberId);
    if (!role) throw notFound('Member not found');
    await this.repository.transaction(async ({ accounts, auth }) => {
      await accounts.removeMember(accountId, memberId);
      await accounts.deletePendingInvitations(accountId, memberId);
      if (!(await accounts.hasOtherMemberships(memberId, accountId))) await auth.revokeUserSessions(memberId);
      await accounts.deleteUserIfOrphan(memberId);
    });
  }

  // ── plan and usage ──────────────────────────────────────────────────────
  async usage(actor: Actor, accountId: string): Promise<Usage> {
    await this.access.require(actor, 'plan.read', [accountId]);
    const [assets, usersCount] = await Promise.all([
      this.repository.assetUsage(accountId),
      this.repository.countMembers(accountId),
    ]);
    // AI tags, analysed ads and agent messages are counted by their features when they land.
    return {
      ...assets,
      usersCount,
      aiTagsCount: 0,
      aiTagsGenerationsCount: 0,
      analyzedAdsMonthlyCount: 0,
      agentMessagesMonthlyCount: 0,
    };
  }

  /** A user's e-mail address (mail sent on their behalf by background work). */
  async emailOf(userId: string): Promise<string | undefined> {
    return (await this.repository.findUser(userId))?.email;
  }

  /** 402 when adding these files would pass the plan's asset count or storage (001 §3 allocation). */
  async assertAssetAllocation(accountId: string, extraAssets: number, extraBytes: number): Promise<void> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw notFound('Account not found');
    if (account.assetsCount === null && account.storageBytes === null) return;
    const usage = await this.repository.assetUsage(accountId);
    if (account.assetsCount !== null && usage.assetsCount + extraAssets > account.assetsCount)
      throw paymentRequired('assets', account.assetsCount);
    if (account.storageBytes !== null && usage.storageBytes + extraBytes > account.storageBytes)
      throw paymentRequired('storage', account.storageBytes);
  }

  async allocation(actor: Actor, accountId: string): Promise<Allocation> {
    await this.access.require(actor, 'plan.read', [accountId]);
    const account = await this.repository.findAccount(accountId);
    if (!account) throw notFound('Account not found');
    return presentAllocation(account);
  }

  async package(actor: Actor, accountId: string) {
    const allocation = await this.allocation(actor, accountId);
    return { id: allocation.name.toLowerCase().replace(/\s+/g, '-'), name: allocation.name };
  }

  async requestUpgrade(actor: Actor, accountId: string, body: z.infer<typeof requestUpgradeBodySchema>) {
    await this.access.require(actor, 'plan.manage', [accountId]);
    const account = await this.repository.findAccount(accountId);
    if (!account) throw notFound('Account not found');
    await this.mailer.send(
      upgradeRequestMail(this.supportEmail, { ...body, account: account.name, accountId: account.id }),
    );
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
