import type { AssetSortField, Library } from '@hookline/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssetRow, NewAssetRow } from '../../platform/db/schema/assets.js';
import { assets, favorites, uploads, users } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

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
  /** The feature modules' columns (ItemExtension.fields), by registration order: `e0`, `e1`… */
  extensions?: Record<string, unknown>;
}

/**
 * A column a feature module adds to the item rows (ItemExtension.fields): a scalar subquery
 * over its own tables for the item whose id is `assetId`.
 */
export type ExtensionColumn = (assetId: SQL) => SQL;

/** The outer row's id as an extension's subquery names it (the list queries' `assets`, unaliased). */
const OUTER_ASSET_ID = sql`assets.id`;

/**
 * Where a library query looks: one brand of one account, and one library when the caller
 * names it (a path's `{library}`, a list's `library`); without it, any library of the brand.
 */
export interface ItemScope {
  accountId: string;
  brandId: string;
  library?: Library | undefined;
}

/**
 * The rows of a scope: every query of this repository starts from it. A brand belongs to one
 * account (the access layer resolved the brand inside the path's account before any service
 * runs), so brand_id pins the account; not repeating account_id keeps the folder pages
 * index-only reads (drizzle/0006). The scope's accountId is what new rows are written with.
 */
const within = (scope: ItemScope) =>
  and(eq(assets.brandId, scope.brandId), scope.library ? eq(assets.library, scope.library) : undefined);

/**
 * `within` for the prepared queries: the brand and library are placeholders (`brandId`,
 * `library`); a scope with a library and one without are two shapes (`scopeShape`).
 */
const withinPlaced = (scope: ItemScope) =>
  and(
    eq(assets.brandId, sql.placeholder('brandId')),
    scope.library ? eq(assets.library, sql.placeholder('library')) : undefined,
  );
const scopeShape = (scope: ItemScope) => (scope.library ? 'library' : 'brand');
const scopeValues = (scope: ItemScope) => ({ brandId: scope.brandId, library: scope.library });
/** The ids of a prepared query, one uuid[] parameter whatever their number. */
const idIn = (name: string) => sql`${assets.id} = any(${sql.placeholder(name)}::uuid[])`;

const creators = alias(users, 'creator');
const owners = alias(users, 'owner');

/** Items directly under a folder (null = the root). */
const inFolder = (parentId: string | null) =>
  parentId ? eq(assets.parentId, parentId) : isNull(assets.parentId);

/** The only place that queries assets and favorites. */
export class LibraryRepository extends Repository {
  private extensionColumns: Record<string, SQL> = {};

  /** A feature module's column on every item row (at start-up, in registration order). */
  addExtensionColumn(column: ExtensionColumn): void {
    const key = `e${Object.keys(this.extensionColumns).length}`;
    this.extensionColumns = { ...this.extensionColumns, [key]: column(OUTER_ASSET_ID) };
  }

