import { and, asc, count, desc, eq, gt, gte, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { transactionExecutor } from '../../platform/db/client.js';
import { escapeLike } from '../../platform/db/like.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { aiTagGenerations, assetAnalyses, assetClips, assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type AnalysisRow = typeof assetAnalyses.$inferSelect;
export type ClipRow = typeof assetClips.$inferSelect;
export type NewClip = Omit<typeof assetClips.$inferInsert, 'id' | 'assetId' | 'createdAt'>;
/** Which of a brand's clips a list asks for (empty arrays: any). */
export interface ClipFilter {
  types: readonly string[];
  subtypes: readonly string[];
  hook?: boolean | undefined;
}
export type AnalysisValues = Partial<Omit<AnalysisRow, 'assetId' | 'createdAt' | 'updatedAt'>>;
/** The text the analysis found in a file, with the file's own description (auto-search reads them). */
export type FileTexts = Pick<AnalysisRow, 'assetId' | 'textEntries' | 'transcript'> & {
  description: string | null;
};

/** The AI analysis's own rows (asset_analyses), one per analysed file. */
export class AnalysisRepository extends Repository {
  /** Lets pg-boss enqueue inside the caller's transaction (call it inside `transaction`). */
  queueExecutor() {
    return transactionExecutor(this.db);
  }

  async find(assetId: string): Promise<AnalysisRow | undefined> {
    const [row] = await this.db.select().from(assetAnalyses).where(eq(assetAnalyses.assetId, assetId));
    return row;
  }

  /** A file's analysis starts over with these statuses (what it found before stays until replaced). */
  async start(assetId: string, values: AnalysisValues): Promise<void> {
    await this.db
      .insert(assetAnalyses)
      .values({ assetId, ...values })
      .onConflictDoUpdate({ target: assetAnalyses.assetId, set: { ...values, updatedAt: sql`now()` } });
  }

  async update(assetId: string, values: AnalysisValues): Promise<void> {
    await this.db
      .update(assetAnalyses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(assetAnalyses.assetId, assetId));
  }

  /**
   * Notes the description the analysis wrote into the file's (notes.writtenDescription), in
   * one statement: the job's other notes are left as they are.
   */
  async noteWrittenDescription(assetId: string, description: string): Promise<void> {
    await this.db
      .update(assetAnalyses)
      .set({
        notes: sql`coalesce(${assetAnalyses.notes}, '{}'::jsonb) || jsonb_build_object('writtenDescription', ${description}::text)`,
        updatedAt: sql`now()`,
      })
      .where(eq(assetAnalyses.assetId, assetId));
  }

  /** The account's files the analysis tagged (the plan's aiTagsCount). */
  async taggedCount(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(assetAnalyses)
      .innerJoin(assets, eq(assets.id, assetAnalyses.assetId))
      .where(
        and(
          eq(assets.accountId, accountId),
          inArray(assetAnalyses.tagsStatus, ['COMPLETED', 'COMPLETED_NO_CONTENT_DETECTED']),
        ),
      );
    return row?.n ?? 0;
  }

  /** The account's AI tag regenerations in the current UTC month (aiTagsGenerationsCount). */
  async generationsThisMonth(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(aiTagGenerations)
      .where(
        and(
          eq(aiTagGenerations.accountId, accountId),
          gte(
            aiTagGenerations.createdAt,
            sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`,
          ),
        ),
      );
    return row?.n ?? 0;
  }

  async recordGenerations(accountId: string, assetIds: readonly string[]): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db.insert(aiTagGenerations).values(assetIds.map((assetId) => ({ assetId, accountId })));
  }

  /** The rows of these files of the brand (files the analysis never saw have none), with their account. */
  async findInBrand(
    brandId: string,
    assetIds: readonly string[],
  ): Promise<(AnalysisRow & { accountId: string })[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .select({ analysis: assetAnalyses, accountId: assets.accountId })
      .from(assetAnalyses)
      .innerJoin(assets, eq(assets.id, assetAnalyses.assetId))
      .where(and(eq(assets.brandId, brandId), inArray(assetAnalyses.assetId, [...assetIds])));
    return rows.map((row) => ({ ...row.analysis, accountId: row.accountId }));
  }

  private readonly textColumns = {
    assetId: assetAnalyses.assetId,
    textEntries: assetAnalyses.textEntries,
    transcript: assetAnalyses.transcript,
    // Read from the library's rows by join (the library stays their only writer).
    description: assets.description,
  };

  async textsOf(assetId: string): Promise<FileTexts | undefined> {
    const [row] = await this.db
      .select(this.textColumns)
      .from(assetAnalyses)
      .innerJoin(assets, eq(assets.id, assetAnalyses.assetId))
      .where(eq(assetAnalyses.assetId, assetId));
    return row;
  }

  /** A page of the brand's analysed files' texts, in id order after `after`. */
  textsOfBrand(brandId: string, after: string | null, limit: number): Promise<FileTexts[]> {
    return this.db
      .select(this.textColumns)
      .from(assetAnalyses)
      .innerJoin(assets, eq(assets.id, assetAnalyses.assetId))
      .where(and(eq(assets.brandId, brandId), after ? gt(assetAnalyses.assetId, after) : undefined))
      .orderBy(asc(assetAnalyses.assetId))
      .limit(limit);
  }

  /**
   * The item answers' analysis fields as one column of the library's item query: the four
   * statuses mediaAnalysisStatus is made of, the breakdown's, the personas, and whether the
   * item's description is still the one the analysis wrote (read from the library's row).
   */
  itemColumn(assetId: SQL): SQL {
    const a = assetAnalyses;
    const aiDescription = sql`coalesce(${a.notes}->>'writtenDescription' = (select d.description from ${assets} d where d.id = ${a.assetId}), false)`;
    return sql`(select json_build_array(${a.tagsStatus}, ${a.descriptionStatus}, ${a.ocrStatus}, ${a.personasStatus}, ${a.breakdownStatus}, ${a.personas}, ${aiDescription}) from ${a} where ${a.assetId} = ${assetId})`;
  }

  // ── creative clips ──────────────────────────────────────────────────────
  /** A file's breakdown replaced by these clips (a run again leaves no old ones). */
  async replaceClips(assetId: string, clips: readonly NewClip[]): Promise<void> {
    await this.db.delete(assetClips).where(eq(assetClips.assetId, assetId));
    if (clips.length > 0)
      await this.db.insert(assetClips).values(clips.map((clip) => ({ ...clip, assetId })));
  }

  clipsOf(assetId: string): Promise<ClipRow[]> {
    return this.db
      .select()
      .from(assetClips)
      .where(eq(assetClips.assetId, assetId))
      .orderBy(asc(assetClips.position));
  }

  private brandClips(brandId: string, filter: ClipFilter) {
    return and(
      eq(assets.brandId, brandId),
      eq(assets.isHidden, false),
      filter.types.length > 0 ? inArray(assetClips.type, [...filter.types] as ClipRow['type'][]) : undefined,
      filter.subtypes.length > 0 ? inArray(assetClips.subtype, [...filter.subtypes]) : undefined,
      filter.hook === undefined ? undefined : eq(assetClips.hook, filter.hook),
    );
  }

  /** A page of the brand's clips, newest files first, each with its file; and how many match. */
  async brandClipsPage(
    brandId: string,
    filter: ClipFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: { clip: ClipRow; asset: AssetRow }[]; total: number }> {
    const where = this.brandClips(brandId, filter);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ clip: assetClips, asset: assets })
        .from(assetClips)
        .innerJoin(assets, eq(assets.id, assetClips.assetId))
        .where(where)
        .orderBy(desc(assets.createdAt), asc(assets.id), asc(assetClips.position))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: count() })
        .from(assetClips)
        .innerJoin(assets, eq(assets.id, assetClips.assetId))
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** The brand's subtypes of these types (all types when none) matching q, most used first. */
  async subtypes(
    brandId: string,
    types: readonly string[],
    q: string | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: { type: ClipRow['type']; subtype: string; count: number }[]; total: number }> {
    const where = and(
      this.brandClips(brandId, { types, subtypes: [] }),
      sql`${assetClips.subtype} is not null`,
      q ? ilike(assetClips.subtype, `%${escapeLike(q)}%`) : undefined,
    );
    const n = sql<number>`count(*)::int`;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ type: assetClips.type, subtype: sql<string>`${assetClips.subtype}`, count: n })
        .from(assetClips)
        .innerJoin(assets, eq(assets.id, assetClips.assetId))
        .where(where)
        .groupBy(assetClips.type, assetClips.subtype)
        .orderBy(desc(n), asc(assetClips.type), asc(assetClips.subtype))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: sql<number>`count(distinct (${assetClips.type}, ${assetClips.subtype}))::int` })
        .from(assetClips)
        .innerJoin(assets, eq(assets.id, assetClips.assetId))
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }
}
