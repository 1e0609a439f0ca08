import { createHash } from 'node:crypto';
import { interpolate, type SemanticSearchStatus, semanticSearchMessages } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../platform/ai/types.js';
import type { DatabaseHandle } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { rowsOf, uuidArray } from './sql.js';

/**
 * Semantic search's vectors (issue 16, design/ai.md §4.2 f).
 *
 * On when AI_EMBED_MODEL is set and the database has pgvector (PGlite ships it; Debian's
 * PostgreSQL 15 has none). Migration 0025 creates the extension when the server lists it,
 * plus the queue and the state row, which work anywhere. `asset_embeddings` needs the `vector`
 * type, so it is created here at start-up (`prepare`), and so is its HNSW index, whose
 * column type depends on the model's dims: `vector(n)` up to 2000, `halfvec(n)` up to 4000;
 * beyond that the server refuses to start (set AI_EMBED_DIMS, sent as `dimensions`).
 *
 * Each item gets one vector for its name, tags, description and on-screen text (source ITEM,
 * chunk 0) and one per 2,000-character transcript chunk (TRANSCRIPT, chunk 0…). Rebuilt
 * search documents queue their item (0025's trigger, while `embedding_state.enabled`); the
 * AI_EMBED job drains the queue in batches and skips texts whose vectors are current.
 *
 * A new model or dims starts a re-embed: every item is queued, the index is dropped, and
 * search stays lexical until the queue is empty; then the index is built over the loaded
 * rows (architecture §7: load first, then build).
 */

export const AI_EMBED_QUEUE = 'AI_EMBED';
export const TRANSCRIPT_CHUNK_CHARS = 2000;
export const MAX_VECTOR_DIMS = 2000;
export const MAX_HALFVEC_DIMS = 4000;
/** The item text sent is cut here (names, tags, a description and on-screen lines fit well within). */
const MAX_ITEM_CHARS = 8000;
/** Items per batch taken from the queue, and texts per embeddings call. */
const ITEMS_PER_BATCH = 32;
const TEXTS_PER_CALL = 64;
const INDEX_NAME = 'asset_embeddings_hnsw_idx';
/** maintenance_work_mem for building the HNSW index (the process's memory for one build, then released). */
const INDEX_BUILD_MEMORY = '256MB';
/** How long a process trusts its reading of embedding_state (another process may start a re-embed). */
const STATE_TTL_MS = 5000;

export type EmbeddingSource = 'ITEM' | 'TRANSCRIPT';

/** The column type the index casts to: vector up to 2000 dims, halfvec up to 4000, else none. */
export function vectorTypeFor(dims: number): 'vector' | 'halfvec' {
  if (dims <= MAX_VECTOR_DIMS) return 'vector';
  if (dims <= MAX_HALFVEC_DIMS) return 'halfvec';
  throw new Error(dimsRefusal(dims));
}

export const dimsRefusal = (dims: number) =>
  `Semantic search cannot index ${dims}-dimension embeddings: pgvector's HNSW takes at most ${MAX_HALFVEC_DIMS} (halfvec). Set AI_EMBED_DIMS to ${MAX_HALFVEC_DIMS} or fewer (sent to the model as \`dimensions\`), or choose another AI_EMBED_MODEL.`;

