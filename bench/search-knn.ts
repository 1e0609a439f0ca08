/**
 * Semantic search's kNN at scale (issue 16 "Benchmark", second bullet): N clustered 384-dim
 * vectors in the real `asset_embeddings`, the HNSW index the search module builds (m 16,
 * ef_construction 64), and the product's kNN statement timed and checked against exact search.
 *
 *  - Table and index: the search module's own SemanticIndex (apps/server/dist) creates
 *    `asset_embeddings` (prepare(), as at start-up with AI_EMBED_MODEL set) and, after the
 *    load, builds the index with drain() → finishReembed (CREATE INDEX … USING hnsw, then
 *    ANALYZE), as a re-embed ends. Nothing of the module is copied here.
 *  - Data (seeded, so two runs load the same rows): 200 cluster centres, each row a centre
 *    plus Gaussian noise (the cluster's spread, 0.7–1.3 of the centre's length), normalised.
 *    Rows belong to items as the real table has them: one ITEM vector per item, a TRANSCRIPT
 *    chunk for 45 % of them (a second for a tenth of those), in the item's cluster. Four
 *    brands: the searched one holds 70 % of rows (libraries BRAND 70 %, AD 15 %, UGC 10 %,
 *    AD_ANALYTICS 5 %), three others 10 % each; so a search within brand and library passes
 *    about half the rows (the index has to look past the rest). Loaded with the module's
 *    insert shape (`jsonb_to_recordset`, `::vector`) in batches of 2,000 rows, after their items.
 *  - Query: the `near` and `best` parts of hybridSearch's statement (semantic-repository.ts),
 *    taken from the statement the module itself renders for each query vector, with the
 *    settings it runs them with (`set local hnsw.iterative_scan`, `hnsw.ef_search`); only
 *    ef_search is changed per row. Timed as the product runs it: a transaction with the
 *    settings and the statement. A query is a fresh point near a cluster centre (its own seed).
 *  - Exact: the same statement with `set local enable_indexscan = off` (EXPLAIN checked: no
 *    HNSW scan). recall@10 = the share of the exact 10 nearest items (best chunk each) found.
 *
 * Run: `npx tsx bench/search-knn.ts [--vectors 200000] [--queries 200] [--ef 40,100,200]
 * [--maintenance-work-mem 512MB]`; through the runner: `npm run bench -- search-knn`
 * (BENCH_KNN_VECTORS, BENCH_KNN_QUERIES; at 200,000 give it BENCH_TIMEOUT_S=3000: on 2 busy
 * cores the load took 190 s, the build 28 min at PGlite's maintenance_work_mem 64MB, where the
 * graph stops fitting after ~32,000 rows, and the queries 4 min). PGlite always; with DATABASE_URL also PostgreSQL,
 * in a scratch database beside it, when that server has the `vector` extension (else the
 * report says why not).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../apps/server/dist/platform/db/client.js';
import { buildServer } from './lib/build.js';
import { envInt } from './lib/env.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { percentile, round } from './lib/stats.js';
import { type Cell, formatTable, type Table } from './lib/table.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext, BenchReport } from './lib/types.js';

type DatabaseKind = 'pglite' | 'postgres';
type Library = 'BRAND' | 'AD' | 'UGC' | 'AD_ANALYTICS';

/** Issue 16's goal, at its scale. */
const GOAL_P95_MS = 30;
const GOAL_RECALL = 0.95;
const TARGET_VECTORS = 200_000;
const DIMS = 384;
const CLUSTERS = 200;
const K = 10;
const BATCH = 2_000;
const WARMUP = 20;
const SEED = 1_616;
const MODEL = 'bench-knn-384';
const DEFAULT_EF = [40, 100, 200];

const BRANDS: { share: number; libraries: [Library, number][] }[] = [
  {
    share: 0.7,
    libraries: [
      ['BRAND', 0.7],
      ['AD', 0.15],
      ['UGC', 0.1],
      ['AD_ANALYTICS', 0.05],
    ],
  },
  ...[1, 2, 3].map(() => ({
    share: 0.1,
    libraries: [
      ['BRAND', 0.85],
      ['AD', 0.15],
    ] as [Library, number][],
  })),
];

// ── seeded data ──────────────────────────────────────────────────────────

/** mulberry32 (as bench/search.ts): two runs load the same rows and ask the same queries. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  /** Box–Muller: a standard normal. */
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[int(4)]!;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, gaussian, uuid };
}
type Random = ReturnType<typeof prng>;

const weighted = <T>(random: Random, options: readonly (readonly [T, number])[]): T => {
  let x = random.next() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) {
    x -= w;
    if (x < 0) return value;
  }
  return options[options.length - 1]![0];
};

function normalise(v: Float64Array): Float64Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

