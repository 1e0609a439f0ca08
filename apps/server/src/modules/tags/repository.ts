import { AI_TAG_CATEGORY, GENERAL_TAG_CATEGORY } from '@hookline/contract';
import { and, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  assetTagDismissals,
  assetTags,
  brands,
  tagCategories,
  tags,
} from '../../platform/db/schema/index.js';
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
  general(brandId: string): Promise<TagCategoryRow> {
    return this.systemCategory(brandId, GENERAL_TAG_CATEGORY);
  }

  /** The brand's SYSTEM category 'AI tags' (the tags the AI analysis makes), made on first use. */
  aiCategory(brandId: string): Promise<TagCategoryRow> {
    return this.systemCategory(brandId, AI_TAG_CATEGORY);
  }

  /**
   * A SYSTEM category of the brand by name (ignoring case), made on first use. Names are
   * unique per brand, so a CUSTOM category a person gave the name earlier serves instead.
   */
  private async systemCategory(brandId: string, name: string): Promise<TagCategoryRow> {
    const [made] = await this.db
      .insert(tagCategories)
      .values({ id: uuidv7(), brandId, name, type: 'SYSTEM' })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    const [existing] = await this.db
      .select()
      .from(tagCategories)
      .where(and(eq(tagCategories.brandId, brandId), eq(lowerName(tagCategories.name), name.toLowerCase())))
      .orderBy(sql`${tagCategories.type} <> 'SYSTEM'`)
      .limit(1);
    if (!existing) throw new Error(`The ${name} tag category of brand ${brandId} could not be made`);
    return existing;
  }

  categories(brandId: string): Promise<TagCategoryRow[]> {
    return this.db
      .select()
      .from(tagCategories)
      .where(eq(tagCategories.brandId, brandId))
      .orderBy(
        sql`${tagCategories.type} = 'CUSTOM'`,
        // General leads the SYSTEM ones.
        sql`${lowerName(tagCategories.name)} <> ${GENERAL_TAG_CATEGORY.toLowerCase()}`,
        lowerName(tagCategories.name),
      );
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
   * array of { id, name, source? } by name (source only when it is not USER), [] when it has
   * none.
   */
  itemTagsColumn(assetId: SQL): SQL {
    return sql`coalesce((select json_agg(json_strip_nulls(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'source', nullif(${assetTags.source}, 'USER'))) order by ${lowerName(tags.name)})
      from ${assetTags} join ${tags} on ${tags.id} = ${assetTags.tagId} where ${assetTags.assetId} = ${assetId}), '[]'::json)`;
  }

  /**
   * A person's edit: an item's whole set of tags becomes `tagIds` (the ones it keeps keep
   * their source; AI tags it loses are remembered as dismissed).
   */
  async setItemTags(assetId: string, tagIds: string[], addedBy: string | null): Promise<void> {
    await this.removeTagsWhere(
      tagIds.length > 0
        ? and(eq(assetTags.assetId, assetId), notInArray(assetTags.tagId, tagIds))!
        : eq(assetTags.assetId, assetId),
    );
    await this.addTags([assetId], tagIds, addedBy);
  }

  /**
   * A person adds every tag to every item (already there: left alone); the AI analysis may
   * put these tags on these items again.
   */
  async addTags(assetIds: string[], tagIds: string[], addedBy: string | null): Promise<void> {
    if (assetIds.length === 0 || tagIds.length === 0) return;
    const rows = assetIds.flatMap((assetId) => tagIds.map((tagId) => ({ assetId, tagId, addedBy })));
    await this.insertRows(rows);
    for (let i = 0; i < assetIds.length; i += INSERT_BATCH)
      await this.db
        .delete(assetTagDismissals)
        .where(
          and(
            inArray(assetTagDismissals.assetId, assetIds.slice(i, i + INSERT_BATCH)),
            inArray(assetTagDismissals.tagId, tagIds),
          ),
        );
  }

  /** The brand's tags with auto-search in files on (at most 50 per account). */
  autoSearchTags(brandId: string): Promise<{ id: string; name: string }[]> {
    return this.db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.brandId, brandId), eq(tags.autoSearchInFiles, true)));
  }

  /**
   * Links auto-search found (source AUTO_SEARCH): an item that has the tag already keeps its
   * link as it is, and a tag a person took off the item stays off.
   */
  async addAutoSearchLinks(links: readonly { assetId: string; tagId: string }[]): Promise<void> {
    if (links.length === 0) return;
    const rows = sql.join(
      links.map((link) => sql`(${link.assetId}::uuid, ${link.tagId}::uuid)`),
      sql`, `,
    );
    await this.db.execute(sql`insert into ${assetTags} (asset_id, tag_id, source)
      select found.asset_id, found.tag_id, 'AUTO_SEARCH' from (values ${rows}) as found (asset_id, tag_id)
      where not exists (select 1 from ${assetTagDismissals} d where d.asset_id = found.asset_id and d.tag_id = found.tag_id)
      on conflict do nothing`);
  }

  /** A person takes tags off items; AI tags among them are remembered as dismissed. */
  async removeTags(assetIds: string[], tagIds: string[]): Promise<void> {
    if (assetIds.length === 0 || tagIds.length === 0) return;
    await this.removeTagsWhere(and(inArray(assetTags.assetId, assetIds), inArray(assetTags.tagId, tagIds))!);
  }

  /** Deletes the links `where` picks, recording a dismissal for each AI or auto-search one, in one statement. */
  private async removeTagsWhere(where: SQL): Promise<void> {
    await this.db.execute(sql`with removed as (
        delete from ${assetTags} where ${where} returning ${assetTags.assetId} as asset_id, ${assetTags.tagId} as tag_id, ${assetTags.source} as source
      )
      insert into ${assetTagDismissals} (asset_id, tag_id)
      select asset_id, tag_id from removed where source in ('AI', 'AUTO_SEARCH')
      on conflict do nothing`);
  }

  /** Copies carry their source's tags, and its dismissed AI tags. */
  async copyTags(pairs: readonly (readonly [string, string])[]): Promise<void> {
    if (pairs.length === 0) return;
    const copyOf = new Map(pairs);
    const rows = await this.db
      .select()
      .from(assetTags)
      .where(inArray(assetTags.assetId, [...copyOf.keys()]));
    await this.insertRows(rows.map((row) => ({ ...row, assetId: copyOf.get(row.assetId)! })));
    const dismissed = await this.db
      .select({ assetId: assetTagDismissals.assetId, tagId: assetTagDismissals.tagId })
      .from(assetTagDismissals)
      .where(inArray(assetTagDismissals.assetId, [...copyOf.keys()]));
    for (let i = 0; i < dismissed.length; i += INSERT_BATCH)
      await this.db
        .insert(assetTagDismissals)
        .values(
          dismissed.slice(i, i + INSERT_BATCH).map((row) => ({ ...row, assetId: copyOf.get(row.assetId)! })),
        )
        .onConflictDoNothing();
  }

  /**
   * The AI analysis's tags on an item become `tagIds`: its other AI links go, the new ones
   * come in as AI (a link a person or auto-search made stays as it is), tags dismissed on the
   * item are left out. Answers how many AI links the item has after.
   */
  async replaceAiTags(assetId: string, tagIds: string[]): Promise<number> {
    await this.db
      .delete(assetTags)
      .where(
        and(
          eq(assetTags.assetId, assetId),
          eq(assetTags.source, 'AI'),
          tagIds.length > 0 ? notInArray(assetTags.tagId, tagIds) : undefined,
        ),
      );
    if (tagIds.length > 0) {
      const dismissed = new Set(
        (
          await this.db
            .select({ tagId: assetTagDismissals.tagId })
            .from(assetTagDismissals)
            .where(eq(assetTagDismissals.assetId, assetId))
        ).map((row) => row.tagId),
      );
      await this.insertRows(
        tagIds
          .filter((tagId) => !dismissed.has(tagId))
          .map((tagId) => ({ assetId, tagId, source: 'AI' as const, addedBy: null })),
      );
    }
    const [row] = await this.db
      .select({ n: count() })
      .from(assetTags)
      .where(and(eq(assetTags.assetId, assetId), eq(assetTags.source, 'AI')));
    return row?.n ?? 0;
  }

  /** Inserts in batches that stay under PostgreSQL's 65,535 parameters. */
  private async insertRows(rows: (typeof assetTags.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insert(assetTags)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing();
    }
  }
}
