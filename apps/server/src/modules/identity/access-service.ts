import type { AuthUser } from '../../platform/http/auth.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import type { AccountsRepository, BrandRow } from './accounts-repository.js';

export interface BrandStanding {
  brand: BrandRow;
  role: 'admin' | 'member' | null;
  restricted: string[];
}

export interface BrandAccess {
  brand: BrandRow;
  canWrite: boolean;
}

/** The usability rule, from a brand and the caller's role and limits in its account; 404 when not usable. */
export function decideBrandAccess(user: AuthUser, standing: BrandStanding | undefined): BrandAccess {
  const usable =
    standing &&
    (user.isSuperUser ||
      standing.role === 'admin' ||
      (standing.role === 'member' &&
        (standing.restricted.length === 0 || standing.restricted.includes(standing.brand.id))));
  if (!standing || !usable) throw notFound('Brand not found');
  // Write access: a super user, or acting in one of the user's own brands.
  return { brand: standing.brand, canWrite: true };
}

/**
 * Who may touch which account and brand (000 §6). A user's "own" brands are the brands of
 * the accounts they belong to (narrowed by member_brands); super users may use every brand.
 * Brands the caller may not use answer 404, so their existence does not leak.
 */
export class AccessService {
  constructor(private readonly repository: AccountsRepository) {}

  async canUseBrand(user: AuthUser, brand: BrandRow): Promise<boolean> {
    if (user.isSuperUser) return true;
    const role = await this.repository.membership(brand.accountId, user.userId);
    if (!role) return false;
    if (role === 'admin') return true;
    const restricted = await this.repository.restrictedBrandIds(user.userId, brand.accountId);
    return restricted.length === 0 || restricted.includes(brand.id);
  }

  /** The brand, when the caller may use it; 404 otherwise. One query. */
  async usableBrand(user: AuthUser, brandId: string): Promise<BrandRow> {
    return (await this.brandAccess(user, brandId)).brand;
  }

  /** The brand and whether the caller may write in it (000 §6), or 404. One query. */
  async brandAccess(user: AuthUser, brandId: string): Promise<BrandAccess> {
    return decideBrandAccess(user, await this.repository.brandWithMembership(brandId, user.userId));
  }

  /** The brand-scope guard: the brand must exist in that account and be usable by the caller. */
  async brandInAccount(
    user: AuthUser,
    accountId: string,
    brandId: string,
    prefetched?: BrandStanding | null,
  ) {
    const access =
      prefetched === undefined
        ? await this.brandAccess(user, brandId)
        : decideBrandAccess(user, prefetched ?? undefined);
    if (access.brand.accountId !== accountId) throw notFound('Brand not found');
    return access;
  }

  /** Write access (000 §6): authenticated and a super user or acting in one of their own brands. */
  async hasWriteAccess(user: AuthUser, brand: BrandRow): Promise<boolean> {
    if (user.isSuperUser) return true;
    return this.canUseBrand(user, brand);
  }

  /** The caller's role in an account (super users act as admins); 403 for outsiders. */
  async accountRole(user: AuthUser, accountId: string): Promise<'admin' | 'member'> {
    if (user.isSuperUser) return 'admin';
    const role = await this.repository.membership(accountId, user.userId);
    if (!role) throw forbidden();
    return role;
  }

  async requireAccountAdmin(user: AuthUser, accountId: string): Promise<void> {
    if ((await this.accountRole(user, accountId)) !== 'admin') throw forbidden();
  }

  requireSuperUser(user: AuthUser): void {
    if (!user.isSuperUser) throw forbidden();
  }
}
