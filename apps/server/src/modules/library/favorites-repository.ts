import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { assets, favorites } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { type AssetListRow, type ItemRows, type ItemScope, within } from './item-query.js';

/** The users' stars on items, and the starred items as lists show them. */
export class FavoritesRepository extends Repository {
  constructor(
    database: Database,
    /** The item rows' columns, shared with the items' lists (extensions included). */
    private readonly itemRows: ItemRows,
  ) {
    super(database);
  }

  async favorite(scope: ItemScope, userId: string, assetId: string): Promise<void> {
    await this.db.insert(favorites).values({ userId, assetId, brandId: scope.brandId }).onConflictDoNothing();
  }

  async unfavorite(userId: string, assetId: string): Promise<void> {
    await this.db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.assetId, assetId)));
  }

  async listFavorites(
    scope: ItemScope,
    userId: string,
    options: { sort: 'createdAt' | 'name'; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ rows: AssetListRow[]; total: number }> {
    const where = and(eq(favorites.userId, userId), within(scope), eq(assets.isHidden, false));
    const key = options.sort === 'name' ? sql`lower(${assets.name})` : sql`${favorites.createdAt}`;
    const direction = options.order === 'asc' ? asc : desc;
    const [rows, totals] = await Promise.all([
      this.itemRows
        .select(this.db, userId)
        .innerJoin(favorites, and(eq(favorites.assetId, assets.id), eq(favorites.userId, userId)))
        .where(where)
        .orderBy(direction(key), direction(assets.id))
        .limit(options.limit)
        .offset(options.offset),
      this.db
        .select({ total: count() })
        .from(favorites)
        .innerJoin(assets, eq(assets.id, favorites.assetId))
        .where(where),
    ]);
    return { rows: rows as AssetListRow[], total: totals[0]?.total ?? 0 };
  }
}
