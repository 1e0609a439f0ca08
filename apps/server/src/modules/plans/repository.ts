import { count, eq, inArray, sql } from 'drizzle-orm';
import { accountMembers, accounts, assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type PlanRow = typeof accounts.$inferSelect;

/** What an account's plan allows and what it uses. */
export class PlansRepository extends Repository {
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

  async setPlanLimits(
    accountId: string,
    limits: { assetsCount?: number | null; storageBytes?: number | null },
  ): Promise<void> {
    await this.db.update(accounts).set(limits).where(eq(accounts.id, accountId));
  }

  /** Serialises allocation checks of one account (released when the caller's transaction ends). */
  async lockAccountUsage(accountId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`usage:${accountId}`}))`);
  }

  /**
   * What the account's files use: `completed` counts files whose bytes arrived (uploaded,
   * processing or processed, and copies, clips and folders' contents made without an
   * upload); `inFlight` counts uploads still UPLOADING, which reserve their declared size.
   * Failed uploads count in neither (a retry starts a new reservation).
   */
  async assetUsage(accountId: string): Promise<{
    completed: { assetsCount: number; storageBytes: number };
    inFlight: { assetsCount: number; storageBytes: number };
  }> {
    const done = sql`(${assets.uploadingState} is null or ${assets.uploadingState} in ('UPLOADED', 'UPLOADED_GENERATING_THUMBNAIL', 'UPLOADED_WITHOUT_THUMBNAIL'))`;
    const uploading = sql`${assets.uploadingState} = 'UPLOADING'`;
    const [row] = await this.db
      .select({
        assetsCount: sql<number>`count(*) filter (where ${assets.type} <> 'FOLDER' and ${done})`.mapWith(
          Number,
        ),
        storageBytes: sql<number>`coalesce(sum(${assets.size}) filter (where ${done}), 0)`.mapWith(Number),
        inFlightCount: sql<number>`count(*) filter (where ${uploading})`.mapWith(Number),
        inFlightBytes: sql<number>`coalesce(sum(${assets.size}) filter (where ${uploading}), 0)`.mapWith(
          Number,
        ),
      })
      .from(assets)
      .where(eq(assets.accountId, accountId));
    return {
      completed: { assetsCount: row?.assetsCount ?? 0, storageBytes: row?.storageBytes ?? 0 },
      inFlight: { assetsCount: row?.inFlightCount ?? 0, storageBytes: row?.inFlightBytes ?? 0 },
    };
  }
}
