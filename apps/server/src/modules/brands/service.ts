import {
  type Brand,
  type brandListQuerySchema,
  type completeOnboardingBodySchema,
  type creativeKitSchema,
  messages,
  type UpdateBrandBody,
  type updateCreativeKitBodySchema,
} from '@hookline/contract';
import type { z } from 'zod';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AccessService } from '../access/service.js';
import type { LibraryItems } from '../library/items-service.js';
import type { PlansService } from '../plans/service.js';
import { presentBrand, presentBrandKit } from './presenter.js';
import type { BrandRow, BrandsRepository } from './repository.js';

export type { BrandRow };

export interface NewAccount {
  accountName: string;
  brandName: string;
  onboardingCompleted: boolean;
  admin: { userId: string };
}

/** Accounts and their brands: brand settings, creative kit, industries, onboarding (001 §2, §7). */
export class BrandsService {
  constructor(
    private readonly repository: BrandsRepository,
    private readonly access: AccessService,
    private readonly library: LibraryItems,
    private readonly plans: PlansService,
  ) {}

  // ── accounts (sign-up, the create-user command, the demo workspace) ─────
  /**
   * A new account with its first brand (and that brand's 'Brand Kit' folder). The caller
   * makes the admin a member (team module), in the same transaction.
   */
  async createAccount(input: Omit<NewAccount, 'admin'> & { creatorId: string }) {
    return this.repository.transaction(async () => {
      const account = await this.repository.insertAccount({ id: uuidv7(), name: input.accountName });
      const brand = await this.addBrand(account.id, input.brandName, {
        onboardingCompleted: input.onboardingCompleted,
        creatorId: input.creatorId,
      });
      return { accountId: account.id, brandId: brand.id };
    });
  }

  /** One more brand in an account (super users: the create-user command now, the back-office later). */
  async createBrand(
    accountId: string,
    name: string,
    options: { onboardingCompleted: boolean; isFree?: boolean; creatorId?: string | null },
  ): Promise<BrandRow> {
    if (!(await this.repository.findAccount(accountId))) throw notFound('Account not found');
    return this.addBrand(accountId, name, { ...options, creatorId: options.creatorId ?? null });
  }

  private addBrand(
    accountId: string,
    name: string,
    options: { onboardingCompleted: boolean; creatorId: string | null; isFree?: boolean },
  ): Promise<BrandRow> {
    return this.repository.transaction(async () => {
      const brand = await this.repository.insertBrand({
        id: uuidv7(),
        accountId,
        name,
        onboardingCompleted: options.onboardingCompleted,
        isFree: options.isFree ?? false,
      });
      await this.library.createBrandKitFolder({ accountId, brandId: brand.id }, options.creatorId);
      return brand;
    });
  }

  /** The account's id and name, or undefined. */
  async findAccount(accountId: string): Promise<{ id: string; name: string } | undefined> {
    const account = await this.repository.findAccount(accountId);
    return account ? { id: account.id, name: account.name } : undefined;
  }

  /** Whether every brand of the account has finished onboarding (the profile's flag). */
  async accountOnboarded(accountId: string): Promise<boolean> {
    const { rows } = await this.repository.listBrands({
      userId: '',
      allBrands: true,
      accountId,
      limit: 1500,
      offset: 0,
      sort: 'createdAt',
      order: 'asc',
    });
    return rows.every((b) => b.onboardingCompleted);
  }

  /** The demo brand's industry and website (first start). */
  async describeDemoBrand(brandId: string): Promise<void> {
    await this.repository.updateBrand(brandId, { industryId: 14, website: 'https://demo.hookline.app' });
  }

  // ── brands ──────────────────────────────────────────────────────────────
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
    const allocations = query.includeAccountAllocation
      ? await this.plans.allocationsOf([...new Set(rows.map((r) => r.accountId))])
      : undefined;
    return {
      items: rows.map((row) => presentBrand(row, guidelines, allocations?.get(row.accountId))),
      total,
    };
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
    await this.repository.transaction(async () => {
      if (Object.keys(changes).length > 0) await this.repository.updateBrand(brand.id, changes);
      for (const guideline of body.guidelines ?? []) {
        // Negative (or missing) ids are the web's unsaved rows: new guidelines.
        const saved = guideline.id !== undefined && guideline.id > 0;
        if (saved && guideline.isDeleted) await this.repository.deleteGuideline(brand.id, guideline.id!);
        else if (saved) await this.repository.updateGuideline(brand.id, guideline.id!, guideline.text);
        else if (!guideline.isDeleted) await this.repository.insertGuideline(brand.id, guideline.text);
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
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
