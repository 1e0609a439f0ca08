import { DUPLICATE_LIMITS, type Library } from '@hookline/contract';
import { and, count, countDistinct, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/raw-sql.js';
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

/** How many bits of two dHashes (16 hex digits each) differ, in SQL. */
export const hammingSql = (a: SQL, b: SQL) =>
  sql<number>`bit_count(('x' || ${a})::bit(64) # ('x' || ${b})::bit(64))::int`;

/** A library file that looks like one of its brand's ad creatives' files (AD_ANALYTICS). */
export interface CreativeLookalike {
  assetId: string;
  /** The AD_ANALYTICS file (an ad creative's media). */
  creativeId: string;
  /** The most bits any compared picture differs by. */
  distance: number;
}

/** How alike a file and a creative must be (see ASSET_AD_LINK_LIMITS). */
export interface LookalikeLimits {
  videoSeconds: number;
  bits: number;
  aspectRatio: number;
}

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
        ? hammingSql(sql`${f.hashes}[1]`, sql`${image}::text`)
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

  /**
   * The brand's files of every library but AD_ANALYTICS (only `assetId`, when given) that look
   * like an AD_ANALYTICS file of the brand (the ad sync's copy of a creative's media): videos
   * whose lengths are within `videoSeconds` and whose keyframes each differ by at most `bits`;
   * images whose hashes do and whose aspect ratios differ by at most the `aspectRatio` share.
   * Files in the trash on either side are left out.
   */
  async creativeLookalikes(
    brandId: string,
    assetId: string | undefined,
    limits: LookalikeLimits,
  ): Promise<CreativeLookalike[]> {
    const ms = Math.round(limits.videoSeconds * 1000);
    const ratio = (a: string) =>
      sql`((${sql.raw(a)}.metadata->>'width')::float8 / nullif((${sql.raw(a)}.metadata->>'height')::float8, 0))`;
    const result = await this.db.execute(sql`
      select l.asset_id as "assetId", c.asset_id as "creativeId", d.distance
      from ${f} l
      join ${assets} la on la.id = l.asset_id and not la.is_hidden
      join ${f} c on c.brand_id = l.brand_id and c.library = 'AD_ANALYTICS' and c.kind = l.kind
        and cardinality(c.hashes) = cardinality(l.hashes)
      join ${assets} ca on ca.id = c.asset_id and not ca.is_hidden
      cross join lateral (
        select max(${hammingSql(sql`p.mine`, sql`p.theirs`)}) as distance
        from unnest(l.hashes, c.hashes) as p(mine, theirs)
      ) d
      where l.brand_id = ${brandId} and l.library <> 'AD_ANALYTICS'
        ${assetId ? sql`and l.asset_id = ${assetId}` : sql``}
        and cardinality(l.hashes) > 0
        and (
          (l.kind = 'VIDEO' and c.duration_ms between l.duration_ms - ${ms} and l.duration_ms + ${ms})
          or (l.kind = 'IMAGE' and abs(${ratio('ca')} / nullif(${ratio('la')}, 0) - 1) <= ${limits.aspectRatio})
        )
        and d.distance <= ${limits.bits}
      order by l.asset_id, c.asset_id`);
    return rowsOf<CreativeLookalike>(result);
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
