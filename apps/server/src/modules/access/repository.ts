import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import {
  accountMembers,
  accounts,
  assets,
  boardItems,
  boards,
  brands,
  comments,
  jobs,
  shares,
} from '../../platform/db/schema/index.js';
import type { BrandStanding, ShareGrant } from '../../platform/http/actor.js';
import { shareGrantOf } from './grants.js';

/** A record's brand and, for assets, what the share and system rules read. */
export interface RecordStanding extends BrandStanding {
  id: string;
  path: string | null;
  isSystem: boolean;
  /** The item a record is (an asset) or is about (a comment): board shares reach the items on their board. */
  assetId?: string | null;
  /** The board's backing folder, for a board or a board's comment (what a board share names). */
  boardFolderId?: string | null;
  /** A board's creator (who may delete it besides admins). */
  createdBy?: string | null;
}

/** The brands a member is limited to in the account of `brands` (empty = all). */
const restrictedOf = (userId: string | Placeholder): SQL<string[]> =>
  sql<string[]>`coalesce((select array_agg(mb.brand_id::text) from member_brands mb
    join brands b2 on b2.id = mb.brand_id where mb.user_id = ${userId} and b2.account_id = ${brands.accountId}), '{}')`;

/** A record's brand and the caller's standing in it, as columns (the brand joined as `brands`). */
const standingColumns = (userId: string | Placeholder) => ({
  brandId: sql<string>`${brands.id}::text`,
  accountId: sql<string>`${brands.accountId}::text`,
  role: accountMembers.role,
  restricted: restrictedOf(userId),
});

/**
 * The access checks' queries: one per check, whatever the number of ids. Each answers the
 * records that exist with the caller's standing in their brand or account; a record missing
 * from the answer does not exist.
 */
export class AccessRepository {
  /**
   * The check of nearly every library request, so built once (a prepared statement: on
   * PostgreSQL each connection parses it once too); the ids go as one array parameter.
   */
  private readonly assetStandingsQuery;

  constructor(private readonly db: Database) {
    this.assetStandingsQuery = db
      .select({
        id: assets.id,
        path: assets.path,
        isSystem: assets.isSystem,
        ...standingColumns(sql.placeholder('userId')),
      })
      .from(assets)
      .innerJoin(brands, eq(brands.id, assets.brandId))
      .leftJoin(
        accountMembers,
        and(
          eq(accountMembers.accountId, brands.accountId),
          eq(accountMembers.userId, sql.placeholder('userId')),
        ),
      )
      .where(sql`${assets.id} = any(${sql.placeholder('assetIds')}::uuid[])`)
      .prepare('access_asset_standings');
  }

  async accountRoles(userId: string, accountIds: string[]) {
    return this.db
      .select({ id: accounts.id, role: accountMembers.role })
      .from(accounts)
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, accounts.id), eq(accountMembers.userId, userId)),
      )
      .where(inArray(accounts.id, accountIds));
  }

  async brandStandings(userId: string, brandIds: string[]): Promise<BrandStanding[]> {
    return this.db
      .select(standingColumns(userId))
      .from(brands)
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, userId)),
      )
      .where(inArray(brands.id, brandIds));
  }

  async assetStandings(userId: string, assetIds: string[]): Promise<RecordStanding[]> {
    const rows = await this.assetStandingsQuery.execute({ userId, assetIds });
    return rows.map((row) => ({ ...row, assetId: row.id }));
  }

  /** Boards with their brand standing, backing folder and creator. */
  async boardStandings(userId: string, boardIds: string[]): Promise<RecordStanding[]> {
    const rows = await this.db
      .select({
        id: boards.id,
        boardFolderId: boards.folderId,
        createdBy: boards.createdBy,
        ...standingColumns(userId),
      })
      .from(boards)
      .innerJoin(brands, eq(brands.id, boards.brandId))
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, userId)),
      )
      .where(inArray(boards.id, boardIds));
    return rows.map((row) => ({ ...row, path: null, isSystem: false }));
  }

  /** The backing folders of the boards each of these items is on (what board shares name). */
  async boardFoldersOf(assetIds: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (assetIds.length === 0) return found;
    const rows = await this.db
      .select({ assetId: boardItems.assetId, folderId: boards.folderId })
      .from(boardItems)
      .innerJoin(boards, eq(boards.id, boardItems.boardId))
      .where(inArray(boardItems.assetId, assetIds));
    for (const row of rows) found.set(row.assetId, [...(found.get(row.assetId) ?? []), row.folderId]);
    return found;
  }

  /**
   * A comment stands where its item (or board) stands (deleted comments too: their author may
   * restore them).
   */
  async commentStandings(userId: string, commentIds: string[]): Promise<RecordStanding[]> {
    const rows = await this.db
      .select({
        id: comments.id,
        path: assets.path,
        assetId: comments.assetId,
        boardFolderId: boards.folderId,
        ...standingColumns(userId),
      })
      .from(comments)
      .innerJoin(brands, eq(brands.id, comments.brandId))
      .leftJoin(assets, eq(assets.id, comments.assetId))
      .leftJoin(boards, eq(boards.id, comments.boardId))
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, userId)),
      )
      .where(inArray(comments.id, commentIds));
    return rows.map((row) => ({ ...row, isSystem: false }));
  }

  async jobStandings(userId: string, jobIds: string[]): Promise<RecordStanding[]> {
    const rows = await this.db
      .select({ id: jobs.id, ...standingColumns(userId) })
      .from(jobs)
      .innerJoin(brands, sql`${brands.id}::text = ${jobs.brandId}`)
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, userId)),
      )
      .where(inArray(jobs.id, jobIds));
    return rows.map((row) => ({ ...row, path: null, isSystem: false }));
  }

  /** The person shares a user holds in these brands, with their items' current paths. */
  async personGrants(userId: string, brandIds: string[]): Promise<ShareGrant[]> {
    const rows = await this.db
      .select({
        shareId: shares.id,
        accountId: sql<string>`${shares.accountId}::text`,
        brandId: sql<string>`${shares.brandId}::text`,
        library: shares.library,
        scope: shares.scope,
        resourceId: shares.resourceId,
        role: shares.role,
        downloadsAllowed: shares.downloadsAllowed,
        path: assets.path,
        type: assets.type,
      })
      .from(shares)
      .innerJoin(assets, eq(assets.id, shares.resourceId))
      .where(and(eq(shares.userId, userId), eq(shares.kind, 'PERSON'), inArray(shares.brandId, brandIds)));
    return rows.map(shareGrantOf);
  }

  /** Whether a share still stands: not removed, not expired. */
  async liveShare(shareId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: shares.id })
      .from(shares)
      .where(and(eq(shares.id, shareId), sql`(${shares.expiresAt} is null or ${shares.expiresAt} > now())`));
    return Boolean(row);
  }
}
