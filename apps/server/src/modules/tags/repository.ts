import { GENERAL_TAG_CATEGORY } from '@hookline/contract';
import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { assetTags, brands, tagCategories, tags } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { uuidv7 } from '../../platform/ids.js';

export type TagRow = typeof tags.$inferSelect;
export type TagCategoryRow = typeof tagCategories.$inferSelect;
export type TagWithUsage = TagRow & { usageCount: number };

const INSERT_BATCH = 5000;

const lowerName = (column: typeof tags.name | typeof tagCategories.name) => sql`lower(${column})`;

/** Tags, tag categories and the tags on items (000 §3 "Tag and category"). */
export class TagsRepository extends Repository {
  // ── categories ──────────────────────────────────────────────────────────
  /** The brand's SYSTEM category General, made on first use. */
  async general(brandId: string): Promise<TagCategoryRow> {
    const [made] = await this.db
      .insert(tagCategories)
      .values({ id: uuidv7(), brandId, name: GENERAL_TAG_CATEGORY, type: 'SYSTEM' })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    const [existing] = await this.db
      .select()
      .from(tagCategories)
      .where(and(eq(tagCategories.brandId, brandId), eq(tagCategories.type, 'SYSTEM')))
      .orderBy(asc(tagCategories.createdAt))
      .limit(1);
    if (!existing) throw new Error(`The General tag category of brand ${brandId} could not be made`);
    return existing;
  }

  categories(brandId: string): Promise<TagCategoryRow[]> {
    return this.db
      .select()
      .from(tagCategories)
      .where(eq(tagCategories.brandId, brandId))
      .orderBy(sql`${tagCategories.type} = 'CUSTOM'`, lowerName(tagCategories.name));
  }

