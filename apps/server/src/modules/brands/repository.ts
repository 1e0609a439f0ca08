import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  accountMembers,
  accounts,
  type BrandKitColumns,
  brandGuidelines,
  brands,
  industries,
  memberBrands,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type AccountRow = typeof accounts.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type GuidelineRow = typeof brandGuidelines.$inferSelect;

/** Accounts, brands, guidelines and industries: the only place that queries them. */
export class BrandsRepository extends Repository {
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
    /** Only this account's brands. */
    accountId?: string;
  }): Promise<{ rows: BrandRow[]; total: number }> {
    const visible = options.allBrands
      ? undefined
      : sql`${brands.accountId} in (select ${accountMembers.accountId} from ${accountMembers} where ${accountMembers.userId} = ${options.userId})
          and (not exists (select 1 from ${memberBrands} mb join ${brands} b2 on b2.id = mb.brand_id
                           where mb.user_id = ${options.userId} and b2.account_id = ${brands.accountId})
               or exists (select 1 from ${memberBrands} mb where mb.user_id = ${options.userId} and mb.brand_id = ${brands.id}))`;
    const search = options.q ? ilike(brands.name, `%${options.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
    const where = and(
      visible,
      search,
      options.accountId ? eq(brands.accountId, options.accountId) : undefined,
    );
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
}
