import type { AssetSortField } from '@hookline/contract';
import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.js';
import type { AssetRow, NewAssetRow } from '../../platform/db/schema/assets.js';
import { assets, favorites, uploads, users } from '../../platform/db/schema/index.js';
import { activeDatabase, inTransaction } from '../../platform/db/transaction.js';

export type { AssetRow, NewAssetRow };

/** A row as lists show it: the asset, its people, child count and the caller's star. */
export interface AssetListRow {
  asset: AssetRow;
  creator: { id: string; firstName: string; lastName: string } | null;
  owner: { id: string; firstName: string; lastName: string } | null;
  childCount: number;
  isFavorite: boolean;
  /** The upload's lifecycle (uploads table); null for folders and files made without an upload. */
  upload: { retryCount: number; canRetry: boolean; failureReason: string | null } | null;
}

export interface Scope {
  brandId: string;
  userId: string;
}

const creators = alias(users, 'creator');
const owners = alias(users, 'owner');

/** Items directly under a folder (null = the root). */
const inFolder = (parentId: string | null) =>
  parentId ? eq(assets.parentId, parentId) : isNull(assets.parentId);

/** The only place that queries assets and favorites. */
export class LibraryRepository {
  constructor(private readonly database: Database) {}

  /** The caller's transaction when there is one (platform/db/transaction.ts). */
  private get db(): Database {
    return activeDatabase(this.database);
  }

  transaction<T>(fn: (repository: LibraryRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.database, () => fn(this));
  }

  /** Listing columns, one query for a whole page. (Subqueries name the outer table `assets` literally: drizzle leaves single-table columns unqualified.) */
  private listSelect<Extra extends Record<string, SQL.Aliased | SQL>>(userId: string, extra?: Extra) {
    return this.db
      .select({
        ...(extra as Extra),
        asset: assets,
        creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
        owner: { id: owners.id, firstName: owners.firstName, lastName: owners.lastName },
        childCount: sql<number>`case when ${assets.type} = 'FOLDER'
          then (select count(*) from assets c where c.brand_id = assets.brand_id and c.parent_id = assets.id and c.library = assets.library and not c.is_hidden) else 0 end`.mapWith(
          Number,
        ),
        isFavorite: sql<boolean>`exists (select 1 from favorites f where f.user_id = ${userId} and f.asset_id = assets.id)`,
        upload: {
          retryCount: uploads.retryCount,
          canRetry: uploads.canRetry,
          failureReason: uploads.failureReason,
        },
      })
      .from(assets)
      .leftJoin(creators, eq(creators.id, assets.creatorId))
      .leftJoin(owners, eq(owners.id, assets.ownerId))
      .leftJoin(uploads, eq(uploads.assetId, assets.id));
  }