interface Clusters {
  centres: Float64Array[];
  /** Per-dimension noise: the noise vector's length is 0.7–1.3 of the (unit) centre's. */
  sigma: number[];
}

function clusters(): Clusters {
  const random = prng(SEED);
  const centres = Array.from({ length: CLUSTERS }, () =>
    normalise(Float64Array.from({ length: DIMS }, () => random.gaussian())),
  );
  const sigma = centres.map(() => (0.7 + 0.6 * random.next()) / Math.sqrt(DIMS));
  return { centres, sigma };
}

/** A point of cluster c: its centre plus noise, normalised (cosine similarity to the centre ≈ 0.6–0.8). */
function pointNear(random: Random, space: Clusters, c: number): Float64Array {
  const centre = space.centres[c]!;
  const sigma = space.sigma[c]!;
  return normalise(Float64Array.from(centre, (x) => x + sigma * random.gaussian()));
}

/** pgvector's text form; float4 keeps about 7 digits, 6 decimals are plenty for values near ±0.1. */
const vectorText = (v: Float64Array) => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

// ── database ─────────────────────────────────────────────────────────────

interface Scope {
  key: string;
  label: string;
  brandId: string;
  library: Library;
  rows: number;
}

interface Loaded {
  assets: number;
  rows: number;
  /** Items and their vectors, in batches. */
  loadMs: number;
  /** The asset_embeddings inserts alone. */
  embeddingsMs: number;
  scopes: Scope[];
}

const stubLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return stubLog;
  },
};

