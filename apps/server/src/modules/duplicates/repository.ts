import { DUPLICATE_LIMITS, type Library } from '@hookline/contract';
import { and, count, countDistinct, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { assetFingerprints, assets } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import type { Fingerprint } from './fingerprint.js';

/** A fingerprinted file that matches a new one. */
export interface Match {
  id: string;
  name: string;
  createdAt: Date;
  sha256: string | null;
  hashes: string[];
  colours: string[];
  durationMs: number | null;
  duplicateOf: string | null;
  resolved: boolean;
  /** Differing bits of the image hash (0 for videos, which are compared frame by frame after). */
  distance: number;
}

/** The file a lookup is for: where it lives and what it looks like. */
export interface Probe extends Fingerprint {
  assetId: string;
  brandId: string;
  library: Library;
}

const f = assetFingerprints;

/** asset_fingerprints: the duplicates module's own table. */
export class DuplicatesRepository extends Repository {
  /** Runs fn in a savepoint of the caller's transaction: its failure undoes only its own writes. */
  isolated<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(() => fn());
  }

  /**
   * Holds the brand's fingerprint lookups one at a time until the caller's transaction ends:
   * two files of a brand processed at once would each look before the other's fingerprint
   * committed, and neither would be marked (seen on PostgreSQL under load).
   */
  async lockBrand(brandId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`duplicates:${brandId}`}))`);
  }

  async save(probe: Probe): Promise<void> {
    const { assetId, brandId, library, kind, sha256, hashes, colours, bands, durationMs } = probe;
    const values = { brandId, library, kind, sha256, hashes, colours, bands, durationMs };
    await this.db
      .insert(f)
      .values({ assetId, ...values })
      .onConflictDoUpdate({ target: f.assetId, set: values });
  }

  find(assetId: string) {
    return this.db
      .select()
      .from(f)
      .where(eq(f.assetId, assetId))
      .then((rows) => rows[0]);
  }

  /**
   * The brand's files of the same library that may be the same picture: equal bytes, or an
   * image whose hash shares a band and is within the image bits, or a video within the
   * length tolerance (its frames are compared by the caller). Nearest first.
   */
  async candidates(probe: Probe): Promise<Match[]> {
    const image = probe.hashes[0];
    const distance =
      probe.kind === 'IMAGE' && image
        ? sql<number>`bit_count(('x' || ${f.hashes}[1])::bit(64) # ${`x${image}`}::bit(64))::int`
        : sql<number>`0::int`; // an expression: a bare 0 in ORDER BY would name a column
    const alike =
      probe.kind === 'IMAGE'
        ? image
          ? and(
              sql`${f.bands} && ${sql.raw(`ARRAY[${probe.bands.join(',')}]::integer[]`)}`,
              sql`cardinality(${f.hashes}) > 0`,
              sql`${distance} <= ${DUPLICATE_LIMITS.imageBits}`,
            )
          : undefined
        : probe.durationMs !== null && probe.hashes.length > 0
          ? and(
              sql`${f.durationMs} between ${probe.durationMs - DUPLICATE_LIMITS.videoSeconds * 1000} and ${probe.durationMs + DUPLICATE_LIMITS.videoSeconds * 1000}`,
              sql`cardinality(${f.hashes}) = ${probe.hashes.length}`,
            )
          : undefined;
    const same = probe.sha256 ? eq(f.sha256, probe.sha256) : undefined;
    const either = [same, alike].filter((c): c is SQL => c !== undefined);
    if (either.length === 0) return [];
    return this.db
      .select({
        id: f.assetId,
        name: assets.name,
        createdAt: assets.createdAt,
        sha256: f.sha256,
        hashes: f.hashes,
        colours: f.colours,
        durationMs: f.durationMs,
        duplicateOf: f.duplicateOf,
        resolved: f.resolved,
        distance,
      })
      .from(f)
      .innerJoin(assets, eq(assets.id, f.assetId))
      .where(
        and(
          eq(f.brandId, probe.brandId),
          eq(f.library, probe.library),
          eq(f.kind, probe.kind),
          sql`${f.assetId} <> ${probe.assetId}`,
          eq(assets.isHidden, false),
          sql`(${sql.join(either, sql` or `)})`,
        ),
      )
      .orderBy(distance, assets.createdAt, assets.id)
      .limit(50);
  }

  /** `assetId` duplicates `original` (and files that duplicated `assetId` now duplicate `original`). */
  async mark(assetId: string, original: string, identical: boolean): Promise<void> {
    await this.db.update(f).set({ duplicateOf: original, identical }).where(eq(f.assetId, assetId));
    await this.db.update(f).set({ duplicateOf: original }).where(eq(f.duplicateOf, assetId));
  }

  /** Kept by a person: no longer a duplicate, and never marked again. */
  async resolve(assetIds: string[]): Promise<void> {
    await this.db
      .update(f)
      .set({ duplicateOf: null, identical: false, resolved: true })
      .where(inArray(f.assetId, assetIds));
  }

  /** The item query's column (library ItemExtension): [original id, name, identical] or null. */
  itemColumn(assetId: SQL): SQL {
    return sql`(select json_build_array(o.id, o.name, d.identical) from ${f} d join ${assets} o on o.id = d.duplicate_of where d.asset_id = ${assetId} and o.is_hidden = false)`;
  }

  /** A page of the brand's groups: originals with the ids of their duplicates, the newest duplicate's group first. */
  async groups(
    brandId: string,
    page: { limit: number; offset: number },
  ): Promise<{ groups: { id: string; duplicates: string[] }[]; total: number }> {
    const marked = and(eq(f.brandId, brandId), isNotNull(f.duplicateOf));
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({
          id: sql<string>`${f.duplicateOf}`,
          duplicates: sql<string[]>`array_agg(${f.assetId} order by ${assets.createdAt}, ${assets.id})`,
        })
        .from(f)
        .innerJoin(assets, eq(assets.id, f.assetId))
        .where(marked)
        .groupBy(f.duplicateOf)
        .orderBy(desc(sql`max(${assets.createdAt})`), f.duplicateOf)
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: countDistinct(f.duplicateOf) })
        .from(f)
        .where(marked),
    ]);
    return { groups: rows, total: totals?.n ?? 0 };
  }

  /** Processed images and videos without a fingerprint, oldest first (the backfill's next batch). */
  unfingerprinted(limit: number) {
    return this.db
      .select({ id: assets.id })
      .from(assets)
      .leftJoin(f, eq(f.assetId, assets.id))
      .where(
        and(
          isNull(f.assetId),
          inArray(assets.type, ['IMAGE', 'VIDEO']),
          inArray(assets.uploadingState, ['UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL']),
          isNotNull(assets.storagePrefix),
        ),
      )
      .orderBy(assets.createdAt, assets.id)
      .limit(limit);
  }

  async fingerprintCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(f);
    return row?.n ?? 0;
  }
}
