import type { Library } from '@hookline/contract';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.js';
import type { AssetRow, NewAssetRow } from '../../platform/db/schema/assets.js';
import { assets, uploads, users } from '../../platform/db/schema/index.js';

/**
 * What the library's repositories (items, subtrees, favorites) build their queries from:
 * where a query looks (the scope's conditions) and the item rows lists show.
 */

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
 * The rows of a scope: every query of the library's repositories starts from it. A brand
 * belongs to one account (the access layer resolved the brand inside the path's account
 * before any service runs), so brand_id pins the account; not repeating account_id keeps the
 * folder pages index-only reads (drizzle/0006). The scope's accountId is what new rows are
 * written with.
 */
export const within = (scope: ItemScope) =>
  and(eq(assets.brandId, scope.brandId), scope.library ? eq(assets.library, scope.library) : undefined);

/**
 * `within` for the prepared queries: the brand and library are placeholders (`brandId`,
 * `library`); a scope with a library and one without are two shapes (`scopeShape`).
 */
export const withinPlaced = (scope: ItemScope) =>
  and(
    eq(assets.brandId, sql.placeholder('brandId')),
    scope.library ? eq(assets.library, sql.placeholder('library')) : undefined,
  );
export const scopeShape = (scope: ItemScope) => (scope.library ? 'library' : 'brand');
export const scopeValues = (scope: ItemScope) => ({ brandId: scope.brandId, library: scope.library });
/** The ids of a prepared query, one uuid[] parameter whatever their number. */
export const idIn = (name: string) => sql`${assets.id} = any(${sql.placeholder(name)}::uuid[])`;

/** Items directly under a folder (null = the root). */
export const inFolder = (parentId: string | null) =>
  parentId ? eq(assets.parentId, parentId) : isNull(assets.parentId);

const creators = alias(users, 'creator');
const owners = alias(users, 'owner');

/**
 * The item rows lists show (AssetListRow), with the columns feature modules add to them.
 * One instance is shared by the repositories that list items (items, favorites), so every
 * list carries every extension's columns.
 */
export class ItemRows {
  private extensionColumns: Record<string, SQL> = {};

  /** A feature module's column on every item row (at start-up, in registration order). */
  addExtensionColumn(column: ExtensionColumn): void {
    const key = `e${Object.keys(this.extensionColumns).length}`;
    this.extensionColumns = { ...this.extensionColumns, [key]: column(OUTER_ASSET_ID) };
  }

  /** Listing columns, one query for a whole page. */
  select(db: Database, userId: string | Placeholder) {
    return this.build(db, userId, {});
  }

  /** `select` with a folder page's total as its first column (LibraryRepository.list). */
  selectWithTotal(db: Database, userId: string | Placeholder, total: SQL<number>) {
    return this.build(db, userId, { total });
  }

  /**
   * The listing query. (Subqueries name the outer table `assets` literally: drizzle leaves
   * single-table columns unqualified.) Private, and dynamic, for its type alone: the generic
   * one, or drizzle's static builder with each used clause left out, is too long for the
   * module's declarations; `select` and `selectWithTotal` give it concrete, short ones.
   * `$dynamic()` returns the same builder: the SQL is unchanged.
   */
  private build<Extra extends Record<string, SQL.Aliased | SQL>>(
    db: Database,
    userId: string | Placeholder,
    extra: Extra,
  ) {
    return db
      .select({
        ...extra,
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
      .leftJoin(uploads, eq(uploads.assetId, assets.id))
      .$dynamic();
  }
}
