import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client.js';
import type { JobQueue, QueueOptions } from '../../platform/jobs/queue.js';
import { rowsOf, uuidArray } from './sql.js';

/**
 * What semantic search (embeddings.ts) and more like this (image-embeddings.ts) share: vectors
 * in a pgvector table, created at start-up when the database has the extension and a model is
 * set (the `vector` type exists only then); a queue and a state row (model, dims, enabled,
 * reembedding) from the migrations, which work anywhere; a job draining the queue in batches;
 * and an HNSW cosine index, dropped when the model or dims change and built over the loaded
 * rows once the queue is empty (architecture §7: load first, then build).
 *
 * Each store brings its tables, what it queues and how it embeds a batch (spec and `embed`).
 */

export const MAX_VECTOR_DIMS = 2000;
export const MAX_HALFVEC_DIMS = 4000;
/** maintenance_work_mem for building an HNSW index (the process's memory for one build, then released). */
const INDEX_BUILD_MEMORY = '256MB';
/** How long a process trusts its reading of the state row (another process may start a re-embed). */
const STATE_TTL_MS = 5000;

/** The column type an index casts to: vector up to 2000 dims, halfvec up to 4000, else `refusal`. */
export function hnswTypeFor(dims: number, refusal: (dims: number) => string): 'vector' | 'halfvec' {
  if (dims <= MAX_VECTOR_DIMS) return 'vector';
  if (dims <= MAX_HALFVEC_DIMS) return 'halfvec';
  throw new Error(refusal(dims));
}

export interface VectorModelConfig {
  model: string | undefined;
  dims: number | undefined;
}

/** What a search needs to know: whether vectors may be used now, and for which model and dims. */
export interface VectorState {
  /** The database has pgvector and the store's table. */
  vectorReady: boolean;
  model: string | null;
  dims: number | null;
  reembedding: boolean;
  /** pgvector ≥ 0.8: filtered kNN keeps scanning the index until enough rows pass (iterative scans). */
  iterativeScans: boolean;
}

export interface VectorStoreSpec {
  /** The job that drains the queue, and its options (each store keeps its own retry pace). */
  job: string;
  jobOptions: QueueOptions;
  /** Held while preparing: one process at a time creates the table or starts a re-embed. */
  lockKey: number;
  /** Table names (constants, written into the statements as they are). */
  table: string;
  index: string;
  queueTable: string;
  stateTable: string;
  /** Queue rows taken per batch; a shorter batch means the queue is empty. */
  batchSize: number;
  /** vector or halfvec for the dims, throwing the store's own refusal beyond 4000. */
  typeFor: (dims: number) => 'vector' | 'halfvec';
  /** `create table if not exists` for `table`; it has brand_id, library, model, dims and embedding. */
  createTable: SQL;
  /** Queues everything the store embeds (a new model). */
  queueAll: SQL;
  /** Queues what has no vectors yet (back on with the same model). */
  queueMissing: SQL;
  messages: { notPrepared: string; reembedding: string };
}

export abstract class VectorStore {
  /** The database has pgvector installed (read once per process by prepare()). */
  protected vectorAvailable = false;
  private prepared: Promise<void> | undefined;
  private cached: { state: VectorState; at: number } | undefined;
  private iterative = false;

  constructor(
    protected readonly database: DatabaseHandle,
    readonly config: VectorModelConfig,
    protected readonly queue: JobQueue,
    protected readonly log: FastifyBaseLogger,
    private readonly spec: VectorStoreSpec,
  ) {
    // Refused at start: an index over more dims than pgvector takes would fail on every write.
    if (config.model && config.dims !== undefined) spec.typeFor(config.dims);
  }

  /**
   * Embeds the batch's ids; `done` marks one written, so that a failure puts back only the
   * rest (ids never marked go back on the queue, the job is retried).
   */
  protected abstract embed(model: string, ids: string[], done: (id: string) => void): Promise<void>;

