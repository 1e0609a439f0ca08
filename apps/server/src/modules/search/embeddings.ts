import { createHash } from 'node:crypto';
import { interpolate, type SemanticSearchStatus, semanticSearchMessages } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../platform/ai/types.js';
import type { DatabaseHandle } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { rowsOf, uuidArray } from './sql.js';
import {
  hnswTypeFor,
  MAX_HALFVEC_DIMS,
  type VectorModelConfig,
  VectorStore,
  type VectorStoreSpec,
} from './vector-store.js';

/**
 * Semantic search's vectors (issue 16, design/ai.md §4.2 f).
 *
 * On when AI_EMBED_MODEL is set and the database has pgvector (PGlite ships it; Debian's
 * PostgreSQL 15 has none). Migration 0025 creates the extension when the server lists it,
 * plus the queue and the state row, which work anywhere. `asset_embeddings` needs the `vector`
 * type, so it is created here at start-up (`prepare`), and so is its HNSW index, whose
 * column type depends on the model's dims: `vector(n)` up to 2000, `halfvec(n)` up to 4000;
 * beyond that the server refuses to start (set AI_EMBED_DIMS, sent as `dimensions`). The
 * preparing, queue draining and index building are vector-store.ts's, shared with more like this.
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
export { MAX_HALFVEC_DIMS, MAX_VECTOR_DIMS } from './vector-store.js';

/** The item text sent is cut here (names, tags, a description and on-screen lines fit well within). */
const MAX_ITEM_CHARS = 8000;
/** Items per batch taken from the queue, and texts per embeddings call. */
const ITEMS_PER_BATCH = 32;
const TEXTS_PER_CALL = 64;

export type EmbeddingSource = 'ITEM' | 'TRANSCRIPT';

/** The column type the index casts to: vector up to 2000 dims, halfvec up to 4000, else none. */
export function vectorTypeFor(dims: number): 'vector' | 'halfvec' {
  return hnswTypeFor(dims, dimsRefusal);
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

const STORE: VectorStoreSpec = {
  job: AI_EMBED_QUEUE,
  jobOptions: {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 30 * 60,
    concurrency: 1,
  },
  lockKey: 0x5e4a_11c,
  table: 'asset_embeddings',
  index: 'asset_embeddings_hnsw_idx',
  queueTable: 'embedding_queue',
  stateTable: 'embedding_state',
  batchSize: ITEMS_PER_BATCH,
  typeFor: vectorTypeFor,
  createTable: sql`
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
    )`,
  queueAll: sql`insert into embedding_queue (asset_id) select asset_id from search_documents on conflict do nothing`,
  queueMissing: sql`
    insert into embedding_queue (asset_id)
    select d.asset_id from search_documents d
    where not exists (select 1 from asset_embeddings e where e.asset_id = d.asset_id and e.source = 'ITEM')
    on conflict do nothing`,
  messages: {
    notPrepared: 'semantic search: not prepared',
    reembedding: 'semantic search: re-embedding every item',
  },
};

export class SemanticIndex extends VectorStore {
  constructor(
    database: DatabaseHandle,
    private readonly provider: AiProvider,
    config: VectorModelConfig,
    queue: JobQueue,
    log: FastifyBaseLogger,
  ) {
    super(database, config, queue, log, STORE);
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

  /** The items' texts whose hashes changed embedded and written; the rest keep their vectors. */
  protected async embed(model: string, ids: string[]): Promise<void> {
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

  protected indexBuilt(model: string, dims: number, ms: number): void {
    this.log.info({ model, dims, ms }, 'semantic search: index built');
  }
}
