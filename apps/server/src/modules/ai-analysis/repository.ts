import { eq, type SQL, sql } from 'drizzle-orm';
import { transactionExecutor } from '../../platform/db/client.js';
import { assetAnalyses } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type AnalysisRow = typeof assetAnalyses.$inferSelect;
export type AnalysisValues = Partial<Omit<AnalysisRow, 'assetId' | 'createdAt' | 'updatedAt'>>;

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
   * The item answers' analysis fields as one column of the library's item query: the four
   * statuses mediaAnalysisStatus is made of, the breakdown's and the personas.
   */
  itemColumn(assetId: SQL): SQL {
    const a = assetAnalyses;
    return sql`(select json_build_array(${a.tagsStatus}, ${a.descriptionStatus}, ${a.ocrStatus}, ${a.personasStatus}, ${a.breakdownStatus}, ${a.personas}) from ${a} where ${a.assetId} = ${assetId})`;
  }
}