/** Splits a transcript into chunks of at most `size` characters, at word boundaries where there are some. */
export function transcriptChunks(text: string, size = TRANSCRIPT_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let rest = text.replace(/\s+/g, ' ').trim();
  while (rest.length > size) {
    let cut = rest.lastIndexOf(' ', size);
    if (cut < size / 2) cut = size;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/** A search document's lines (0024) by source. */
interface DocumentRow {
  asset_id: string;
  brand_id: string;
  library: string;
  name: string;
  lines: { s: string; t: string; ms: number | null }[];
}

/** The texts an item is embedded as: its ITEM text, then its transcript's chunks. */
export function textsOf(
  doc: Pick<DocumentRow, 'name' | 'lines'>,
): { source: EmbeddingSource; chunk: number; text: string }[] {
  const of = (s: string) => doc.lines.filter((l) => l.s === s).map((l) => l.t);
  const tags = of('TAG');
  const item = [doc.name, tags.length ? tags.join(', ') : '', ...of('DESCRIPTION'), ...of('ON_SCREEN_TEXT')]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_ITEM_CHARS);
  return [
    { source: 'ITEM', chunk: 0, text: item },
    ...transcriptChunks(of('TRANSCRIPT').join(' ')).map((text, chunk) => ({
      source: 'TRANSCRIPT' as const,
      chunk,
      text,
    })),
  ];
}

const hashOf = (model: string, dims: number | null, text: string) =>
  createHash('sha256')
    .update(`${model}\u0000${dims ?? ''}\u0000${text}`)
    .digest('hex');

/** What search needs to know: whether vectors may be used now, and for which model and dims. */
export interface SemanticState {
  /** The database has pgvector and asset_embeddings. */
  vectorReady: boolean;
  model: string | null;
  dims: number | null;
  reembedding: boolean;
  /** pgvector ≥ 0.8: filtered kNN keeps scanning the index until enough rows pass (iterative scans). */
  iterativeScans: boolean;
}

export interface EmbedConfig {
  model: string | undefined;
  dims: number | undefined;
}

export class SemanticIndex {
  private prepared: Promise<void> | undefined;
  private cached: { state: SemanticState; at: number } | undefined;
  private vectorAvailable = false;
  private iterative = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly provider: AiProvider,
    readonly config: EmbedConfig,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {
    // Refused at start: an index over more dims than pgvector takes would fail on every write.
    if (config.model && config.dims !== undefined) vectorTypeFor(config.dims);
  }

  register(runWorkers: boolean): void {
    this.queue.register(AI_EMBED_QUEUE, () => this.drain().then(() => undefined), {
      policy: 'stately',
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: 30 * 60,
      concurrency: 1,
    });
    if (runWorkers)
      this.prepare().catch((error: unknown) =>
        this.log.error({ err: error }, 'semantic search: not prepared'),
      );
  }

  /**
   * Once per process: creates asset_embeddings when pgvector is there and a model is set,
   * and starts a re-embed when the model or dims differ from the stored vectors'. Without a
   * model, stops queueing embeddings (the vectors stay for when it comes back).
   */
  prepare(): Promise<void> {
    this.prepared ??= this.database.withAdvisoryLock(0x5e4a_11c, () => this.doPrepare());
    return this.prepared;
  }

  private async doPrepare(): Promise<void> {
    const db = this.database.db;
    const [ext] = rowsOf<{ available: boolean; installed: string | null }>(
      await db.execute(sql`
        select exists (select 1 from pg_available_extensions where name = 'vector') as available,
               (select extversion from pg_extension where extname = 'vector') as installed`),
    );
    const { model, dims } = this.config;
    if (!model || !ext?.available) {
      await db.execute(sql`
        insert into embedding_state (id, enabled) values (true, false)
        on conflict (id) do update set enabled = false, updated_at = now()`);
      this.vectorAvailable = Boolean(ext?.available && ext.installed);
      return;
    }
    if (!ext.installed) await db.execute(sql`create extension if not exists vector`);
    await db.execute(sql`
      create table if not exists asset_embeddings (
        asset_id uuid not null references assets(id) on delete cascade,
        brand_id uuid not null,
        library text not null,
        source text not null,
        chunk integer not null,
        model text not null,
        dims integer not null,
        text_hash text not null,
        embedding vector not null,
        primary key (asset_id, source, chunk)
      )`);
    await db.execute(
      sql`create index if not exists asset_embeddings_brand_idx on asset_embeddings (brand_id, library)`,
    );
    const [version] = rowsOf<{ v: string }>(
      await db.execute(sql`select extversion as v from pg_extension where extname = 'vector'`),
    );
    const [major = 0, minor = 0] = (version?.v ?? '0.0').split('.').map(Number);
    this.iterative = major > 0 || minor >= 8;
    this.vectorAvailable = true;

    const [state] = rowsOf<{ model: string | null; dims: number | null; enabled: boolean }>(
      await db.execute(sql`select model, dims, enabled from embedding_state`),
    );
    const changed = !state || state.model !== model || (dims !== undefined && state.dims !== dims);
    if (changed) {
      // A new model (or the first one): every item again; search stays lexical until done.
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into embedding_state (id, enabled, model, dims, reembedding) values (true, true, ${model}, ${dims ?? null}, true)
          on conflict (id) do update set enabled = true, model = excluded.model, dims = excluded.dims,
            reembedding = true, updated_at = now()`);
        await tx.execute(sql.raw(`drop index if exists ${INDEX_NAME}`));
        await tx.execute(
          sql`insert into embedding_queue (asset_id) select asset_id from search_documents on conflict do nothing`,
        );
      });
      this.log.info({ model, dims, from: state?.model ?? null }, 'semantic search: re-embedding every item');
    } else if (!state.enabled) {
      // Back on with the same model: what changed while it was off.
      await db.execute(sql`update embedding_state set enabled = true, updated_at = now()`);
      await db.execute(sql`
        insert into embedding_queue (asset_id)
        select d.asset_id from search_documents d
        where not exists (select 1 from asset_embeddings e where e.asset_id = d.asset_id and e.source = 'ITEM')
        on conflict do nothing`);
    }
    this.cached = undefined;
    await this.kick();
  }

  /** Queues AI_EMBED unless one is waiting already. */
  async kick(): Promise<void> {
    // Nothing to embed into before prepare() found pgvector (it kicks once it has).
    if (!this.config.model || !this.vectorAvailable) return;
    await this.queue.sendUnlessQueued(AI_EMBED_QUEUE, {}, { singletonKey: 'queued' });
  }

  /** The state search reads (prepared first; re-read from the database every few seconds). */
  async state(): Promise<SemanticState> {
    await this.prepare();
    if (this.cached && Date.now() - this.cached.at < STATE_TTL_MS) return this.cached.state;
    let row:
      | { model: string | null; dims: number | null; reembedding: boolean; enabled: boolean }
      | undefined;
    if (this.vectorAvailable && this.config.model)
      [row] = rowsOf(
        await this.database.db.execute(sql`select model, dims, reembedding, enabled from embedding_state`),
      );
    const state: SemanticState = {
      vectorReady: this.vectorAvailable && Boolean(row?.enabled),
      model: row?.model ?? null,
      dims: row?.dims ?? null,
      reembedding: row?.reembedding ?? false,
      iterativeScans: this.iterative,
    };
    this.cached = { state, at: Date.now() };
    return state;
  }

  /** Whether GET /search may rank by meaning now: on, and no re-embed running. */
  async usable(): Promise<SemanticState | null> {
    if (!this.config.model) return null;
    const state = await this.state();
    return state.vectorReady && !state.reembedding && state.dims !== null && state.model === this.config.model
      ? state
      : null;
  }

  /** For /ai/capabilities: on, off and why, or the re-embed's progress. */
  async status(): Promise<SemanticSearchStatus> {
    await this.prepare();
    if (!this.vectorAvailable)
      return { enabled: false, message: semanticSearchMessages.noVector, progress: null };
    if (!this.config.model)
      return { enabled: false, message: semanticSearchMessages.noModel, progress: null };
    const state = await this.state();
    if (state.reembedding) {
      const [row] = rowsOf<{ done: number; total: number }>(
        await this.database.db.execute(sql`
          select (select count(*) from asset_embeddings e join search_documents d on d.asset_id = e.asset_id
                  where e.source = 'ITEM' and e.model = ${this.config.model}
                    and not exists (select 1 from embedding_queue q where q.asset_id = e.asset_id))::int as done,
                 (select count(*) from search_documents)::int as total`),
      );
      const progress = { done: Math.min(row?.done ?? 0, row?.total ?? 0), total: row?.total ?? 0 };
      const number = (n: number) => n.toLocaleString('en-US');
      return {
        enabled: false,
        message: interpolate(semanticSearchMessages.reindexing, {
          done: number(progress.done),
          total: number(progress.total),
        }),
        progress,
      };
    }
    return { enabled: true, message: semanticSearchMessages.on, progress: null };
  }

  /**
   * Embeds every queued item, a batch at a time; when a re-embed was running and the queue is
   * empty, builds the index and turns semantic ranking back on. Answers how many items.
   */
  async drain(): Promise<number> {
    const { model } = this.config;
    if (!model) return 0;
    const state = await this.state();
    if (!state.vectorReady) return 0;
    let total = 0;
    for (;;) {
      const done = await this.embedBatch(model);
      total += done;
      if (done < ITEMS_PER_BATCH) break;
    }
    if (state.reembedding || !(await this.indexExists())) await this.finishReembed(model);
    return total;
  }

  /** Takes a batch off the queue, embeds what changed, writes it; on failure puts the batch back. */
  private async embedBatch(model: string): Promise<number> {
    const db = this.database.db;
    const ids = rowsOf<{ asset_id: string }>(
      await db.execute(sql`
        delete from embedding_queue where asset_id in (
          select asset_id from embedding_queue order by queued_at limit ${ITEMS_PER_BATCH} for update skip locked
        ) returning asset_id`),
    ).map((r) => r.asset_id);
    if (ids.length === 0) return 0;
    try {
      await this.embedItems(model, ids);
    } catch (error) {
      await db.execute(sql`
        insert into embedding_queue (asset_id) select a.id from assets a where a.id = any(${uuidArray(ids)})
        on conflict do nothing`);
      throw error;
    }
    return ids.length;
  }

  private async embedItems(model: string, ids: string[]): Promise<void> {
    const db = this.database.db;
    const docs = rowsOf<DocumentRow>(
      await db.execute(sql`
        select asset_id, brand_id, library, name, lines from search_documents where asset_id = any(${uuidArray(ids)})`),
    );
    const existing = new Map(
      rowsOf<{ asset_id: string; source: string; chunk: number; text_hash: string }>(
        await db.execute(sql`
          select asset_id, source, chunk, text_hash from asset_embeddings where asset_id = any(${uuidArray(ids)})`),
      ).map((r) => [`${r.asset_id}/${r.source}/${r.chunk}`, r.text_hash]),
    );
    const dims = this.config.dims ?? null;
    const rows: {
      asset_id: string;
      brand_id: string;
      library: string;
      source: EmbeddingSource;
      chunk: number;
      hash: string;
      text: string;
      vector?: number[];
    }[] = [];
    const keep: { asset_id: string; source: string; chunk: number }[] = [];
    for (const doc of docs)
      for (const t of textsOf(doc)) {
        keep.push({ asset_id: doc.asset_id, source: t.source, chunk: t.chunk });
        const hash = hashOf(model, dims, t.text);
        if (existing.get(`${doc.asset_id}/${t.source}/${t.chunk}`) !== hash)
          rows.push({ ...doc, source: t.source, chunk: t.chunk, hash, text: t.text });
        // Brand or library may have changed without the text: rows are rewritten below anyway.
      }
    let seenDims: number | null = null;
    for (let i = 0; i < rows.length; i += TEXTS_PER_CALL) {
      const part = rows.slice(i, i + TEXTS_PER_CALL);
      const answer = await this.provider.embed(
        part.map((r) => r.text),
        AbortSignal.timeout(10 * 60_000),
      );
      vectorTypeFor(answer.dims);
      seenDims = answer.dims;
      part.forEach((r, index) => {
        r.vector = answer.vectors[index];
      });
    }
    await db.transaction(async (tx) => {
      if (seenDims !== null)
        await tx.execute(
          sql`update embedding_state set dims = ${seenDims} where dims is null or dims <> ${seenDims}`,
        );
      const written = rows.filter((r) => r.vector);
      if (written.length > 0)
        await tx.execute(sql`
          insert into asset_embeddings (asset_id, brand_id, library, source, chunk, model, dims, text_hash, embedding)
          select x.asset_id, x.brand_id, x.library, x.source, x.chunk, ${model}, ${seenDims}, x.hash, x.embedding::vector
          from jsonb_to_recordset(${JSON.stringify(
            written.map((r) => ({
              ...r,
              text: undefined,
              vector: undefined,
              embedding: `[${r.vector!.join(',')}]`,
            })),
          )}::jsonb) as x(asset_id uuid, brand_id uuid, library text, source text, chunk int, hash text, embedding text)
          where exists (select 1 from assets a where a.id = x.asset_id)
          on conflict (asset_id, source, chunk) do update set
            brand_id = excluded.brand_id, library = excluded.library, model = excluded.model,
            dims = excluded.dims, text_hash = excluded.text_hash, embedding = excluded.embedding`);
      // Unchanged texts keep their vectors; brand and library follow the document.
      await tx.execute(sql`
        update asset_embeddings e set brand_id = d.brand_id, library = d.library
        from search_documents d
        where d.asset_id = e.asset_id and e.asset_id = any(${uuidArray(ids)})
          and (e.brand_id <> d.brand_id or e.library <> d.library)`);
      // Chunks a shorter transcript no longer has; items gone from the index keep none.
      await tx.execute(sql`
        delete from asset_embeddings e where e.asset_id = any(${uuidArray(ids)})
          and not exists (
            select 1 from jsonb_to_recordset(${JSON.stringify(keep)}::jsonb) as k(asset_id uuid, source text, chunk int)
            where k.asset_id = e.asset_id and k.source = e.source and k.chunk = e.chunk)`);
    });
  }

  private async indexExists(): Promise<boolean> {
    const [row] = rowsOf<{ ok: boolean }>(
      await this.database.db.execute(sql`select to_regclass(${INDEX_NAME}) is not null as ok`),
    );
    return Boolean(row?.ok);
  }

  /** The re-embed is over when nothing is queued: the HNSW index is built over the loaded rows, then search uses it. */
  private async finishReembed(model: string): Promise<void> {
    const db = this.database.db;
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from embedding_queue`),
    );
    if ((left?.n ?? 0) > 0) return;
    const [state] = rowsOf<{ dims: number | null; model: string }>(
      await db.execute(sql`select dims, model from embedding_state`),
    );
    if (!state || state.model !== model) return;
    if (state.dims !== null) {
      const started = Date.now();
      const type = vectorTypeFor(state.dims);
      await db.transaction(async (tx) => {
        // The graph built in memory: at the default 64 MB it spills after ~32,000 vectors and
        // the build slows many times over (bench/search-knn: 28 min for 200,000).
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
        // Integers only: dims is a number read from our own table.
        await tx.execute(
          sql.raw(
            `create index if not exists ${INDEX_NAME} on asset_embeddings using hnsw ((embedding::${type}(${state.dims})) ${type}_cosine_ops) with (m = 16, ef_construction = 64) where dims = ${state.dims}`,
          ),
        );
      });
      // Fresh statistics, or the planner takes the loaded rows for a handful and sorts them all.
      await db.execute(sql`analyze asset_embeddings`);
      this.log.info({ model, dims: state.dims, ms: Date.now() - started }, 'semantic search: index built');
    }
    await db.execute(
      sql`update embedding_state set reembedding = false, updated_at = now() where model = ${model}`,
    );
    this.cached = undefined;
  }
}