async function load(
  context: BenchContext,
  handle: DatabaseHandle,
  vectors: number,
  space: Clusters,
): Promise<Loaded> {
  const random = prng(SEED + 1);
  const accountId = random.uuid();
  await handle.execute('insert into accounts (id, name) values ($1, $2)', [accountId, 'Bench kNN']);
  const brandIds = BRANDS.map(() => random.uuid());
  for (const [i, id] of brandIds.entries())
    await handle.execute('insert into brands (id, account_id, name) values ($1, $2, $3)', [
      id,
      accountId,
      i === 0 ? 'Bench Brand' : `Other Brand ${i}`,
    ]);
  const counts = new Map<string, number>();
  // Items only carry the vectors here: their search-index triggers (dirty marks) stay off.
  await handle.execute('alter table assets disable trigger user');
  let items: unknown[] = [];
  let rows: unknown[] = [];
  let assets = 0;
  let written = 0;
  let embeddingsMs = 0;
  const started = performance.now();
  const flush = async () => {
    if (rows.length === 0) return;
    await handle.execute(
      `insert into assets (id, account_id, brand_id, library, type, name, path, depth, uploading_state)
       select x.id, $2, x.brand_id, x.library, x.type, x.name, '/' || x.id || '/', 0, 'UPLOADED'
       from jsonb_to_recordset($1::jsonb) as x(id uuid, brand_id uuid, library text, type text, name text)`,
      [JSON.stringify(items), accountId],
    );
    const t = performance.now();
    // embeddings.ts embedItems' insert, less its upsert and existence check (fresh rows).
    await handle.execute(
      `insert into asset_embeddings (asset_id, brand_id, library, source, chunk, model, dims, text_hash, embedding)
       select x.asset_id, x.brand_id, x.library, x.source, x.chunk, $2, $3, x.hash, x.embedding::vector
       from jsonb_to_recordset($1::jsonb) as x(asset_id uuid, brand_id uuid, library text, source text, chunk int, hash text, embedding text)`,
      [JSON.stringify(rows), MODEL, DIMS],
    );
    embeddingsMs += performance.now() - t;
    written += rows.length;
    if (written % 20_000 < BATCH)
      context.progress(
        `search-knn: ${written.toLocaleString('en-US')} of ${vectors.toLocaleString('en-US')} vectors`,
      );
    items = [];
    rows = [];
  };
  try {
    let total = 0;
    while (total < vectors) {
      const b = weighted(
        random,
        BRANDS.map((brand, i) => [i, brand.share] as const),
      );
      const brandId = brandIds[b]!;
      const library = weighted(random, BRANDS[b]!.libraries);
      const cluster = random.int(CLUSTERS);
      const id = random.uuid();
      const transcriptChunks = random.next() < 0.45 ? (random.next() < 0.1 ? 2 : 1) : 0;
      items.push({
        id,
        brand_id: brandId,
        library,
        type: transcriptChunks ? 'VIDEO' : 'IMAGE',
        name: `Bench item ${assets + 1}.${transcriptChunks ? 'mp4' : 'jpg'}`,
      });
      assets++;
      const chunks: ['ITEM' | 'TRANSCRIPT', number][] = [['ITEM', 0]];
      for (let c = 0; c < transcriptChunks; c++) chunks.push(['TRANSCRIPT', c]);
      for (const [source, chunk] of chunks) {
        if (total >= vectors) break;
        rows.push({
          asset_id: id,
          brand_id: brandId,
          library,
          source,
          chunk,
          hash: 'bench',
          embedding: vectorText(pointNear(random, space, cluster)),
        });
        total++;
        const key = `${b}/${library}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (rows.length >= BATCH) await flush();
    }
    await flush();
  } finally {
    await handle.execute('alter table assets enable trigger user');
  }
  const loadMs = performance.now() - started;
  const scopes: Scope[] = [
    {
      key: 'main',
      label: 'brand (70 % of rows), library BRAND',
      brandId: brandIds[0]!,
      library: 'BRAND',
      rows: counts.get('0/BRAND') ?? 0,
    },
    {
      key: 'other',
      label: 'other brand (10 % of rows), library BRAND',
      brandId: brandIds[1]!,
      library: 'BRAND',
      rows: counts.get('1/BRAND') ?? 0,
    },
  ];
  return { assets, rows: written, loadMs, embeddingsMs, scopes };
}

// ── the product's statement ──────────────────────────────────────────────

interface SemanticStateLike {
  vectorReady: boolean;
  model: string | null;
  dims: number | null;
  reembedding: boolean;
  iterativeScans: boolean;
}

interface KnnStatement {
  /** The settings hybridSearch runs first, as it renders them. */
  settings: string[];
  statement: SQL;
  /** The same with `near` cut to the k nearest rows: the index's own recall at an ef_search. */
  topK: SQL;
  /** `near`'s rows themselves, nearest first (for the exact answers: items and rows). */
  rows: SQL;
  /** Rows `near` reads (NEAREST_ROWS). */
  nearestRows: number;
  /** Rendered, for the report. */
  text: string;
}

const dialect = new PgDialect();

/**
 * Renders hybridSearch's statement for this vector (through a database that only records)
 * and keeps its kNN: the `near` CTE (nearest rows within brand, library and model) and `best`
 * (each item's best chunk), ordered by distance. Fails if the statement changed shape.
 */
async function productKnn(
  state: SemanticStateLike,
  scope: Scope,
  vector: Float64Array,
): Promise<KnnStatement> {
  const { hybridSearch } = await import('../apps/server/dist/modules/search/semantic-repository.js');
  const recorded: SQL[] = [];
  const tx = {
    async execute(query: SQL) {
      recorded.push(query);
      return { rows: [] };
    },
  };
  const recorder = { transaction: async (fn: (t: typeof tx) => Promise<unknown>) => fn(tx) };
  // The lexical half's filters do not reach the kNN part; the repository only supplies them.
  const repository = { filters: () => [sql`true`] };
  const r = {
    brandId: scope.brandId,
    params: {
      keyword: 'bench',
      library: [scope.library],
      sort: 'relevance',
      order: 'desc',
      limit: 40,
      offset: 0,
    },
    plainWords: 'bench',
  };
  await hybridSearch(recorder as never, repository as never, r as never, state as never, Array.from(vector));
  const last = recorded.at(-1);
  if (!last) throw new Error('hybridSearch ran no statement');
  const settings = recorded.slice(0, -1).map((s) => dialect.sqlToQuery(s).sql);
  const query = dialect.sqlToQuery(last);
  const parts = /\bnear as \(([\s\S]*?)\),\s*best as \(([\s\S]*?)\),\s*vec as \(/.exec(query.sql);
  if (!parts)
    throw new Error(
      `semantic-repository.ts's statement has changed shape (no near/best CTEs):\n${query.sql}`,
    );
  const text = `with near as (${parts[1]}),\n    best as (${parts[2]})\n    select asset_id::text as asset_id, distance::float8 as distance from best order by distance, asset_id`;
  // Back into a drizzle SQL with the same parameters, so it runs as the module's statements do.
  const limit = /\blimit \$(\d+)\s*$/.exec(parts[1]!);
  if (!limit) throw new Error(`hybridSearch's near CTE has no parameter limit:\n${parts[1]}`);
  const limitIndex = Number(limit[1]) - 1;
  const build = (statementText: string, limitValue?: number) =>
    sql.join(
      statementText
        .split(/\$(\d+)\b/)
        .map((piece, i) =>
          i % 2
            ? sql`${Number(piece) - 1 === limitIndex && limitValue !== undefined ? limitValue : query.params[Number(piece) - 1]}`
            : sql.raw(piece),
        ),
    );
  return {
    settings,
    statement: build(text),
    topK: build(text, K),
    rows: build(
      `with near as (${parts[1]})\n    select asset_id::text as asset_id, distance::float8 as distance from near order by distance, asset_id`,
    ),
    nearestRows: Number(query.params[limitIndex]),
    text,
  };
}

// ── measuring ────────────────────────────────────────────────────────────

interface Variant {
  key: string;
  label: string;
  scope: Scope;
  /** null: exact (index scans off). */
  efSearch: number | null;
  iterative: boolean;
  /** `near` as the product has it, or cut to the k nearest rows. */
  topK?: boolean;
  /** Judged against the issue's goal. */
  goal: boolean;
}

interface Measured {
  key: string;
  label: string;
  scope: string;
  efSearch: number | null;
  iterative: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  recall: number;
  minRecall: number;
  /** Items the `near` rows came to (hybridSearch fuses the first 200). */
  meanItems: number;
  minItems: number;
  goal: boolean;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

async function runKnn(
  db: Database,
  knn: KnnStatement,
  variant: Pick<Variant, 'efSearch' | 'iterative' | 'topK'>,
  explain = false,
): Promise<{ ms: number; ids: string[]; distances: number[]; plan?: string[] }> {
  const started = performance.now();
  const statement = variant.efSearch === null ? knn.rows : variant.topK ? knn.topK : knn.statement;
  const rows = await db.transaction(async (tx) => {
    if (variant.efSearch === null) await tx.execute(sql.raw('set local enable_indexscan = off'));
    else
      for (const setting of knn.settings) {
        if (/hnsw\.iterative_scan/.test(setting) && !variant.iterative) continue;
        await tx.execute(
          sql.raw(setting.replace(/(hnsw\.ef_search\s*=\s*)\d+/, `$1${Math.trunc(variant.efSearch)}`)),
        );
      }
    return rowsOf<Record<string, unknown>>(
      await tx.execute(
        explain ? sql`explain (analyze, costs off, timing off, summary off) ${statement}` : statement,
      ),
    );
  });
  const ms = performance.now() - started;
  if (explain) {
    // The query vector's literal (384 numbers) and buffer counts say nothing here.
    const plan = rows
      .map((row) => String(Object.values(row)[0]).replace(/'\[[^\]]{60,}\]'/g, "'[…]'"))
      .filter((line) => !/^\s*(Buffers:|Planning:)/.test(line));
    return { ms, ids: [], distances: [], plan };
  }
  return {
    ms,
    ids: rows.map((row) => String(row.asset_id)),
    distances: rows.map((row) => Number(row.distance)),
  };
}

interface DatabaseResult {
  database: DatabaseKind;
  target: string;
  vectors: number;
  assets: number;
  dims: number;
  loadMs: number;
  embeddingsMs: number;
  buildMs: number;
  indexMb: number;
  tableMb: number;
  maintenanceWorkMem: string;
  buildNotices: string[];
  pgvector: string;
  iterativeSettings: string;
  productSettings: string[];
  productEf: number | null;
  productUsesIterative: boolean;
  nearestRows: number;
  scopes: Scope[];
  measured: Measured[];
  /** Cosine distance of the exact 10th nearest item, mean over queries (main scope). */
  tenthDistance: number;
  plans: { label: string; plan: string[] }[];
  statement: string;
  loadAverage: number[];
}

export interface KnnOptions {
  vectors: number;
  queries: number;
  efSearch: number[];
  /** e.g. '512MB' for the index build; unset = the database's own (the product sets none). */
  maintenanceWorkMem?: string | undefined;
}

async function runOn(
  context: BenchContext,
  kind: DatabaseKind,
  handle: DatabaseHandle,
  target: string,
  options: KnnOptions,
): Promise<DatabaseResult> {
  const { migrateDatabase } = await import('../apps/server/dist/platform/db/migrate.js');
  const { SemanticIndex } = await import('../apps/server/dist/modules/search/embeddings.js');
  await migrateDatabase(handle);
  const queue = { register() {}, async sendUnlessQueued() {} };
  const index = new SemanticIndex(
    handle,
    {} as never,
    { model: MODEL, dims: DIMS },
    queue as never,
    stubLog as never,
  );
  // As at start-up with AI_EMBED_MODEL set: the extension, asset_embeddings, a re-embed begun.
  await index.prepare();
  const space = clusters();
  context.progress(`search-knn: loading ${options.vectors.toLocaleString('en-US')} vectors (${kind})`);
  const loaded = await load(context, handle, options.vectors, space);

  if (options.maintenanceWorkMem && kind === 'pglite')
    await handle.execute(`set maintenance_work_mem = '${options.maintenanceWorkMem.replace(/'/g, '')}'`);
  const [mwm] = (await handle.execute<{ maintenance_work_mem: string }>('show maintenance_work_mem')).rows;
  // PGlite: catch the build's notices (pgvector says when the graph outgrows maintenance_work_mem).
  const notices: string[] = [];
  const client = handle.pglite as unknown as
    | { query: (text: string, params?: unknown[], options?: Record<string, unknown>) => Promise<unknown> }
    | undefined;
  const original = client?.query;
  if (client && original)
    client.query = (text, params, queryOptions) =>
      original.call(client, text, params, {
        ...queryOptions,
        onNotice: (notice: { message?: string }) => notices.push(String(notice.message)),
      });
  context.progress('search-knn: building the HNSW index (SemanticIndex.drain → finishReembed)');
  const buildStarted = performance.now();
  try {
    // The queue is empty (no search documents were written), so this ends the re-embed:
    // CREATE INDEX … hnsw (m 16, ef_construction 64), ANALYZE, semantic search on.
    await index.drain();
  } finally {
    if (client && original) client.query = original;
  }
  const buildMs = performance.now() - buildStarted;
  const state = await index.usable();
  if (!state)
    throw new Error('semantic search is not usable after the build (SemanticIndex.usable() is null)');
  const [sizes] = (
    await handle.execute<{ index: number | null; table: number; version: string }>(
      `select pg_relation_size(to_regclass('asset_embeddings_hnsw_idx'))::float8 as index,
              pg_total_relation_size('asset_embeddings')::float8 as table,
              (select extversion from pg_extension where extname = 'vector') as version`,
    )
  ).rows;
  if (!sizes?.index) throw new Error('no asset_embeddings_hnsw_idx after the build');

  // Queries: their own seed, so they are the same whatever --vectors.
  const random = prng(SEED + 2);
  const queryVectors = Array.from({ length: options.queries + WARMUP }, () =>
    pointNear(random, space, random.int(CLUSTERS)),
  );
  const db = handle.db;
  const statements = new Map<string, KnnStatement[]>();
  for (const scope of loaded.scopes)
    statements.set(scope.key, await Promise.all(queryVectors.map((v) => productKnn(state, scope, v))));
  const sample = statements.get('main')![0]!;
  const productEfMatch = sample.settings.map((s) => /hnsw\.ef_search\s*=\s*(\d+)/.exec(s)).find(Boolean);
  const productEf = productEfMatch ? Number(productEfMatch[1]) : null;
  const productUsesIterative = sample.settings.some((s) =>
    /hnsw\.iterative_scan\s*=\s*(relaxed_order|strict_order)/.test(s),
  );
  const [guc] = (
    await handle.execute<{ settings: string | null }>(
      `select string_agg(name || ' = ' || setting, ', ' order by name) as settings from pg_settings where name like 'hnsw.%'`,
    )
  ).rows;

  // Ground truth per scope: the same statement with index scans off (also the exact latency).
  /** Per scope and query: the exact k nearest items, and the items of the exact k nearest rows. */
  const exact = new Map<string, string[][]>();
  const exactRows = new Map<string, string[][]>();
  const measured: Measured[] = [];
  const plans: { label: string; plan: string[] }[] = [];
  let tenthDistance = 0;
  const summarise = (variant: Variant, ms: number[], recalls: number[], items: number[]): Measured => {
    const sorted = [...ms].sort((a, b) => a - b);
    return {
      key: variant.key,
      label: variant.label,
      scope: variant.scope.label,
      efSearch: variant.efSearch,
      iterative: variant.efSearch === null ? '' : variant.iterative ? 'relaxed_order' : 'off',
      samples: ms.length,
      p50: round(percentile(sorted, 50), 1),
      p95: round(percentile(sorted, 95), 1),
      max: round(sorted.at(-1) ?? Number.NaN, 1),
      recall: round(recalls.reduce((s, x) => s + x, 0) / recalls.length, 3),
      minRecall: round(Math.min(...recalls), 2),
      meanItems: round(items.reduce((s, x) => s + x, 0) / items.length),
      minItems: Math.min(...items),
      goal: variant.goal,
    };
  };
  for (const scope of loaded.scopes) {
    const list = statements.get(scope.key)!;
    context.progress(`search-knn: exact search for ${options.queries} queries (${scope.label})`);
    const explained = await runKnn(db, list[0]!, { efSearch: null, iterative: false }, true);
    plans.push({ label: `exact, ${scope.label}`, plan: explained.plan ?? [] });
    if (explained.plan?.some((line) => line.includes('hnsw_idx')))
      throw new Error(`the exact plan still reads the HNSW index:\n${explained.plan.join('\n')}`);
    for (let i = 0; i < WARMUP; i++)
      await runKnn(db, list[options.queries + i]!, { efSearch: null, iterative: false });
    const truth: string[][] = [];
    const truthRows: string[][] = [];
    const ms: number[] = [];
    const items: number[] = [];
    const tenth: number[] = [];
    for (let i = 0; i < options.queries; i++) {
      const result = await runKnn(db, list[i]!, { efSearch: null, iterative: false });
      // Rows nearest first: an item's first row is its best chunk (what `best` keeps).
      const seen = new Map<string, number>();
      result.ids.forEach((id, at) => {
        if (!seen.has(id)) seen.set(id, result.distances[at]!);
      });
      const ranked = [...seen.keys()];
      truth.push(ranked.slice(0, K));
      truthRows.push([...new Set(result.ids.slice(0, K))]);
      tenth.push(seen.get(ranked[K - 1]!) ?? Number.NaN);
      ms.push(result.ms);
      items.push(ranked.length);
    }
    exact.set(scope.key, truth);
    exactRows.set(scope.key, truthRows);
    const variant: Variant = {
      key: `exact-${scope.key}`,
      label: 'exact (index scans off)',
      scope,
      efSearch: null,
      iterative: false,
      goal: false,
    };
    measured.push(
      summarise(
        variant,
        ms,
        truth.map(() => 1),
        items,
      ),
    );
    if (scope.key === 'main') tenthDistance = round(tenth.reduce((a, b) => a + b, 0) / tenth.length, 3);
  }

  const main = loaded.scopes.find((s) => s.key === 'main')!;
  const other = loaded.scopes.find((s) => s.key === 'other')!;
  const ef = productEf ?? 100;
  const variants: Variant[] = [
    ...options.efSearch.map((e) => ({
      key: `ef${e}`,
      label: e === productEf ? `ef_search ${e} (the product's)` : `ef_search ${e}`,
      scope: main,
      efSearch: e,
      iterative: productUsesIterative,
      goal: true,
    })),
    {
      key: `ef${ef}-no-iterative`,
      label: `ef_search ${ef}, iterative scans off`,
      scope: main,
      efSearch: ef,
      iterative: false,
      goal: false,
    },
    ...options.efSearch.map((e) => ({
      key: `ef${e}-top${K}`,
      label: `ef_search ${e}, near cut to ${K} rows`,
      scope: main,
      efSearch: e,
      iterative: productUsesIterative,
      topK: true,
      goal: false,
    })),
    {
      key: `ef${ef}-other`,
      label: `ef_search ${ef}`,
      scope: other,
      efSearch: ef,
      iterative: productUsesIterative,
      goal: false,
    },
  ];
  for (const variant of variants) {
    context.progress(`search-knn: ${variant.label}, ${variant.scope.label}`);
    const list = statements.get(variant.scope.key)!;
    // Cut to k rows, the answer is compared with the items of the exact k nearest rows.
    const truth = (variant.topK ? exactRows : exact).get(variant.scope.key)!;
    if (
      variant.key === `ef${ef}` ||
      variant.key === `ef${ef}-other` ||
      variant.key === `ef${ef}-no-iterative`
    ) {
      const explained = await runKnn(db, list[0]!, variant, true);
      plans.push({ label: `${variant.label}, ${variant.scope.label}`, plan: explained.plan ?? [] });
    }
    for (let i = 0; i < WARMUP; i++) await runKnn(db, list[options.queries + i]!, variant);
    const ms: number[] = [];
    const recalls: number[] = [];
    const items: number[] = [];
    for (let i = 0; i < options.queries; i++) {
      const result = await runKnn(db, list[i]!, variant);
      const found = new Set(result.ids.slice(0, K));
      recalls.push(truth[i]!.filter((id) => found.has(id)).length / truth[i]!.length);
      ms.push(result.ms);
      items.push(result.ids.length);
    }
    measured.push(summarise(variant, ms, recalls, items));
  }

  return {
    database: kind,
    target,
    vectors: loaded.rows,
    assets: loaded.assets,
    dims: DIMS,
    loadMs: loaded.loadMs,
    embeddingsMs: loaded.embeddingsMs,
    buildMs,
    indexMb: round(sizes.index / 2 ** 20),
    tableMb: round(sizes.table / 2 ** 20),
    maintenanceWorkMem: mwm?.maintenance_work_mem ?? '?',
    buildNotices: [...new Set(notices)],
    pgvector: sizes.version,
    iterativeSettings: guc?.settings ?? '',
    productSettings: sample.settings,
    productEf,
    productUsesIterative,
    nearestRows: sample.nearestRows,
    scopes: loaded.scopes,
    measured,
    tenthDistance,
    plans,
    statement: sample.text.replace(/\s+/g, ' '),
    loadAverage: (await import('node:os')).loadavg().map((v) => round(v, 2)),
  };
}

// ── the databases ────────────────────────────────────────────────────────

interface Result {
  options: KnnOptions;
  runs: DatabaseResult[];
  skipped: string[];
}

/** host:port/database only: credentials never reach stdout or the results. */
function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/** Why DATABASE_URL's server cannot take this bench, or null when it has pgvector. */
async function postgresUnavailable(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string; available: boolean }>(
      `select current_setting('server_version') as version,
              exists (select 1 from pg_available_extensions where name = 'vector') as available`,
    );
    return rows[0]?.available
      ? null
      : `PostgreSQL ${rows[0]?.version} at ${describeDatabaseUrl(databaseUrl)} has no \`vector\` extension (pg_available_extensions does not list it)`;
  } catch (error) {
    return `PostgreSQL at ${describeDatabaseUrl(databaseUrl)} not reachable: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function runKnnBench(context: BenchContext, options: KnnOptions): Promise<Result> {
  const { openDatabase } = await import('../apps/server/dist/platform/db/client.js');
  const runs: DatabaseResult[] = [];
  const skipped: string[] = [];

  const dir = await makeTempDir('search-knn');
  try {
    const handle = await openDatabase({ dataDir: dir.path });
    try {
      runs.push(await runOn(context, 'pglite', handle, 'embedded PGlite (a temporary DATA_DIR/db)', options));
    } finally {
      await handle.close();
    }
  } finally {
    await dir.remove();
  }

  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) skipped.push('PostgreSQL: skipped, DATABASE_URL is not set');
  else {
    const why = await postgresUnavailable(databaseUrl);
    if (why) skipped.push(`PostgreSQL: skipped, ${why}`);
    else {
      const scratch = await createScratchDatabase(databaseUrl, 'knn');
      try {
        if (options.maintenanceWorkMem) {
          const setup = new pg.Client({ connectionString: scratch.url });
          await setup.connect();
          try {
            await setup.query(
              `alter database "${scratch.name}" set maintenance_work_mem = '${options.maintenanceWorkMem.replace(/'/g, '')}'`,
            );
          } finally {
            await setup.end();
          }
        }
        const handle = await openDatabase({ databaseUrl: scratch.url, poolMax: 2 });
        try {
          runs.push(await runOn(context, 'postgres', handle, describeDatabaseUrl(scratch.url), options));
        } finally {
          await handle.close();
        }
      } finally {
        await scratch.drop();
      }
    }
  }
  return { options, runs, skipped };
}