  /** Logs the index build (each store its own line). */
  protected abstract indexBuilt(model: string, dims: number, ms: number): void;

  register(runWorkers: boolean): void {
    this.queue.register(this.spec.job, () => this.drain().then(() => undefined), this.spec.jobOptions);
    if (runWorkers)
      this.prepare().catch((error: unknown) =>
        this.log.error({ err: error }, this.spec.messages.notPrepared),
      );
  }

  /**
   * Once per process: creates the table when pgvector is there and a model is set, starts a
   * re-embed when the model or dims differ from the stored vectors', and queues the job (what
   * was queued before a restart carries on). Without a model, stops queueing (the vectors stay
   * for when it comes back).
   */
  prepare(): Promise<void> {
    this.prepared ??= this.database.withAdvisoryLock(this.spec.lockKey, () => this.doPrepare());
    return this.prepared;
  }

  private async doPrepare(): Promise<void> {
    const db = this.database.db;
    const { table, index, stateTable, createTable, queueAll, queueMissing, messages } = this.spec;
    const stateRow = sql.raw(stateTable);
    const [ext] = rowsOf<{ available: boolean; installed: string | null }>(
      await db.execute(sql`
        select exists (select 1 from pg_available_extensions where name = 'vector') as available,
               (select extversion from pg_extension where extname = 'vector') as installed`),
    );
    const { model, dims } = this.config;
    if (!model || !ext?.available) {
      await db.execute(sql`
        insert into ${stateRow} (id, enabled) values (true, false)
        on conflict (id) do update set enabled = false, updated_at = now()`);
      this.vectorAvailable = Boolean(ext?.available && ext.installed);
      return;
    }
    if (!ext.installed) await db.execute(sql`create extension if not exists vector`);
    await db.execute(createTable);
    await db.execute(
      sql.raw(`create index if not exists ${table}_brand_idx on ${table} (brand_id, library)`),
    );
    const [version] = rowsOf<{ v: string }>(
      await db.execute(sql`select extversion as v from pg_extension where extname = 'vector'`),
    );
    const [major = 0, minor = 0] = (version?.v ?? '0.0').split('.').map(Number);
    this.iterative = major > 0 || minor >= 8;
    this.vectorAvailable = true;

    const [state] = rowsOf<{ model: string | null; dims: number | null; enabled: boolean }>(
      await db.execute(sql`select model, dims, enabled from ${stateRow}`),
    );
    const changed = !state || state.model !== model || (dims !== undefined && state.dims !== dims);
    if (changed) {
      // A new model (or the first one): everything again; the vectors are not used until done.
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${stateRow} (id, enabled, model, dims, reembedding) values (true, true, ${model}, ${dims ?? null}, true)
          on conflict (id) do update set enabled = true, model = excluded.model, dims = excluded.dims,
            reembedding = true, updated_at = now()`);
        await tx.execute(sql.raw(`drop index if exists ${index}`));
        await tx.execute(queueAll);
      });
      this.log.info({ model, dims, from: state?.model ?? null }, messages.reembedding);
    } else if (!state.enabled) {
      // Back on with the same model: what changed while it was off.
      await db.execute(sql`update ${stateRow} set enabled = true, updated_at = now()`);
      await db.execute(queueMissing);
    }
    this.cached = undefined;
    await this.kick();
  }

  /** Queues the job unless one is waiting already. */
  async kick(): Promise<void> {
    // Nothing to embed into before prepare() found pgvector (it kicks once it has).
    if (!this.config.model || !this.vectorAvailable) return;
    await this.queue.sendUnlessQueued(this.spec.job, {}, { singletonKey: 'queued' });
  }

  /** The state searches read (prepared first; re-read from the database every few seconds). */
  async state(): Promise<VectorState> {
    await this.prepare();
    if (this.cached && Date.now() - this.cached.at < STATE_TTL_MS) return this.cached.state;
    let row:
      | { model: string | null; dims: number | null; reembedding: boolean; enabled: boolean }
      | undefined;
    if (this.vectorAvailable && this.config.model)
      [row] = rowsOf(
        await this.database.db.execute(
          sql`select model, dims, reembedding, enabled from ${sql.raw(this.spec.stateTable)}`,
        ),
      );
    const state: VectorState = {
      vectorReady: this.vectorAvailable && Boolean(row?.enabled),
      model: row?.model ?? null,
      dims: row?.dims ?? null,
      reembedding: row?.reembedding ?? false,
      iterativeScans: this.iterative,
    };
    this.cached = { state, at: Date.now() };
    return state;
  }

  /** Whether the vectors may be used now: on, of the configured model, and no re-embed running. */
  async usable(): Promise<VectorState | null> {
    if (!this.config.model) return null;
    const state = await this.state();
    return state.vectorReady && !state.reembedding && state.dims !== null && state.model === this.config.model
      ? state
      : null;
  }

  /**
   * Embeds everything queued, a batch at a time; when a re-embed was running and the queue is
   * empty, builds the index and the vectors are used again. Answers how many were taken.
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
      if (done < this.spec.batchSize) break;
    }
    if (state.reembedding || !(await this.indexExists())) await this.finishReembed(model);
    return total;
  }

  /** Takes a batch off the queue and embeds it; on failure puts back what was not done. */
  private async embedBatch(model: string): Promise<number> {
    const db = this.database.db;
    const queueTable = sql.raw(this.spec.queueTable);
    const ids = rowsOf<{ asset_id: string }>(
      await db.execute(sql`
        delete from ${queueTable} where asset_id in (
          select asset_id from ${queueTable} order by queued_at limit ${this.spec.batchSize} for update skip locked
        ) returning asset_id`),
    ).map((r) => r.asset_id);
    if (ids.length === 0) return 0;
    const left = new Set(ids);
    try {
      await this.embed(model, ids, (id) => left.delete(id));
    } catch (error) {
      await db.execute(sql`
        insert into ${queueTable} (asset_id) select a.id from assets a where a.id = any(${uuidArray([...left])})
        on conflict do nothing`);
      throw error;
    }
    return ids.length;
  }

  private async indexExists(): Promise<boolean> {
    const [row] = rowsOf<{ ok: boolean }>(
      await this.database.db.execute(sql`select to_regclass(${this.spec.index}) is not null as ok`),
    );
    return Boolean(row?.ok);
  }

  /** The re-embed is over when nothing is queued: the HNSW index is built over the loaded rows, then it is used. */
  private async finishReembed(model: string): Promise<void> {
    const db = this.database.db;
    const { table, index, queueTable, stateTable } = this.spec;
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.raw(queueTable)}`),
    );
    if ((left?.n ?? 0) > 0) return;
    const [state] = rowsOf<{ dims: number | null; model: string }>(
      await db.execute(sql`select dims, model from ${sql.raw(stateTable)}`),
    );
    if (!state || state.model !== model) return;
    if (state.dims !== null) {
      const started = Date.now();
      const type = this.spec.typeFor(state.dims);
      await db.transaction(async (tx) => {
        // The graph built in memory: at the default 64 MB it spills after ~32,000 vectors and
        // the build slows many times over (bench/search-knn: 28 min for 200,000).
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
        // Integers only: dims is a number read from our own table.
        await tx.execute(
          sql.raw(
            `create index if not exists ${index} on ${table} using hnsw ((embedding::${type}(${state.dims})) ${type}_cosine_ops) with (m = 16, ef_construction = 64) where dims = ${state.dims}`,
          ),
        );
      });
      // Fresh statistics, or the planner takes the loaded rows for a handful and sorts them all.
      await db.execute(sql.raw(`analyze ${table}`));
      this.indexBuilt(model, state.dims, Date.now() - started);
    }
    await db.execute(
      sql`update ${sql.raw(stateTable)} set reembedding = false, updated_at = now() where model = ${model}`,
    );
    this.cached = undefined;
  }
}