  async category(brandId: string, id: string): Promise<TagCategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tagCategories)
      .where(and(eq(tagCategories.brandId, brandId), eq(tagCategories.id, id)));
    return row;
  }

  async insertCategory(brandId: string, name: string): Promise<TagCategoryRow> {
    const [row] = await this.db.insert(tagCategories).values({ id: uuidv7(), brandId, name }).returning();
    return row!;
  }

  async renameCategory(id: string, name: string): Promise<void> {
    await this.db.update(tagCategories).set({ name, updatedAt: new Date() }).where(eq(tagCategories.id, id));
  }

  /** Deletes a category after moving its tags to another (General). */
  async deleteCategory(id: string, tagsMoveTo: string): Promise<void> {
    await this.db
      .update(tags)
      .set({ categoryId: tagsMoveTo, updatedAt: new Date() })
      .where(eq(tags.categoryId, id));
    await this.db.delete(tagCategories).where(eq(tagCategories.id, id));
  }

  // ── tags ────────────────────────────────────────────────────────────────
  /** The brand's tags by name; usage counts (items carrying each) only when asked for. */
  async tags(brandId: string, withUsage: boolean): Promise<TagWithUsage[]> {
    if (!withUsage) {
      const rows = await this.db
        .select()
        .from(tags)
        .where(eq(tags.brandId, brandId))
        .orderBy(lowerName(tags.name));
      return rows.map((row) => ({ ...row, usageCount: 0 }));
    }
    return this.db
      .select({
        id: tags.id,
        brandId: tags.brandId,
        categoryId: tags.categoryId,
        name: tags.name,
        description: tags.description,
        autoSearchInFiles: tags.autoSearchInFiles,
        createdAt: tags.createdAt,
        updatedAt: tags.updatedAt,
        usageCount: sql<number>`(select count(*)::int from ${assetTags} where ${assetTags.tagId} = ${tags.id})`,
      })
      .from(tags)
      .where(eq(tags.brandId, brandId))
      .orderBy(lowerName(tags.name));
  }

  async tag(brandId: string, id: string): Promise<TagRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tags)
      .where(and(eq(tags.brandId, brandId), eq(tags.id, id)));
    return row;
  }

  /** The brand's tags among these ids. */
  async tagsIn(brandId: string, ids: string[]): Promise<TagRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(tags)
      .where(and(eq(tags.brandId, brandId), inArray(tags.id, ids)));
  }

  /** The brand's tags with these names, ignoring case. */
  async tagsNamed(brandId: string, names: string[]): Promise<TagRow[]> {
    if (names.length === 0) return [];
    return this.db
      .select()
      .from(tags)
      .where(
        and(
          eq(tags.brandId, brandId),
          inArray(
            lowerName(tags.name),
            names.map((n) => n.toLowerCase()),
          ),
        ),
      );
  }

  /** Inserts tags; names already taken (ignoring case) are left as they are. */
  async insertTags(brandId: string, categoryId: string, names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db
      .insert(tags)
      .values(names.map((name) => ({ id: uuidv7(), brandId, categoryId, name })))
      .onConflictDoNothing();
  }

  async updateTag(
    id: string,
    values: Partial<Pick<TagRow, 'name' | 'categoryId' | 'autoSearchInFiles' | 'description'>>,
  ): Promise<void> {
    await this.db
      .update(tags)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tags.id, id));
  }

  async deleteTag(id: string): Promise<void> {
    await this.db.delete(tags).where(eq(tags.id, id));
  }

  /** Tags with auto-search on across the brands of an account. */
  async autoSearchCount(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(tags)
      .innerJoin(brands, eq(brands.id, tags.brandId))
      .where(and(eq(brands.accountId, accountId), eq(tags.autoSearchInFiles, true)));
    return row?.n ?? 0;
  }

  // ── tags on items ───────────────────────────────────────────────────────
  /**
   * An item's tags as a column of the library's item rows (ItemExtension.fields): a JSON
   * array of { id, name } by name, [] when it has none.
   */
  itemTagsColumn(assetId: SQL): SQL {
    return sql`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${lowerName(tags.name)})
      from ${assetTags} join ${tags} on ${tags.id} = ${assetTags.tagId} where ${assetTags.assetId} = ${assetId}), '[]'::json)`;
  }

  /** An item's whole set of tags becomes `tagIds` (the ones it keeps keep their source). */
  async setItemTags(assetId: string, tagIds: string[], addedBy: string | null): Promise<void> {
    await this.db
      .delete(assetTags)
      .where(
        tagIds.length > 0
          ? and(eq(assetTags.assetId, assetId), notInArray(assetTags.tagId, tagIds))
          : eq(assetTags.assetId, assetId),
      );
    await this.addTags([assetId], tagIds, addedBy);
  }

  /** Adds every tag to every item (already there: left alone). */
  async addTags(assetIds: string[], tagIds: string[], addedBy: string | null): Promise<void> {
    const rows = assetIds.flatMap((assetId) => tagIds.map((tagId) => ({ assetId, tagId, addedBy })));
    await this.insertRows(rows);
  }

  async removeTags(assetIds: string[], tagIds: string[]): Promise<void> {
    if (assetIds.length === 0 || tagIds.length === 0) return;
    await this.db
      .delete(assetTags)
      .where(and(inArray(assetTags.assetId, assetIds), inArray(assetTags.tagId, tagIds)));
  }

  /** Copies carry their source's tags. */
  async copyTags(pairs: readonly (readonly [string, string])[]): Promise<void> {
    if (pairs.length === 0) return;
    const copyOf = new Map(pairs);
    const rows = await this.db
      .select()
      .from(assetTags)
      .where(inArray(assetTags.assetId, [...copyOf.keys()]));
    await this.insertRows(rows.map((row) => ({ ...row, assetId: copyOf.get(row.assetId)! })));
  }

  /** Inserts in batches that stay under PostgreSQL's 65,535 parameters. */
  private async insertRows(rows: (typeof assetTags.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insert(assetTags)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing();
    }
  }
}