// ── report ───────────────────────────────────────────────────────────────

const DATABASE_NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

function report(result: Result): BenchReport {
  const setup: Table = {
    columns: [
      'database',
      'pgvector',
      'vectors',
      'items',
      'dims',
      'load s',
      'index build s',
      'index MB',
      'maintenance_work_mem',
    ],
    rows: result.runs.map((run) => [
      DATABASE_NAME[run.database],
      run.pgvector,
      run.vectors,
      run.assets,
      run.dims,
      round(run.loadMs / 1000, 1),
      round(run.buildMs / 1000, 1),
      run.indexMb,
      run.maintenanceWorkMem,
    ]),
  };
  const queries: Table = {
    columns: [
      'database',
      'query',
      'scope',
      'iterative scan',
      'samples',
      'p50 ms',
      'p95 ms',
      'max ms',
      'recall@10',
      'min recall',
      'items returned',
      'goal',
      'status',
    ],
    rows: result.runs.flatMap((run) =>
      run.measured.map((m): Cell[] => {
        const atTarget = run.vectors >= TARGET_VECTORS;
        const met = m.p95 <= GOAL_P95_MS && m.recall >= GOAL_RECALL;
        return [
          DATABASE_NAME[run.database],
          m.label,
          m.scope,
          m.iterative,
          m.samples,
          m.p50,
          m.p95,
          m.max,
          m.recall,
          m.minRecall,
          `${m.meanItems} (min ${m.minItems})`,
          m.goal
            ? `p95 ≤ ${GOAL_P95_MS} ms, recall ≥ ${GOAL_RECALL}${atTarget ? '' : ` (at ${TARGET_VECTORS.toLocaleString('en-US')})`}`
            : '',
          m.goal && atTarget ? (met ? 'met' : 'MISSED') : '',
        ];
      }),
    ),
  };
  const notes: string[] = [...result.skipped];
  for (const run of result.runs) {
    const name = DATABASE_NAME[run.database];
    notes.push(
      `${name} (${run.target}): ${run.vectors.toLocaleString('en-US')} vectors of ${run.dims} dims for ${run.assets.toLocaleString('en-US')} items in ${CLUSTERS} seeded clusters; ` +
        `searched scopes hold ${run.scopes.map((s) => `${s.rows.toLocaleString('en-US')} rows (${s.label})`).join(', ')}; load average after ${run.loadAverage.join('/')}`,
      `${name}: load ${round(run.loadMs / 1000, 1)} s (items and vectors in batches of ${BATCH}; the asset_embeddings inserts ${round(run.embeddingsMs / 1000, 1)} s), ` +
        `index build ${round(run.buildMs / 1000, 1)} s (the module's finishReembed: hnsw m 16, ef_construction 64, then ANALYZE) at maintenance_work_mem ${run.maintenanceWorkMem}; ` +
        `index ${run.indexMb} MB, table with indexes ${run.tableMb} MB` +
        (run.buildNotices.length ? `; build notices: ${run.buildNotices.join(' | ')}` : ''),
      `${name}: pgvector ${run.pgvector} (${run.iterativeSettings}); the product runs ${run.productSettings.map((s) => `\`${s}\``).join(', ')} → ` +
        (run.productUsesIterative ? 'iterative index scans ON (relaxed order)' : 'iterative index scans OFF'),
      `${name}: exact 10th nearest item at mean cosine distance ${run.tenthDistance} (hybridSearch drops vector hits beyond 0.7)`,
      `${name}: items returned: the items (best chunk each) the ${run.nearestRows} nearest rows of \`near\` came to; hybridSearch fuses the first 200 with the lexical list. "near cut to ${K} rows": the same statement with limit ${K}, the index's own recall at that ef_search (against the items of the exact ${K} nearest rows)`,
      `${name}: timed as the product runs it: one transaction with its settings (ef_search as in the row) and the kNN statement; ${result.options.queries} queries per row after ${WARMUP} warm-up queries; sequential`,
    );
    for (const { label, plan } of run.plans)
      notes.push(`${name} plan, ${label}:\n    ${plan.join('\n    ')}`);
  }
  if (result.runs[0]) notes.push(`the kNN statement (from hybridSearch): ${result.runs[0].statement}`);
  const first = result.runs[0];
  const goalRows = first?.measured.filter((m) => m.goal) ?? [];
  const best = goalRows.find((m) => m.p95 <= GOAL_P95_MS && m.recall >= GOAL_RECALL);
  const summary = first
    ? `${DATABASE_NAME[first.database]} ${first.vectors.toLocaleString('en-US')} × ${first.dims}: load ${round(first.loadMs / 1000)} s, build ${round(first.buildMs / 1000)} s; ` +
      goalRows.map((m) => `ef_search ${m.efSearch} recall@10 ${m.recall} p95 ${m.p95} ms`).join(', ') +
      (first.vectors >= TARGET_VECTORS
        ? best
          ? ` (goal met from ef_search ${best.efSearch})`
          : ' (goal MISSED)'
        : ` (goal judged at ${TARGET_VECTORS.toLocaleString('en-US')})`)
    : 'no run';
  return {
    table: queries,
    tables: [
      { title: 'load and index build', table: setup },
      { title: `kNN queries (k ${K})`, table: queries },
    ],
    summary,
    notes,
    data: result,
  };
}

