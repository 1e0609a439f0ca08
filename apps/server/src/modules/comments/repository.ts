import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  accountMembers,
  brands,
  commentReactions,
  comments,
  memberBrands,
  users,
} from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;
export type ReactionRow = typeof commentReactions.$inferSelect;

export interface UserRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Comments, their reactions and the people behind them. */
export class CommentsRepository extends Repository {
  /** A comment, deleted or not. */
  async find(id: string): Promise<CommentRow | undefined> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id));
    return row;
  }

  /** The live comments of an item (roots and replies), oldest first. */
  ofAsset(assetId: string): Promise<CommentRow[]> {
    return this.db
      .select()
      .from(comments)
      .where(and(eq(comments.assetId, assetId), isNull(comments.deletedAt)))
      .orderBy(asc(comments.createdAt));
  }

  /** The live comments of a board (about one of its items with assetId), oldest first. */
  ofBoard(boardId: string, assetId?: string): Promise<CommentRow[]> {
    return this.db
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.boardId, boardId),
          assetId ? eq(comments.assetId, assetId) : undefined,
          isNull(comments.deletedAt),
        ),
      )
      .orderBy(asc(comments.createdAt));
  }

  /** Live comments per board (the boards' `comments` count). */
  async boardCounts(boardIds: string[]): Promise<Map<string, number>> {
    if (boardIds.length === 0) return new Map();
    const rows = await this.db
      .select({ boardId: comments.boardId, n: count() })
      .from(comments)
      .where(and(inArray(comments.boardId, boardIds), isNull(comments.deletedAt)))
      .groupBy(comments.boardId);
    return new Map(rows.map((row) => [row.boardId!, row.n]));
  }

  /** A thread's live comments: the root and its replies. */
  thread(rootId: string): Promise<CommentRow[]> {
    return this.db
      .select()
      .from(comments)
      .where(and(or(eq(comments.id, rootId), eq(comments.parentId, rootId)), isNull(comments.deletedAt)))
      .orderBy(asc(comments.createdAt));
  }

  async reactionsOf(commentIds: string[]): Promise<ReactionRow[]> {
    if (commentIds.length === 0) return [];
    return this.db
      .select()
      .from(commentReactions)
      .where(inArray(commentReactions.commentId, commentIds))
      .orderBy(asc(commentReactions.createdAt));
  }

  async users(ids: string[]): Promise<Map<string, UserRef>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** An item's live comments, counted, as a column of the library's item rows (ItemExtension.fields). */
  itemCountColumn(assetId: SQL): SQL {
    return sql`(select count(*)::int from ${comments} where ${comments.assetId} = ${assetId} and ${comments.deletedAt} is null)`;
  }

  async insert(row: NewCommentRow): Promise<CommentRow> {
    const [made] = await this.db.insert(comments).values(row).returning();
    return made!;
  }

  async update(
    id: string,
    values: Partial<Pick<CommentRow, 'text' | 'mentionUserIds' | 'resolved' | 'deletedAt'>>,
  ) {
    const [row] = await this.db
      .update(comments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(comments.id, id))
      .returning();
    return row!;
  }

  /** Deleted comments past their restore window go for good. */
  async purgeDeletedBefore(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(comments)
      .where(and(isNotNull(comments.deletedAt), lt(comments.deletedAt, cutoff)))
      .returning({ id: comments.id });
    return rows.length;
  }

  /** The same reaction again answers the existing one. */
  async react(row: typeof commentReactions.$inferInsert): Promise<ReactionRow> {
    await this.db.insert(commentReactions).values(row).onConflictDoNothing();
    const [existing] = await this.db
      .select()
      .from(commentReactions)
      .where(
        and(
          eq(commentReactions.commentId, row.commentId),
          eq(commentReactions.userId, row.userId!),
          eq(commentReactions.emoji, row.emoji),
        ),
      );
    return existing!;
  }

  async reaction(commentId: string, id: string): Promise<ReactionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(commentReactions)
      .where(and(eq(commentReactions.commentId, commentId), eq(commentReactions.id, id)));
    return row;
  }

  async deleteReaction(id: string): Promise<void> {
    await this.db.delete(commentReactions).where(eq(commentReactions.id, id));
  }

  /**
   * The people of a brand who can see its items: its account's admins, and members not
   * limited to other brands.
   */
  async brandPeople(brandId: string): Promise<(UserRef & { role: 'admin' | 'member' })[]> {
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: accountMembers.role,
      })
      .from(brands)
      .innerJoin(accountMembers, eq(accountMembers.accountId, brands.accountId))
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(
        and(
          eq(brands.id, brandId),
          or(
            eq(accountMembers.role, 'admin'),
            sql`not exists (select 1 from ${memberBrands} mb join brands b2 on b2.id = mb.brand_id
              where mb.user_id = ${users.id} and b2.account_id = ${brands.accountId})`,
            sql`exists (select 1 from ${memberBrands} mb where mb.user_id = ${users.id} and mb.brand_id = ${brands.id})`,
          ),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName));
  }
}
