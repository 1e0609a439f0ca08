import { and, desc, eq, gt, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  assets,
  shareMailCounts,
  shareSessions,
  shares,
  shareViews,
  users,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type ShareRow = typeof shares.$inferSelect;
export type NewShareRow = typeof shares.$inferInsert;

/** A share with what access checks read of its item (current path and type). */
export interface ShareWithItem {
  share: ShareRow;
  item: { path: string; type: string; name: string; library: string };
}

export interface SharedPersonRow {
  share: ShareRow;
  user: { id: string; firstName: string; lastName: string; email: string } | null;
}

const itemColumns = { path: assets.path, type: assets.type, name: assets.name, library: assets.library };

/** A user's person shares of items (boards shared with them are listed with boards). */
const sharedWithWhere = (userId: string) =>
  and(eq(shares.userId, userId), eq(shares.kind, 'PERSON'), ne(shares.scope, 'BOARD'));

/** The shares module's queries; nothing else reads or writes its tables. */
export class SharesRepository extends Repository {
  /** The live share a link token's HMAC names, with its item (gone items share nothing). */
  async findByToken(tokenHmac: string): Promise<ShareWithItem | undefined> {
    const [row] = await this.db
      .select({ share: shares, item: itemColumns })
      .from(shares)
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .where(eq(shares.tokenHmac, tokenHmac));
    return row;
  }

  /** The share a live session of a locked link belongs to. */
  async findBySession(tokenHash: string, now: Date): Promise<ShareWithItem | undefined> {
    const [row] = await this.db
      .select({ share: shares, item: itemColumns })
      .from(shareSessions)
      .innerJoin(shares, eq(shares.id, shareSessions.shareId))
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .where(and(eq(shareSessions.tokenHash, tokenHash), gt(shareSessions.expiresAt, now)));
    return row;
  }

  async find(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.id, id));
    return row;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: shares.id }).from(shares).where(eq(shares.id, id));
    return Boolean(row);
  }

  /** An item's shares: people (with their users, when signed up) and its public link. */
  async forItem(resourceId: string): Promise<SharedPersonRow[]> {
    return this.db
      .select({
        share: shares,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(shares)
      .leftJoin(users, eq(users.id, shares.userId))
      .where(eq(shares.resourceId, resourceId))
      .orderBy(shares.createdAt, shares.id);
  }

  async insert(rows: NewShareRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(shares).values(rows).onConflictDoNothing();
  }

  async update(id: string, changes: Partial<NewShareRow>): Promise<void> {
    await this.db.update(shares).set(changes).where(eq(shares.id, id));
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(shares).where(inArray(shares.id, ids));
  }

  async boardFoldersSharedWith(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: shares.resourceId })
      .from(shares)
      .where(and(eq(shares.userId, userId), eq(shares.kind, 'PERSON'), eq(shares.scope, 'BOARD')));
    return rows.map((row) => row.id);
  }

  async deleteBoardShares(folderId: string): Promise<void> {
    await this.db.delete(shares).where(and(eq(shares.resourceId, folderId), eq(shares.scope, 'BOARD')));
  }

  /** A user's person shares of one item (a recipient dropping it). */
  async deletePersonShares(userId: string, resourceId: string): Promise<number> {
    const removed = await this.db
      .delete(shares)
      .where(and(eq(shares.userId, userId), eq(shares.resourceId, resourceId), eq(shares.kind, 'PERSON')))
      .returning({ id: shares.id });
    return removed.length;
  }

  /** Items shared with a user, newest share first, with the page's total. */
  async sharedWith(userId: string, limit: number, offset: number) {
    const where = sharedWithWhere(userId);
    const rows = await this.db
      .select({
        assetId: shares.resourceId,
        brandId: shares.brandId,
        accountId: shares.accountId,
        sharedAt: shares.createdAt,
        sharedBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(shares)
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .leftJoin(users, eq(users.id, shares.createdBy))
      .where(where)
      .orderBy(desc(shares.createdAt), desc(shares.id))
      .limit(limit)
      .offset(offset);
    return rows;
  }

  async countSharedWith(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shares)
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .where(sharedWithWhere(userId));
    return row?.n ?? 0;
  }

  /** Which of these items have a share of their own. */
  /** Whether an item is shared, as a column of the library's item rows (ItemExtension.fields). */
  isSharedColumn(assetId: SQL): SQL {
    return sql`exists (select 1 from ${shares} where ${shares.resourceId} = ${assetId})`;
  }

  async sharedIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ id: shares.resourceId })
      .from(shares)
      .where(inArray(shares.resourceId, ids));
    return new Set(rows.map((row) => row.id));
  }

  /** Signed-up people an item is shared with: shares of the item or of a folder above it. */
  async peopleSharedOn(item: { id: string; path: string; brandId: string }) {
    const shared = sql`${item.path} like ${assets.path} || '%'`;
    return this.db
      .selectDistinct({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(shares)
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .innerJoin(users, eq(users.id, shares.userId))
      .where(
        and(
          eq(shares.brandId, item.brandId),
          eq(shares.kind, 'PERSON'),
          isNotNull(shares.userId),
          sql`(${assets.id} = ${item.id} or (${assets.type} = 'FOLDER' and ${shared}))`,
        ),
      );
  }

  async insertSession(row: typeof shareSessions.$inferInsert): Promise<void> {
    await this.db.insert(shareSessions).values(row);
  }

  async deleteSessions(shareId: string): Promise<void> {
    await this.db.delete(shareSessions).where(eq(shareSessions.shareId, shareId));
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.delete(shareSessions).where(lt(shareSessions.expiresAt, now));
  }

  /**
   * Counts a visit unless this visitor was counted in the window: one statement, so two API
   * processes never count the same visitor twice.
   */
  async countView(shareId: string, visitorHash: string, now: Date, windowStart: Date): Promise<boolean> {
    const counted = await this.db
      .insert(shareViews)
      .values({ shareId, visitorHash, countedAt: now })
      .onConflictDoUpdate({
        target: [shareViews.shareId, shareViews.visitorHash],
        set: { countedAt: now },
        setWhere: lt(shareViews.countedAt, windowStart),
      })
      .returning({ shareId: shareViews.shareId });
    if (counted.length === 0) return false;
    await this.db
      .update(shares)
      .set({ viewCount: sql`${shares.viewCount} + 1`, lastOpenedAt: now })
      .where(eq(shares.id, shareId));
    return true;
  }

  /** Adds n to a user's share e-mails of the day; answers the new count. */
  async addMails(userId: string, day: string, n: number): Promise<number> {
    const [row] = await this.db
      .insert(shareMailCounts)
      .values({ userId, day, count: n })
      .onConflictDoUpdate({
        target: [shareMailCounts.userId, shareMailCounts.day],
        set: { count: sql`${shareMailCounts.count} + ${n}` },
      })
      .returning({ count: shareMailCounts.count });
    return row?.count ?? n;
  }

  /** A share invitation's shares go to the person who signed up with it. */
  async bindInvitation(invitationId: string, userId: string): Promise<void> {
    await this.db
      .update(shares)
      .set({ userId, invitationId: null })
      .where(eq(shares.invitationId, invitationId));
  }
}