  /** Listing columns, one query for a whole page. (Subqueries name the outer table `assets` literally: drizzle leaves single-table columns unqualified.) */
  private listSelect<Extra extends Record<string, SQL.Aliased | SQL>>(
    userId: string | Placeholder,
    extra?: Extra,
    db = this.db,
  ) {
    return db
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
        extensions: this.extensionColumns,
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
    scope: ItemScope,
    viewerId: string,
    options: {
      parentId: string | null;
      /** A collection's ids (a board's items) instead of a folder's children. */
      members?: string[] | undefined;
      sort: AssetSortField;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: AssetListRow[]; total: number }> {
    const shape = [
      scopeShape(scope),
      options.members ? 'members' : options.parentId ? 'folder' : 'root',
      options.sort,
      options.order,
    ].join('_');
    // Built once per shape (scope, where, sort): the hottest query of the library.
    const rows = await this.runPrepared(
      `library_list_${shape}`,
      (db) => {
        const where = and(
          withinPlaced(scope),
          options.members
            ? idIn('members')
            : options.parentId
              ? eq(assets.parentId, sql.placeholder('parentId'))
              : isNull(assets.parentId),
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
        const page = db
          .select({
            id: sql<string>`${assets.id}`.as('page_id'),
            isFile: sql<boolean>`(${assets.type} <> 'FOLDER')`.as('page_is_file'),
            sortKey: sql`${key}`.as('page_sort_key'),
            total: sql<number>`count(*) over ()`.as('page_total'),
          })
          .from(assets)
          .where(where)
          .orderBy(sql`(${assets.type} <> 'FOLDER')`, direction(key), direction(assets.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('page');
        return this.listSelect(
          sql.placeholder('viewerId'),
          { total: sql<number>`${page.total}`.mapWith(Number) },
          db,
        )
          .innerJoin(page, eq(page.id, assets.id))
          .orderBy(page.isFile, direction(page.sortKey), direction(assets.id));
      },
      {
        ...scopeValues(scope),
        members: options.members,
        parentId: options.parentId,
        limit: options.limit,
        offset: options.offset,
        viewerId,
      },
      // A page's plan depends on the folder's size and the page: planned for each run.
      { planEachRun: true },
    );
    if (rows.length > 0 || options.offset === 0) {
      return { rows: rows as unknown as AssetListRow[], total: rows[0]?.total ?? 0 };
    }
    // Past the end: no row carries the total, so count apart.
    const where = and(
      within(scope),
      options.members
        ? options.members.length > 0
          ? inArray(assets.id, options.members)
          : sql`false`
        : inFolder(options.parentId),
      sql`not ${assets.isHidden}`,
    );
    const [totals] = await this.db.select({ total: count() }).from(assets).where(where);
    return { rows: [], total: totals?.total ?? 0 };
  }

  async listFolders(scope: ItemScope, viewerId: string, parentId: string | null): Promise<AssetListRow[]> {
    const rows = await this.listSelect(viewerId)
      .where(and(within(scope), inFolder(parentId), eq(assets.type, 'FOLDER'), eq(assets.isHidden, false)))
      .orderBy(sql`lower(${assets.name})`, asc(assets.id));
    return rows as AssetListRow[];
  }

  /** The folders of one tree level (`parentIds` null = the root), each with whether it has subfolders. */
  async folderTreeLevel(scope: ItemScope, parentIds: (string | null)[]) {
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
          within(scope),
          underParents.length === 1 ? underParents[0] : or(...underParents),
          eq(assets.type, 'FOLDER'),
          eq(assets.isHidden, false),
        ),
      )
      .orderBy(sql`lower(${assets.name})`, asc(assets.id));
  }

  async findListRows(scope: ItemScope, viewerId: string, ids: string[]): Promise<AssetListRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.runPrepared(
      `library_list_rows_${scopeShape(scope)}`,
      (db) =>
        this.listSelect(sql.placeholder('viewerId'), undefined, db).where(
          and(idIn('ids'), withinPlaced(scope)),
        ),
      { ...scopeValues(scope), ids, viewerId },
    );
    return rows as AssetListRow[];
  }

  async find(scope: ItemScope, id: string): Promise<AssetRow | undefined> {
    const [row] = await this.runPrepared(
      `library_find_${scopeShape(scope)}`,
      (db) =>
        db
          .select()
          .from(assets)
          .where(and(eq(assets.id, sql.placeholder('id')), withinPlaced(scope)))
          .limit(1),
      { ...scopeValues(scope), id },
    );
    return row;
  }

  async findMany(scope: ItemScope, ids: string[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(assets)
      .where(and(inArray(assets.id, ids), within(scope)));
  }

  /** Every visible child of a folder (select-all operations). */
  async childIds(scope: ItemScope, parentId: string | null): Promise<string[]> {
    const rows = await this.db
      .select({ id: assets.id })
      .from(assets)
      .where(and(within(scope), inFolder(parentId), eq(assets.isHidden, false)));
    return rows.map((r) => r.id);
  }

  /** Breadcrumbs: the ancestors named in the path, root first, in one query. */
  async ancestors(scope: ItemScope, row: AssetRow) {
    const ids = row.path.split('/').filter(Boolean).slice(0, -1);
    if (ids.length === 0) return [];
    const found = await this.runPrepared(
      `library_ancestors_${scopeShape(scope)}`,
      (db) =>
        db
          .select({ id: assets.id, name: assets.name, isSystem: assets.isSystem, depth: assets.depth })
          .from(assets)
          .where(and(idIn('ids'), withinPlaced(scope)))
          .orderBy(asc(assets.depth)),
      { ...scopeValues(scope), ids },
    );
    return found.map(({ depth: _depth, ...crumb }) => crumb);
  }

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

  /** The first top-level system folder of a library with this name (the Boards folder). */
  async findSystemFolder(scope: ItemScope, name: string): Promise<AssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assets)
      .where(
        and(
          within(scope),
          isNull(assets.parentId),
          eq(assets.type, 'FOLDER'),
          eq(assets.isSystem, true),
          eq(assets.name, name),
        ),
      )
      .orderBy(asc(assets.createdAt))
      .limit(1);
    return row;
  }

  async update(scope: ItemScope, id: string, values: Partial<NewAssetRow>): Promise<void> {
    await this.db
      .update(assets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(assets.id, id), within(scope)));
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

  // ── favorites ───────────────────────────────────────────────────────────
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
      this.listSelect(userId)
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