export const searchKnn: Bench = {
  name: 'search-knn',
  description:
    "semantic search's kNN: 200,000 clustered 384-dim vectors, HNSW, p50/p95 and recall@10 per ef_search (BENCH_KNN_VECTORS, BENCH_KNN_QUERIES)",
  async run(context) {
    const result = await runKnnBench(context, {
      vectors: envInt('BENCH_KNN_VECTORS', TARGET_VECTORS),
      queries: envInt('BENCH_KNN_QUERIES', 200),
      efSearch: DEFAULT_EF,
    });
    return report(result);
  },
};

// ── direct run: npx tsx bench/search-knn.ts [--vectors N] [--queries N] [--ef 40,100,200] [--maintenance-work-mem 512MB] ──

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? undefined : args[at + 1];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const vectors = Number(argument(args, 'vectors') ?? TARGET_VECTORS);
  if (!Number.isInteger(vectors) || vectors < 1_000) throw new Error('--vectors is a whole number ≥ 1000');
  const queries = Number(argument(args, 'queries') ?? 200);
  if (!Number.isInteger(queries) || queries < 1) throw new Error('--queries is a whole number ≥ 1');
  const efSearch = (argument(args, 'ef') ?? DEFAULT_EF.join(',')).split(',').map(Number);
  if (efSearch.some((e) => !Number.isInteger(e) || e < 1 || e > 1000))
    throw new Error('--ef is a list of whole numbers 1–1000 (e.g. 40,100,200)');
  const context: BenchContext = { progress: (message) => process.stderr.write(`… ${message}\n`) };
  context.progress('building packages/contract and apps/server (tsc -b)');
  await buildServer();
  const started = Date.now();
  const result = await runKnnBench(context, {
    vectors,
    queries,
    efSearch,
    maintenanceWorkMem: argument(args, 'maintenance-work-mem'),
  });
  const r = report(result);
  const lines = [`\n## search-knn: ${searchKnn.description}\n`];
  for (const { title, table } of r.tables ?? []) lines.push(`### ${title}\n`, formatTable(table), '');
  for (const note of r.notes ?? []) lines.push(`note: ${note}`);
  lines.push(`summary: ${r.summary}`, `(whole run ${round((Date.now() - started) / 1000)} s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench/search-knn: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
