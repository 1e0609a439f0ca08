import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import {
  accountMembers,
  accounts,
  assets,
  type BrandKitColumns,
  brandGuidelines,
  brands,
  industries,
  invitations,
  memberBrands,
  sessions,
  users,
} from '../../platform/db/schema/index.js';
import { AuthRepository } from './auth-repository.js';

export type AccountRow = typeof accounts.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type GuidelineRow = typeof brandGuidelines.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type MemberRow = { user: UserRow; role: 'admin' | 'member' };

/** Accounts, brands, memberships and usage: the only place that queries them. */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  /** Runs fn with repositories bound to one transaction (never the outer handle inside it). */
  transaction<T>(
    fn: (repositories: { accounts: AccountsRepository; auth: AuthRepository }) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction((tx) => {
      const db = tx as unknown as Database;
      return fn({ accounts: new AccountsRepository(db), auth: new AuthRepository(db) });
    });
  }

  // ── accounts ────────────────────────────────────────────────────────────
  async insertAccount(row: typeof accounts.$inferInsert): Promise<AccountRow> {
    const [inserted] = await this.db.insert(accounts).values(row).returning();
    return inserted!;
  }

  async findAccount(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  async findAccounts(ids: string[]): Promise<AccountRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(accounts).where(inArray(accounts.id, ids));
  }

  // ── brands ──────────────────────────────────────────────────────────────
  async insertBrand(row: typeof brands.$inferInsert): Promise<BrandRow> {
    const [inserted] = await this.db.insert(brands).values(row).returning();
    return inserted!;
  }

  async findBrand(id: string): Promise<BrandRow | undefined> {
    const [row] = await this.db.select().from(brands).where(eq(brands.id, id)).limit(1);
    return row;
  }

  /**
   * A brand with the caller's standing in its account, in one query: their role (null when
   * not a member) and the brands they are limited to there (empty = all).
   */
  async brandWithMembership(brandId: string, userId: string) {
    const [row] = await this.db
      .select({
        brand: brands,
        role: accountMembers.role,
        restricted: sql<string[]>`coalesce((select array_agg(mb.brand_id::text) from member_brands mb
          join brands b2 on b2.id = mb.brand_id where mb.user_id = ${userId} and b2.account_id = brands.account_id), '{}')`,
      })
      .from(brands)
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, userId)),
      )
      .where(eq(brands.id, brandId))
      .limit(1);
    return row;
  }

  /**
   * A live session's user together with a brand and their standing in its account: the
   * sign-in and brand checks of a brand-scoped request in one round trip.
   */
  async sessionWithBrand(tokenHash: string, brandId: string) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        userId: users.id,
        email: users.email,
        isSuperUser: users.isSuperUser,
        brand: brands,
        role: accountMembers.role,
        restricted: sql<string[]>`coalesce((select array_agg(mb.brand_id::text) from member_brands mb
          join brands b2 on b2.id = mb.brand_id where mb.user_id = users.id and b2.account_id = brands.account_id), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(brands, eq(brands.id, brandId))
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, users.id)),
      )
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
        ),
      )
      .limit(1);
    return row;
  }

  async updateBrand(id: string, values: Partial<typeof brands.$inferInsert>): Promise<BrandRow | undefined> {
    const [row] = await this.db.update(brands).set(values).where(eq(brands.id, id)).returning();
    return row;
  }

  async setBrandKit(id: string, brandKit: BrandKitColumns): Promise<void> {
    await this.db.update(brands).set({ brandKit }).where(eq(brands.id, id));
  }

  /**
   * Brands visible to a caller: every brand (super users), or the brands of their accounts,
   * narrowed by member_brands where a member has rows there.
   */
  async listBrands(options: {
    userId: string;
    allBrands: boolean;
    limit: number;
    offset: number;
    sort: 'name' | 'createdAt';
    order: 'asc' | 'desc';
    q?: string | undefined;
  }): Promise<{ rows: BrandRow[]; total: number }> {
    const visible = options.allBrands
      ? undefined
      : sql`${brands.accountId} in (select ${accountMembers.accountId} from ${accountMembers} where ${accountMembers.userId} = ${options.userId})
          and (not exists (select 1 from ${memberBrands} mb join ${brands} b2 on b2.id = mb.brand_id
                           where mb.user_id = ${options.userId} and b2.account_id = ${brands.accountId})
               or exists (select 1 from ${memberBrands} mb where mb.user_id = ${options.userId} and mb.brand_id = ${brands.id}))`;
    const search = options.q ? ilike(brands.name, `%${options.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
    const where = and(visible, search);
    const column = options.sort === 'name' ? sql`lower(${brands.name})` : brands.createdAt;
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(brands)
        .where(where)
        .orderBy(options.order === 'asc' ? asc(column) : desc(column), asc(brands.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db.select({ total: count() }).from(brands).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async listGuidelines(brandIds: string[]): Promise<GuidelineRow[]> {
    if (brandIds.length === 0) return [];
    return this.db
      .select()
      .from(brandGuidelines)
      .where(inArray(brandGuidelines.brandId, brandIds))
      .orderBy(asc(brandGuidelines.id));
  }

  async insertGuideline(brandId: string, text: string): Promise<void> {
    await this.db.insert(brandGuidelines).values({ brandId, text, type: 'VALUE_PROPS' });
  }

  async updateGuideline(brandId: string, id: number, text: string): Promise<void> {
    await this.db
      .update(brandGuidelines)
      .set({ text })
      .where(and(eq(brandGuidelines.id, id), eq(brandGuidelines.brandId, brandId)));
  }

  async deleteGuideline(brandId: string, id: number): Promise<void> {
    await this.db
      .delete(brandGuidelines)
      .where(and(eq(brandGuidelines.id, id), eq(brandGuidelines.brandId, brandId)));
  }

  async listIndustries() {
    return this.db.select().from(industries).orderBy(asc(industries.id));
  }

  async industryExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: industries.id }).from(industries).where(eq(industries.id, id));
    return Boolean(row);
  }

  // ── members ─────────────────────────────────────────────────────────────
  async memberships(userId: string): Promise<{ accountId: string; role: 'admin' | 'member' }[]> {
    return this.db
      .select({ accountId: accountMembers.accountId, role: accountMembers.role })
      .from(accountMembers)
      .where(eq(accountMembers.userId, userId))
      .orderBy(asc(accountMembers.createdAt));
  }

  async membership(accountId: string, userId: string): Promise<'admin' | 'member' | undefined> {
    const [row] = await this.db
      .select({ role: accountMembers.role })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    return row?.role;
  }

  async restrictedBrandIds(userId: string, accountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ brandId: memberBrands.brandId })
      .from(memberBrands)
      .innerJoin(brands, eq(brands.id, memberBrands.brandId))
      .where(and(eq(memberBrands.userId, userId), eq(brands.accountId, accountId)));
    return rows.map((r) => r.brandId);
  }

  async addMember(accountId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
    await this.db.insert(accountMembers).values({ accountId, userId, role }).onConflictDoNothing();
  }

  async removeMember(accountId: string, userId: string): Promise<boolean> {
    const removed = await this.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
      .returning({ userId: accountMembers.userId });
    await this.db
      .delete(memberBrands)
      .where(
        and(
          eq(memberBrands.userId, userId),
          inArray(
            memberBrands.brandId,
            this.db.select({ id: brands.id }).from(brands).where(eq(brands.accountId, accountId)),
          ),
        ),
      );
    return removed.length > 0;
  }

  async listMembers(accountId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .select({ user: users, role: accountMembers.role })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(eq(accountMembers.accountId, accountId))
      .orderBy(asc(accountMembers.createdAt), asc(users.email));
    return rows;
  }

  async countMembers(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, accountId));
    return row?.total ?? 0;
  }

  async accountAdmins(accountId: string): Promise<UserRow[]> {
    const rows = await this.listMembers(accountId);
    return rows.filter((r) => r.role === 'admin').map((r) => r.user);
  }

  async deletePendingInvitations(accountId: string, userId: string): Promise<void> {
    await this.db
      .delete(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          eq(invitations.userId, userId),
          isNull(invitations.acceptedAt),
        ),
      );
  }

  async hasOtherMemberships(userId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ total: count() })
      .from(accountMembers)
      .where(and(eq(accountMembers.userId, userId), ne(accountMembers.accountId, accountId)));
    return (row?.total ?? 0) > 0;
  }

  // ── usage ───────────────────────────────────────────────────────────────
  async assetUsage(accountId: string): Promise<{ assetsCount: number; storageBytes: number }> {
    const [row] = await this.db
      .select({
        assetsCount: sql<number>`count(*) filter (where ${assets.type} <> 'FOLDER')`.mapWith(Number),
        storageBytes: sql<number>`coalesce(${sum(assets.size)}, 0)`.mapWith(Number),
      })
      .from(assets)
      .where(eq(assets.accountId, accountId));
    return { assetsCount: row?.assetsCount ?? 0, storageBytes: row?.storageBytes ?? 0 };
  }

  /** Creates the system folder every brand starts with. */
  async insertBrandKitFolder(row: {
    id: string;
    accountId: string;
    brandId: string;
    creatorId: string | null;
  }) {
    await this.db.insert(assets).values({
      id: row.id,
      accountId: row.accountId,
      brandId: row.brandId,
      library: 'BRAND',
      type: 'FOLDER',
      name: 'Brand Kit',
      parentId: null,
      path: `/${row.id}/`,
      depth: 0,
      isSystem: true,
      isBrandKit: true,
      creatorId: row.creatorId,
      ownerId: row.creatorId,
    });
  }

  /** Serialises first-start seeding across processes (released at the end of the transaction). */
  async lockForSeeding(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(7281946310245)`);
  }

  async anyUserExists(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).limit(1);
    return Boolean(row);
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  }

  async findUser(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async insertUser(row: typeof users.$inferInsert): Promise<UserRow> {
    const [inserted] = await this.db.insert(users).values(row).returning();
    return inserted!;
  }

  async deleteUserIfOrphan(userId: string): Promise<void> {
    await this.db
      .delete(users)
      .where(
        and(
          eq(users.id, userId),
          isNull(users.lastLoginAt),
          sql`not exists (select 1 from ${accountMembers} where ${accountMembers.userId} = ${userId})`,
        ),
      );
  }
}
