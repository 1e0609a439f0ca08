import type { BoardSortField } from '@hookline/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { boardItems, boardReviews, boards, boardTags } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type BoardRow = typeof boards.$inferSelect;
export type NewBoardRow = typeof boards.$inferInsert;
export type BoardItemRow = typeof boardItems.$inferSelect;
export type BoardReviewRow = typeof boardReviews.$inferSelect;

/** The boards module's queries: boards, their tags, items and review decisions (nothing else reads them). */
export class BoardsRepository extends Repository {
  /**
   * Serialises board creation in a brand for the rest of the transaction, so two first boards
   * never make two `Boards` folders.
   */
  async lockBrand(brandId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`boards:${brandId}`}))`);
  }

  async insert(row: NewBoardRow): Promise<void> {
    await this.db.insert(boards).values(row);
  }

  async update(id: string, values: Partial<NewBoardRow>): Promise<void> {
    await this.db.update(boards).set(values).where(eq(boards.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(boards).where(eq(boards.id, id));
  }

  async find(id: string): Promise<BoardRow | undefined> {
    const [row] = await this.db.select().from(boards).where(eq(boards.id, id));
    return row;
  }

  async findByFolder(folderId: string): Promise<BoardRow | undefined> {
    const [row] = await this.db.select().from(boards).where(eq(boards.folderId, folderId));
    return row;
  }

  /**
   * One page of boards: a brand's (createdBy: mine), or those whose folders are shared with
   * the caller (folderIds); the total rides along on every row.
   */
  async list(options: {
    brandId?: string | undefined;
    createdBy?: string | undefined;
    folderIds?: string[] | undefined;
    sort: BoardSortField;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  }): Promise<{ rows: BoardRow[]; total: number }> {
    if (options.folderIds && options.folderIds.length === 0) return { rows: [], total: 0 };
    const where = and(
      options.brandId ? eq(boards.brandId, options.brandId) : undefined,
      options.createdBy ? eq(boards.createdBy, options.createdBy) : undefined,
      options.folderIds ? inArray(boards.folderId, options.folderIds) : undefined,
    );
    const key: SQL = {
      name: sql`lower(${boards.name})`,
      createdAt: sql`${boards.createdAt}`,
      updatedAt: sql`${boards.updatedAt}`,
    }[options.sort];
    const direction = options.order === 'asc' ? asc : desc;
    const rows = await this.db
      .select({ board: boards, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(boards)
      .where(where)
      .orderBy(direction(key), direction(boards.id))
      .limit(options.limit)
      .offset(options.offset);
    if (rows.length > 0 || options.offset === 0)
      return { rows: rows.map((r) => r.board), total: rows[0]?.total ?? 0 };
    const [count] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(boards)
      .where(where);
    return { rows: [], total: count?.n ?? 0 };
  }

  // ── tags ──────────────────────────────────────────────────────────────
  async tagIds(boardIds: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (boardIds.length === 0) return found;
    const rows = await this.db.select().from(boardTags).where(inArray(boardTags.boardId, boardIds));
    for (const row of rows) found.set(row.boardId, [...(found.get(row.boardId) ?? []), row.tagId]);
    return found;
  }

  async setTags(boardId: string, tagIds: string[]): Promise<void> {
    await this.db.delete(boardTags).where(eq(boardTags.boardId, boardId));
    if (tagIds.length > 0)
      await this.db
        .insert(boardTags)
        .values(tagIds.map((tagId) => ({ boardId, tagId })))
        .onConflictDoNothing();
  }

  // ── items ─────────────────────────────────────────────────────────────
  /** The ids of a board's items (the library lists a board's content by them). */
  async members(boardId: string): Promise<string[]> {
    const rows = await this.db
      .select({ assetId: boardItems.assetId })
      .from(boardItems)
      .where(eq(boardItems.boardId, boardId));
    return rows.map((row) => row.assetId);
  }

  /** Adds items (those already on the board are skipped); answers the ids added. */
  async addItems(
    boardId: string,
    assetIds: string[],
    origin: 'UPLOAD' | 'REFERENCE',
    addedBy: string | null,
  ): Promise<string[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .insert(boardItems)
      .values(assetIds.map((assetId) => ({ boardId, assetId, origin, addedBy })))
      .onConflictDoNothing()
      .returning({ assetId: boardItems.assetId });
    return rows.map((row) => row.assetId);
  }

  async removeItems(boardId: string, assetIds: string[]): Promise<string[]> {
    const rows = await this.db
      .delete(boardItems)
      .where(and(eq(boardItems.boardId, boardId), inArray(boardItems.assetId, assetIds)))
      .returning({ assetId: boardItems.assetId });
    return rows.map((row) => row.assetId);
  }

  async items(boardId: string, origin?: 'UPLOAD' | 'REFERENCE'): Promise<BoardItemRow[]> {
    return this.db
      .select()
      .from(boardItems)
      .where(and(eq(boardItems.boardId, boardId), origin ? eq(boardItems.origin, origin) : undefined))
      .orderBy(asc(boardItems.addedAt), asc(boardItems.assetId));
  }

  async item(boardId: string, assetId: string): Promise<BoardItemRow | undefined> {
    const [row] = await this.db
      .select()
      .from(boardItems)
      .where(and(eq(boardItems.boardId, boardId), eq(boardItems.assetId, assetId)));
    return row;
  }

  /** How many items each board holds, and how many of them were uploaded to it. */
  async itemCounts(boardIds: string[]): Promise<Map<string, { all: number; uploaded: number }>> {
    if (boardIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        boardId: boardItems.boardId,
        all: sql<number>`count(*)`.mapWith(Number),
        uploaded: sql<number>`count(*) filter (where ${boardItems.origin} = 'UPLOAD')`.mapWith(Number),
      })
      .from(boardItems)
      .where(inArray(boardItems.boardId, boardIds))
      .groupBy(boardItems.boardId);
    return new Map(rows.map((row) => [row.boardId, { all: row.all, uploaded: row.uploaded }]));
  }

  /** Each board's latest-added items (newest first), the candidates for its thumbnail. */
  async latestItems(boardIds: string[], perBoard: number): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (boardIds.length === 0) return found;
    const ranked = this.db
      .select({
        boardId: boardItems.boardId,
        assetId: boardItems.assetId,
        rank: sql<number>`row_number() over (partition by ${boardItems.boardId} order by ${boardItems.addedAt} desc, ${boardItems.assetId} desc)`.as(
          'rank',
        ),
      })
      .from(boardItems)
      .where(inArray(boardItems.boardId, boardIds))
      .as('ranked');
    const rows = await this.db
      .select({ boardId: ranked.boardId, assetId: ranked.assetId })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${perBoard}`)
      .orderBy(ranked.boardId, ranked.rank);
    for (const row of rows) found.set(row.boardId, [...(found.get(row.boardId) ?? []), row.assetId]);
    return found;
  }

  /** The boards of a brand an item is on, with how it came there. */
  async placesOf(brandId: string, assetId: string) {
    return this.db
      .select({ board: boards, origin: boardItems.origin })
      .from(boardItems)
      .innerJoin(boards, eq(boards.id, boardItems.boardId))
      .where(and(eq(boardItems.assetId, assetId), eq(boards.brandId, brandId)))
      .orderBy(asc(sql`lower(${boards.name})`));
  }

  /** An item's content changed: on every board, decisions before now no longer count. */
  async resetReviewsOf(assetId: string): Promise<void> {
    await this.db.update(boardItems).set({ reviewFrom: new Date() }).where(eq(boardItems.assetId, assetId));
  }

  // ── review decisions ──────────────────────────────────────────────────
  async insertReview(row: typeof boardReviews.$inferInsert): Promise<void> {
    await this.db.insert(boardReviews).values(row);
  }

  /** A board's decisions that still count (made since their item's reviewFrom), oldest first. */
  async reviews(boardId: string): Promise<BoardReviewRow[]> {
    const rows = await this.db
      .select({ review: boardReviews })
      .from(boardReviews)
      .innerJoin(
        boardItems,
        and(eq(boardItems.boardId, boardReviews.boardId), eq(boardItems.assetId, boardReviews.assetId)),
      )
      .where(
        and(eq(boardReviews.boardId, boardId), sql`${boardReviews.createdAt} >= ${boardItems.reviewFrom}`),
      )
      .orderBy(asc(boardReviews.createdAt), asc(boardReviews.id));
    return rows.map((row) => row.review);
  }
}
