import { and, asc, count, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { transactionExecutor } from '../../platform/db/client.js';
import { aiTagGenerations, assetAnalyses, assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type AnalysisRow = typeof assetAnalyses.$inferSelect;
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
   * statuses mediaAnalysisStatus is made of, the breakdown's and the personas.
   */
  itemColumn(assetId: SQL): SQL {
    const a = assetAnalyses;
    return sql`(select json_build_array(${a.tagsStatus}, ${a.descriptionStatus}, ${a.ocrStatus}, ${a.personasStatus}, ${a.breakdownStatus}, ${a.personas}) from ${a} where ${a.assetId} = ${assetId})`;
  }
}
