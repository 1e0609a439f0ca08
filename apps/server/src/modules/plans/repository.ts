import { count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { accountMembers, accounts, assets } from '../../platform/db/schema/index.js';
import { activeDatabase, inTransaction } from '../../platform/db/transaction.js';

export type PlanRow = typeof accounts.$inferSelect;

/** What an account's plan allows and what it uses. */
export class PlansRepository {
  constructor(private readonly database: Database) {}

  /** The caller's transaction when there is one (platform/db/transaction.ts). */
  private get db(): Database {
    return activeDatabase(this.database);
  }

  /** Runs fn in one transaction that every module's repositories join. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return inTransaction(this.database, fn);
  }

  /** The account with its plan's allocation columns. */
  async findPlan(accountId: string): Promise<PlanRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
    return row;
  }

  async findPlans(accountIds: string[]): Promise<PlanRow[]> {
    if (accountIds.length === 0) return [];
    return this.db.select().from(accounts).where(inArray(accounts.id, accountIds));
  }

  /** Members of the account (the usage's usersCount). */
  async countMembers(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, accountId));
    return row?.total ?? 0;
  }

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
}