  /**
   * One page of a folder. The page's ids are chosen first from the covering listing index
   * (no sort, no wide rows), then only those rows are joined with people, counts and stars:
   * a page deep in a 10k-item folder stays a few milliseconds (bench/library).
   */
  async list(
    scope: Scope,
    options: {
      parentId: string | null;
      library: string;
      sort: AssetSortField;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: AssetListRow[]; total: number }> {
    const where = and(
      eq(assets.brandId, scope.brandId),
      inFolder(options.parentId),
      eq(assets.library, options.library as AssetRow['library']),
      sql`not ${assets.isHidden}`,
    );
    const key: SQL = {
      name: sql`lower(${assets.name})`,
      size: sql`${assets.size}`,
      createdAt: sql`${assets.createdAt}`,
    }[options.sort];
    const direction = options.order === 'asc' ? asc : desc;
    // The folder's total rides along on every row of the page (a window over the filtered
    // rows, before LIMIT): one query for the page and its count.
    const page = this.db
      .select({
        id: sql<string>`${assets.id}`.as('page_id'),
        isFile: sql<boolean>`(${assets.type} <> 'FOLDER')`.as('page_is_file'),
        sortKey: sql`${key}`.as('page_sort_key'),
        total: sql<number>`count(*) over ()`.as('page_total'),
      })
      .from(assets)
      .where(where)
      .orderBy(sql`(${assets.type} <> 'FOLDER')`, direction(key), direction(assets.id))
      .limit(options.limit)
      .offset(options.offset)
      .as('page');
    const rows = await this.listSelect(scope.userId, { total: sql<number>`${page.total}`.mapWith(Number) })
      .innerJoin(page, eq(page.id, assets.id))
      .orderBy(page.isFile, direction(page.sortKey), direction(assets.id));
    if (rows.length > 0 || options.offset === 0) {
      return { rows: rows as unknown as AssetListRow[], total: rows[0]?.total ?? 0 };
    }
    // Past the end: no row carries the total, so count apart.
    const [totals] = await this.db.select({ total: count() }).from(assets).where(where);
    return { rows: [], total: totals?.total ?? 0 };
  }

  async listFolders(scope: Scope, parentId: string | null): Promise<AssetListRow[]> {
    const rows = await this.listSelect(scope.userId)
      .where(
        and(
          eq(assets.brandId, scope.brandId),
          inFolder(parentId),
          eq(assets.type, 'FOLDER'),
          eq(assets.isHidden, false),
        ),
      )
      .orderBy(sql`lower(${assets.name})`, asc(assets.id));
    return rows as AssetListRow[];
  }

  /** One level of the folder tree, with whether each folder has subfolders, in one query. */
  /** The folders of one tree level (`parentIds` null = the root), each with whether it has subfolders. */
  async folderTreeLevel(brandId: string, parentIds: (string | null)[]) {
    const parents = parentIds.filter((id): id is string => id !== null);
    const underParents = [
      ...(parentIds.includes(null) ? [isNull(assets.parentId)] : []),
      ...(parents.length > 0 ? [inArray(assets.parentId, parents)] : []),
    ];
    if (underParents.length === 0) return [];
    return this.db
      .select({
        id: assets.id,
        name: assets.name,
        parentId: assets.parentId,
        isSystem: assets.isSystem,
        hasSubfolders: sql<boolean>`exists (select 1 from assets c where c.brand_id = assets.brand_id and c.parent_id = assets.id and c.library = assets.library and c.type = 'FOLDER' and not c.is_hidden)`,
      })
      .from(assets)
      .where(
        and(
          eq(assets.brandId, brandId),
          underParents.length === 1 ? underParents[0] : or(...underParents),
          eq(assets.type, 'FOLDER'),
          eq(assets.isHidden, false),
        ),
      )
      .orderBy(sql`lower(${assets.name})`, asc(assets.id));
  }

  async findListRow(scope: Scope, id: string): Promise<AssetListRow | undefined> {
    const [row] = await this.listSelect(scope.userId).where(
      and(eq(assets.id, id), eq(assets.brandId, scope.brandId)),
    );
    return row as AssetListRow | undefined;
  }

  async findListRows(scope: Scope, ids: string[]): Promise<AssetListRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.listSelect(scope.userId).where(
      and(inArray(assets.id, ids), eq(assets.brandId, scope.brandId)),
    );
    return rows as AssetListRow[];
  }

