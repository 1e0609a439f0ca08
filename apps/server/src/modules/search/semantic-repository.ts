import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { vectorTypeFor } from './embeddings.js';
import {
  keywordMatch,
  type ResolvedSearch,
  type SearchHit,
  type SearchRepository,
  tsQuery,
} from './repository.js';
import { rowsOf, textArray } from './sql.js';
import type { VectorState } from './vector-store.js';

/** Reciprocal-rank fusion's k, and how many hits of each list take part (issue 16). */
export const RRF_K = 60;
export const FUSED_PER_LIST = 200;
/**
 * Nearest rows read from the index: an item has one vector plus one per transcript chunk (1.5
 * on average), so about FUSED_PER_LIST items remain after taking each item's best chunk. The
 * kNN's cost grows with it, not with ef_search: iterative scans read until this many rows pass
 * the brand and library (bench/search-knn: 600 rows took p95 107 ms at 200,000 vectors).
 */
const NEAREST_ROWS = 300;
/**
 * Cosine distance beyond which a vector hit does not count (similarity under 0.3): unrelated
 * texts land around 0.8–1 with common models, and every item is somebody's nearest.
 */
export const MAX_COSINE_DISTANCE = 0.7;
/** The HNSW candidate list per scan (bench/search-knn: recall@10 0.98 with iterative scans at 40–200 alike). */
const EF_SEARCH = 100;

/**
 * Hybrid search (issue 16): the lexical matches and the keyword's nearest items, each ranked,
 * fused by reciprocal rank (k 60) over the top 200 of each list; the score is the fused value
 * over its best possible (first in both), so 0–1. Both lists honour every filter, and the
 * kNN looks only within the brand and its libraries (pgvector's iterative index scans keep
 * reading the index until enough rows pass). Items beyond both top-200s still match
 * lexically: they follow, in lexical order, and count in the total.
 */
export async function hybridSearch(
  db: Database,
  repository: SearchRepository,
  r: ResolvedSearch,
  state: VectorState,
  vector: number[],
): Promise<{ hits: SearchHit[]; total: number }> {
  const { params } = r;
  const keyword = params.keyword ?? '';
  const dims = state.dims as number;
  const type = sql.raw(`${vectorTypeFor(dims)}(${Math.trunc(dims)})`);
  const match = keywordMatch(r.plainWords);
  const where = sql.join(repository.filters(r), sql` and `);
  const direction = sql.raw(params.order === 'asc' ? 'asc' : 'desc');
  const order =
    params.sort === 'relevance'
      ? sql`f.rrf desc, f.lr, f.created_at desc, f.id`
      : sql`f.created_at ${direction}, f.id`;
  const literal = `[${vector.join(',')}]`;
  const statement = (limit: number, offset: number): SQL => sql`
    with q as (select ${tsQuery(keyword)} as tsq),
    lex as (
      select a.id, a.created_at, row_number() over (order by ${match.score} desc, a.created_at desc, a.id) as r
      from search_documents d join assets a on a.id = d.asset_id cross join q
      where ${where} and ${match.condition}
    ),
    near as (
      select e.asset_id, e.embedding::${type} <=> ${literal}::${type} as distance
      from asset_embeddings e
      where e.dims = ${sql.raw(String(Math.trunc(dims)))} and e.brand_id = ${r.brandId}
        and e.library = any(${textArray(params.library)}) and e.model = ${state.model}
      order by e.embedding::${type} <=> ${literal}::${type}
      limit ${NEAREST_ROWS}
    ),
    best as (select asset_id, min(distance) as distance from near group by asset_id),
    vec as (
      select a.id, a.created_at, row_number() over (order by b.distance, a.id) as r
      from best b join search_documents d on d.asset_id = b.asset_id join assets a on a.id = d.asset_id
      where ${where} and b.distance <= ${MAX_COSINE_DISTANCE}
    ),
    f as (
      select coalesce(l.id, v.id) as id, coalesce(l.created_at, v.created_at) as created_at,
        (case when l.r <= ${FUSED_PER_LIST} then 1.0 / (${RRF_K} + l.r) else 0 end
          + case when v.r <= ${FUSED_PER_LIST} then 1.0 / (${RRF_K} + v.r) else 0 end) as rrf,
        coalesce(l.r, 2147483647) as lr
      from lex l full join vec v on v.id = l.id
    )
    select f.id, (f.rrf * ${(RRF_K + 1) / 2})::float8 as score, count(*) over ()::int as total
    from f order by ${order}
    limit ${limit} offset ${offset}`;
  const run = (limit: number, offset: number) =>
    db.transaction(async (tx) => {
      // Settings for this transaction only: a filtered kNN keeps scanning until enough rows pass.
      if (state.iterativeScans) await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      await tx.execute(sql.raw(`set local hnsw.ef_search = ${EF_SEARCH}`));
      return rowsOf<{ id: string; score: number; total: number }>(await tx.execute(statement(limit, offset)));
    });
  const rows = await run(params.limit, params.offset);
  // A page past the end has no rows to carry the total: the first row's count then.
  const total = rows[0]?.total ?? (params.offset > 0 ? ((await run(1, 0))[0]?.total ?? 0) : 0);
  return { hits: rows.map((row) => ({ id: row.id, score: Number(row.score) })), total };
}
