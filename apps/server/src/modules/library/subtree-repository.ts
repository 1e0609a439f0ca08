import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import { escapeLike } from '../../platform/db/like.js';
import { assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { type AssetRow, type ItemScope, within } from './item-query.js';

/**
 * Queries over whole subtrees (items and everything under them, found by path prefix): their
 * size and rows, and moving, deleting and hiding them.
 */
export class SubtreeRepository extends Repository {
  /** How many items the subtrees of these roots hold (roots included), one query. */
  async subtreeSize(scope: ItemScope, roots: AssetRow[]): Promise<number> {
    if (roots.length === 0) return 0;
    const [row] = await this.db
      .select({ total: count() })
      .from(assets)
      .where(
        and(
          within(scope),
          sql`(${sql.join(
            roots.map((r) => like(assets.path, `${escapeLike(r.path)}%`)),
            sql` or `,
          )})`,
        ),
      );
    return row?.total ?? 0;
  }

  /** Whether any item in these subtrees is a system item. */
  async subtreeHasSystem(scope: ItemScope, roots: AssetRow[]): Promise<boolean> {
    if (roots.length === 0) return false;
    const [row] = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(
        and(
          within(scope),
          eq(assets.isSystem, true),
          sql`(${sql.join(
            roots.map((r) => like(assets.path, `${escapeLike(r.path)}%`)),
            sql` or `,
          )})`,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Every row in the subtrees of these roots (roots included), parents before children, one query. */
  async subtrees(scope: ItemScope, roots: AssetRow[]): Promise<AssetRow[]> {
    if (roots.length === 0) return [];
    return this.db
      .select()
      .from(assets)
      .where(
        and(
          within(scope),
          sql`(${sql.join(
            roots.map((r) => like(assets.path, `${escapeLike(r.path)}%`)),
            sql` or `,
          )})`,
        ),
      )
      .orderBy(asc(assets.depth), asc(assets.createdAt));
  }

  /** Moves a subtree: the root gets its new parent, and every path and depth below is rewritten in one statement. */
  async moveSubtree(scope: ItemScope, root: AssetRow, newParent: AssetRow | null): Promise<void> {
    const newPath = `${newParent ? newParent.path : '/'}${root.id}/`;
    const depthDelta = (newParent ? newParent.depth + 1 : 0) - root.depth;
    await this.db
      .update(assets)
      .set({
        path: sql`${newPath} || substr(${assets.path}, ${root.path.length + 1})`,
        depth: sql`${assets.depth} + ${depthDelta}`,
        parentId: sql`case when ${assets.id} = ${root.id} then ${newParent?.id ?? null}::uuid else ${assets.parentId} end`,
        updatedAt: sql`now()`,
      })
      .where(and(within(scope), like(assets.path, `${escapeLike(root.path)}%`)));
  }

  /**
   * Deletes whole subtrees; answers the deleted ids. The same statement queues the deleted
   * files' storage prefixes (and unfinished multipart uploads) for the storage sweeper.
   */
  async deleteSubtrees(scope: ItemScope, roots: AssetRow[]): Promise<string[]> {
    if (roots.length === 0) return [];
    const inSubtrees = sql.join(
      roots.map((r) => sql`path like ${`${escapeLike(r.path)}%`}`),
      sql` or `,
    );
    const library = scope.library ? sql` and library = ${scope.library}` : sql``;
    const result = await this.db.execute<{ id: string }>(sql`
      with deleted as (
        delete from assets where brand_id = ${scope.brandId}${library} and (${inSubtrees})
        returning id, storage_prefix
      ), garbage as (
        insert into storage_garbage (id, storage_prefix, upload_key, upload_id)
        select gen_random_uuid(), d.storage_prefix,
               case when u.upload_id is not null then d.storage_prefix || 'upload' end, u.upload_id
        from deleted d left join uploads u on u.asset_id = d.id
        where d.storage_prefix is not null
      )
      select id from deleted`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((d) => d.id);
  }

  async setHidden(scope: ItemScope, ids: string[], isHidden: boolean): Promise<string[]> {
    if (ids.length === 0) return [];
    const updated = await this.db
      .update(assets)
      .set({ isHidden, updatedAt: sql`now()` })
      .where(and(within(scope), inArray(assets.id, ids)))
      .returning({ id: assets.id });
    return updated.map((u) => u.id);
  }
}