  async find(brandId: string, id: string): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assets)
      .where(and(eq(assets.id, id), eq(assets.brandId, brandId)))
      .limit(1);
    return row;
  }

  async findMany(brandId: string, ids: string[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(assets)
      .where(and(inArray(assets.id, ids), eq(assets.brandId, brandId)));
  }

  /** Every visible child of a folder (select-all operations). */
  async childIds(brandId: string, parentId: string | null): Promise<string[]> {
    const rows = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.brandId, brandId), inFolder(parentId), eq(assets.isHidden, false)));
    return rows.map((r) => r.id);
  }

  /** Breadcrumbs: the ancestors named in the path, root first, in one query. */
  async ancestors(brandId: string, row: AssetRow) {
    const ids = row.path.split('/').filter(Boolean).slice(0, -1);
    if (ids.length === 0) return [];
    const found = await this.db
      .select({ id: assets.id, name: assets.name, isSystem: assets.isSystem, depth: assets.depth })
      .from(assets)
      .where(and(inArray(assets.id, ids), eq(assets.brandId, brandId)))
      .orderBy(asc(assets.depth));
    return found.map(({ depth: _depth, ...crumb }) => crumb);
  }

  /** How many items the subtrees of these roots hold (roots included), one query. */
  async subtreeSize(brandId: string, roots: AssetRow[]): Promise<number> {
    if (roots.length === 0) return 0;
    const [row] = await this.db
      .select({ total: count() })
      .from(assets)
      .where(
        and(
          eq(assets.brandId, brandId),
          sql`(${sql.join(
            roots.map((r) => like(assets.path, `${escapeLike(r.path)}%`)),
            sql` or `,
          )})`,
        ),
      );
    return row?.total ?? 0;
  }

  /** Whether any item in these subtrees is a system item. */
  async subtreeHasSystem(brandId: string, roots: AssetRow[]): Promise<boolean> {
    if (roots.length === 0) return false;
    const [row] = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(
        and(
          eq(assets.brandId, brandId),
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

  /** The whole subtree of a root, parents before children. */
  async subtree(brandId: string, root: AssetRow): Promise<AssetRow[]> {
    return this.subtrees(brandId, [root]);
  }

  /** Every row in the subtrees of these roots (roots included), parents before children, one query. */
  async subtrees(brandId: string, roots: AssetRow[]): Promise<AssetRow[]> {
    if (roots.length === 0) return [];
    return this.db
      .select()
      .from(assets)
      .where(
        and(
          eq(assets.brandId, brandId),
          sql`(${sql.join(
            roots.map((r) => like(assets.path, `${escapeLike(r.path)}%`)),
            sql` or `,
          )})`,
        ),
      )
      .orderBy(asc(assets.depth), asc(assets.createdAt));
  }

  async insert(rows: NewAssetRow[]): Promise<void> {
    // Chunked: one statement per 500 rows keeps parameters well under PostgreSQL's limit.
    for (let i = 0; i < rows.length; i += 500) await this.db.insert(assets).values(rows.slice(i, i + 500));
  }

  /** Workers load an asset by id alone (the job carries the brand it was queued for). */
  async findById(id: string): Promise<AssetRow | undefined> {
    const [row] = await this.db.select().from(assets).where(eq(assets.id, id)).limit(1);
    return row;
  }

  /**
   * Changes a file only while it is in one of the `from` upload states: two requests (or a
   * retry racing a worker) cannot both move it. Answers the updated row, or undefined.
   */
  async transition(
    id: string,
    from: NonNullable<AssetRow['uploadingState']>[],
    values: Partial<NewAssetRow>,
  ): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(assets.id, id), inArray(assets.uploadingState, from)))
      .returning();
    return row;
  }

  async updateById(id: string, values: Partial<NewAssetRow>): Promise<void> {
    await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(assets.id, id));
  }

  /** Deletes files by id and queues their bytes for the sweeper, in one statement. */
  async deleteFiles(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      with deleted as (
        delete from assets where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        returning id, storage_prefix
      )
      insert into storage_garbage (id, storage_prefix, upload_key, upload_id)
      select gen_random_uuid(), d.storage_prefix,
             case when u.upload_id is not null then d.storage_prefix || 'upload' end, u.upload_id
      from deleted d left join uploads u on u.asset_id = d.id
      where d.storage_prefix is not null`);
  }

  async update(brandId: string, id: string, values: Partial<NewAssetRow>): Promise<void> {
    await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(assets.id, id), eq(assets.brandId, brandId)));
  }

  /** Moves a subtree: the root gets its new parent, and every path and depth below is rewritten in one statement. */
  async moveSubtree(brandId: string, root: AssetRow, newParent: AssetRow | null): Promise<void> {
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
      .where(and(eq(assets.brandId, brandId), like(assets.path, `${escapeLike(root.path)}%`)));
  }

  /**
   * Deletes whole subtrees; answers the deleted ids. The same statement queues the deleted
   * files' storage prefixes (and unfinished multipart uploads) for the storage sweeper.
   */
  async deleteSubtrees(brandId: string, roots: AssetRow[]): Promise<string[]> {
    if (roots.length === 0) return [];
    const inSubtrees = sql.join(
      roots.map((r) => sql`path like ${`${escapeLike(r.path)}%`}`),
      sql` or `,
    );
    const result = await this.db.execute<{ id: string }>(sql`
      with deleted as (
        delete from assets where brand_id = ${brandId} and (${inSubtrees})
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

  async setHidden(brandId: string, ids: string[], isHidden: boolean): Promise<string[]> {
    if (ids.length === 0) return [];
    const updated = await this.db
      .update(assets)
      .set({ isHidden, updatedAt: sql`now()` })
      .where(and(eq(assets.brandId, brandId), inArray(assets.id, ids)))
      .returning({ id: assets.id });
    return updated.map((u) => u.id);
  }

  // ── favorites ───────────────────────────────────────────────────────────
  async favorite(scope: Scope, assetId: string): Promise<void> {
    await this.db
      .insert(favorites)
      .values({ userId: scope.userId, assetId, brandId: scope.brandId })
      .onConflictDoNothing();
  }

  async unfavorite(scope: Scope, assetId: string): Promise<void> {
    await this.db
      .delete(favorites)
      .where(and(eq(favorites.userId, scope.userId), eq(favorites.assetId, assetId)));
  }

  async listFavorites(
    scope: Scope,
    options: { sort: 'createdAt' | 'name'; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ rows: AssetListRow[]; total: number }> {
    const where = and(
      eq(favorites.userId, scope.userId),
      eq(favorites.brandId, scope.brandId),
      eq(assets.isHidden, false),
    );
    const key = options.sort === 'name' ? sql`lower(${assets.name})` : sql`${favorites.createdAt}`;
    const direction = options.order === 'asc' ? asc : desc;
    const [rows, totals] = await Promise.all([
      this.listSelect(scope.userId)
        .innerJoin(favorites, and(eq(favorites.assetId, assets.id), eq(favorites.userId, scope.userId)))
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
