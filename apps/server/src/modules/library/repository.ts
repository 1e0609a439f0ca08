import type { AssetSortField } from '@hookline/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import {
  type AssetListRow,
  type AssetRow,
  type ItemRows,
  type ItemScope,
  idIn,
  inFolder,
  type NewAssetRow,
  scopeShape,
  scopeValues,
  within,
  withinPlaced,
} from './item-query.js';

export type { AssetListRow, AssetRow, ExtensionColumn, ItemScope, NewAssetRow } from './item-query.js';

/**
 * Library items one by one or a page at a time: reading them (folder pages, the tree, rows by
 * id, breadcrumbs) and writing rows (inserts, updates, upload transitions, file deletes).
 * Whole subtrees are SubtreeRepository's; stars are FavoritesRepository's.
 */
export class LibraryRepository extends Repository {
  constructor(
    database: Database,
    /** The item rows' columns, shared with the favorites' lists (extensions included). */
    private readonly itemRows: ItemRows,
  ) {
    super(database);
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
        return this.itemRows
          .selectWithTotal(db, sql.placeholder('viewerId'), sql<number>`${page.total}`.mapWith(Number))
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
    const rows = await this.itemRows
      .select(this.db, viewerId)
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
        this.itemRows.select(db, sql.placeholder('viewerId')).where(and(idIn('ids'), withinPlaced(scope))),
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

  /** Sets a file's description only while it has none (a person's own text always wins). */
  async fillDescription(id: string, description: string): Promise<boolean> {
    const filled = await this.db
      .update(assets)
      .set({ description, updatedAt: sql`now()` })
      .where(and(eq(assets.id, id), isNull(assets.description)))
      .returning({ id: assets.id });
    return filled.length > 0;
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
}
