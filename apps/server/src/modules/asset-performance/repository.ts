import type { AssetAdLinkMethod } from '@hookline/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, transactionExecutor } from '../../platform/db/client.js';
import { assetAdLinks } from '../../platform/db/schema/index.js';
import { activeDatabase, Repository } from '../../platform/db/transaction.js';

export interface AssetAdLink {
  assetId: string;
  adId: string;
  method: AssetAdLinkMethod;
  distance: number | null;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/** asset_ad_links: the asset performance module's own table. */
export class AssetPerformanceRepository extends Repository {
  constructor(private readonly handle: Database) {
    super(handle);
  }

  /** pg-boss's executor inside the caller's transaction (none outside one: the queue uses its own). */
  queueExecutor() {
    const db = activeDatabase(this.handle);
    return db === this.handle ? undefined : transactionExecutor(db);
  }

  /**
   * One brand's link jobs at a time until the caller's transaction ends: a brand-wide run and
   * a file's run at once would each write what it read before the other committed.
   */
  async lockBrand(brandId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`asset-ad-links:${brandId}`}))`);
  }

  /** Replaces the brand's links (only `assetId`'s, when given) with these. */
  async replace(brandId: string, assetId: string | undefined, links: AssetAdLink[]): Promise<void> {
    await this.db
      .delete(assetAdLinks)
      .where(and(eq(assetAdLinks.brandId, brandId), assetId ? eq(assetAdLinks.assetId, assetId) : undefined));
    for (let i = 0; i < links.length; i += CHUNK)
      await this.db
        .insert(assetAdLinks)
        .values(links.slice(i, i + CHUNK).map((link) => ({ ...link, brandId })))
        .onConflictDoNothing();
  }

  /** The links of these files of the brand. */
  linksOf(brandId: string, assetIds: string[]): Promise<AssetAdLink[]> {
    if (assetIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        assetId: assetAdLinks.assetId,
        adId: assetAdLinks.adId,
        method: assetAdLinks.method,
        distance: assetAdLinks.distance,
      })
      .from(assetAdLinks)
      .where(and(eq(assetAdLinks.brandId, brandId), inArray(assetAdLinks.assetId, assetIds)));
  }
}
