import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DUPLICATE_KEYFRAMES } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { imageDataUrl } from '../../platform/ai/data-url.js';
import type { AiProvider } from '../../platform/ai/types.js';
import { type DatabaseHandle, transactionExecutor } from '../../platform/db/client.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { activeDatabase } from '../../platform/db/transaction.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { LibraryItems } from '../library/items-service.js';
import { originalKey } from '../library/media-urls.js';
import { MAX_HALFVEC_DIMS, MAX_VECTOR_DIMS } from './embeddings.js';
import { rowsOf, uuidArray } from './sql.js';

/**
 * Image embeddings for more like this (issue 16 "Beyond the seeds").
 *
 * On when AI_IMAGE_EMBED_MODEL is set and the database has pgvector (as semantic search,
 * embeddings.ts). Migration 0029 makes the queue and the state row, which work anywhere;
 * `asset_image_embeddings` (one vector per picture: an image's preview, a video's keyframes at
 * the duplicates fingerprint's positions, DUPLICATE_KEYFRAMES, rasterised as it does) is created
 * here at start-up, and its HNSW cosine index over `vector(n)` (`halfvec(n)` up to 4000 dims)
 * once the vectors are loaded.
 *
 * Processed images and videos are queued in the transaction that marks them processed; the
 * AI_IMAGE_EMBED job drains the queue (a picture per request, rewritten whole: it runs again
 * safely) and is queued again at start-up, so a restart resumes it. A new model or dims queues
 * every image and video again and drops the index; more like this compares layouts meanwhile.
 */

export const AI_IMAGE_EMBED_QUEUE = 'AI_IMAGE_EMBED';
/** Files per batch taken from the queue. */
const FILES_PER_BATCH = 8;
/** The picture sent: a JPEG of at most this many pixels on its long side. */
const PICTURE_SIZE = 512;
const EMBED_TIMEOUT_MS = 10 * 60_000;
const INDEX_NAME = 'asset_image_embeddings_hnsw_idx';
const INDEX_BUILD_MEMORY = '256MB';
const STATE_TTL_MS = 5000;
/** Nearest vectors read from the index for each of the item's pictures (a video has 5). */
const NEAREST_ROWS = 400;
/**
 * Cosine distance beyond which a picture is not like another (similarity under 0.5): with
 * image models unrelated pictures sit well above it, re-encodes and crops near 0.
 */
export const MAX_IMAGE_DISTANCE = 0.5;
const EF_SEARCH = 100;

export function imageVectorTypeFor(dims: number): 'vector' | 'halfvec' {
  if (dims <= MAX_VECTOR_DIMS) return 'vector';
  if (dims <= MAX_HALFVEC_DIMS) return 'halfvec';
  throw new Error(
    `More like this cannot index ${dims}-dimension image embeddings: pgvector's HNSW takes at most ${MAX_HALFVEC_DIMS} (halfvec). Set AI_IMAGE_EMBED_DIMS to ${MAX_HALFVEC_DIMS} or fewer (sent to the model as \`dimensions\`), or choose another AI_IMAGE_EMBED_MODEL.`,
  );
}

export interface ImageEmbedConfig {
  model: string | undefined;
  dims: number | undefined;
}

export interface ImageEmbeddingState {
  vectorReady: boolean;
  model: string | null;
  dims: number | null;
  reembedding: boolean;
  iterativeScans: boolean;
}

export class ImageEmbeddings {
  private prepared: Promise<void> | undefined;
  private cached: { state: ImageEmbeddingState; at: number } | undefined;
  private vectorAvailable = false;
  private iterative = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly provider: AiProvider,
    readonly config: ImageEmbedConfig,
    private readonly queue: JobQueue,
    private readonly items: LibraryItems,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly log: FastifyBaseLogger,
  ) {
    if (config.model && config.dims !== undefined) imageVectorTypeFor(config.dims);
  }

  register(runWorkers: boolean): void {
    this.queue.register(AI_IMAGE_EMBED_QUEUE, () => this.drain().then(() => undefined), {
      policy: 'stately',
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      concurrency: 1,
    });
    if (runWorkers)
      this.prepare().catch((error: unknown) =>
        this.log.error({ err: error }, 'image embeddings: not prepared'),
      );
  }

  /**
   * Once per process: creates asset_image_embeddings when pgvector is there and a model is
   * set, starts a re-embed when the model or dims differ from the stored vectors', and queues
   * the job (what was queued before a restart carries on). Without a model, stops queueing.
   */
  prepare(): Promise<void> {
    this.prepared ??= this.database.withAdvisoryLock(0x1a6e_e3b, () => this.doPrepare());
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
        insert into image_embedding_state (id, enabled) values (true, false)
        on conflict (id) do update set enabled = false, updated_at = now()`);
      this.vectorAvailable = Boolean(ext?.available && ext.installed);
      return;
    }
    if (!ext.installed) await db.execute(sql`create extension if not exists vector`);
    await db.execute(sql`
      create table if not exists asset_image_embeddings (
        asset_id uuid not null references assets(id) on delete cascade,
        frame integer not null,
        brand_id uuid not null,
        library text not null,
        model text not null,
        dims integer not null,
        embedding vector not null,
        primary key (asset_id, frame)
      )`);
    await db.execute(
      sql`create index if not exists asset_image_embeddings_brand_idx on asset_image_embeddings (brand_id, library)`,
    );
    const [version] = rowsOf<{ v: string }>(
      await db.execute(sql`select extversion as v from pg_extension where extname = 'vector'`),
    );
    const [major = 0, minor = 0] = (version?.v ?? '0.0').split('.').map(Number);
    this.iterative = major > 0 || minor >= 8;
    this.vectorAvailable = true;

    const [state] = rowsOf<{ model: string | null; dims: number | null; enabled: boolean }>(
      await db.execute(sql`select model, dims, enabled from image_embedding_state`),
    );
    const changed = !state || state.model !== model || (dims !== undefined && state.dims !== dims);
    if (changed) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into image_embedding_state (id, enabled, model, dims, reembedding) values (true, true, ${model}, ${dims ?? null}, true)
          on conflict (id) do update set enabled = true, model = excluded.model, dims = excluded.dims,
            reembedding = true, updated_at = now()`);
        await tx.execute(sql.raw(`drop index if exists ${INDEX_NAME}`));
        await tx.execute(sql`
          insert into image_embedding_queue (asset_id)
          select id from assets
          where type in ('IMAGE', 'VIDEO') and uploading_state in ('UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL')
          on conflict do nothing`);
      });
      this.log.info(
        { model, dims, from: state?.model ?? null },
        'image embeddings: re-embedding every picture',
      );
    } else if (!state.enabled) {
      // Back on with the same model: the files processed while it was off.
      await db.execute(sql`update image_embedding_state set enabled = true, updated_at = now()`);
      await db.execute(sql`
        insert into image_embedding_queue (asset_id)
        select a.id from assets a
        where a.type in ('IMAGE', 'VIDEO') and a.uploading_state in ('UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL')
          and not exists (select 1 from asset_image_embeddings e where e.asset_id = a.id)
        on conflict do nothing`);
    }
    this.cached = undefined;
    await this.kick();
  }

  /** Queues AI_IMAGE_EMBED unless one is waiting already. */
  async kick(): Promise<void> {
    if (!this.config.model || !this.vectorAvailable) return;
    await this.queue.sendUnlessQueued(AI_IMAGE_EMBED_QUEUE, {}, { singletonKey: 'queued' });
  }

  /**
   * processing.onProcessed: queues a processed image's or video's pictures, in the transaction
   * that marks it processed (while image embeddings are on).
   */
  async queueFile(file: AssetRow): Promise<void> {
    if (!this.config.model || (file.type !== 'IMAGE' && file.type !== 'VIDEO')) return;
    const tx = activeDatabase(this.database.db);
    const queued = rowsOf<{ asset_id: string }>(
      await tx.execute(sql`
        insert into image_embedding_queue (asset_id)
        select ${file.id}::uuid where exists (select 1 from image_embedding_state where enabled)
        on conflict (asset_id) do update set queued_at = now()
        returning asset_id`),
    );
    if (queued.length === 0) return;
    await this.queue.sendUnlessQueued(
      AI_IMAGE_EMBED_QUEUE,
      {},
      { executor: transactionExecutor(tx), singletonKey: 'queued' },
    );
  }

  async state(): Promise<ImageEmbeddingState> {
    await this.prepare();
    if (this.cached && Date.now() - this.cached.at < STATE_TTL_MS) return this.cached.state;
    let row:
      | { model: string | null; dims: number | null; reembedding: boolean; enabled: boolean }
      | undefined;
    if (this.vectorAvailable && this.config.model)
      [row] = rowsOf(
        await this.database.db.execute(
          sql`select model, dims, reembedding, enabled from image_embedding_state`,
        ),
      );
    const state: ImageEmbeddingState = {
      vectorReady: this.vectorAvailable && Boolean(row?.enabled),
      model: row?.model ?? null,
      dims: row?.dims ?? null,
      reembedding: row?.reembedding ?? false,
      iterativeScans: this.iterative,
    };
    this.cached = { state, at: Date.now() };
    return state;
  }

  /** Whether more like this may compare embeddings now: on, and no re-embed running. */
  async usable(): Promise<ImageEmbeddingState | null> {
    if (!this.config.model) return null;
    const state = await this.state();
    return state.vectorReady && !state.reembedding && state.dims !== null && state.model === this.config.model
      ? state
      : null;
  }

  /** For /ai/capabilities: whether the database has pgvector (image embeddings need it besides the model). */
  async vectorExtension(): Promise<boolean> {
    await this.prepare();
    return this.vectorAvailable;
  }

  /**
   * The brand's items whose pictures are nearest one item's in the same library (each item's
   * best pair of pictures), nearest first; null when the item has no current vectors (more
   * like this then compares layouts).
   */
  async similar(
    id: string,
    brandId: string,
    library: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: { id: string; distance: number }[]; total: number } | null> {
    const state = await this.usable();
    if (!state) return null;
    const dims = Math.trunc(state.dims as number);
    const type = sql.raw(`${imageVectorTypeFor(dims)}(${dims})`);
    const dimsLiteral = sql.raw(String(dims));
    return this.database.db.transaction(async (tx) => {
      const [own] = rowsOf<{ n: number }>(
        await tx.execute(sql`
          select count(*)::int as n from asset_image_embeddings
          where asset_id = ${id} and model = ${state.model} and dims = ${dimsLiteral}`),
      );
      if (!own?.n) return null;
      // A filtered kNN keeps reading the index until enough rows pass (pgvector ≥ 0.8).
      if (state.iterativeScans) await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      await tx.execute(sql.raw(`set local hnsw.ef_search = ${EF_SEARCH}`));
      // At most NEAREST_ROWS per picture of the item: all of them read, the page cut here.
      const rows = rowsOf<{ id: string; distance: number }>(
        await tx.execute(sql`
          with mine as (
            select embedding::${type} as v from asset_image_embeddings
            where asset_id = ${id} and model = ${state.model} and dims = ${dimsLiteral}
          ),
          near as (
            select n.asset_id, n.distance from mine
            cross join lateral (
              select e.asset_id, e.embedding::${type} <=> mine.v as distance
              from asset_image_embeddings e
              where e.dims = ${dimsLiteral} and e.model = ${state.model}
                and e.brand_id = ${brandId} and e.library = ${library} and e.asset_id <> ${id}
              order by e.embedding::${type} <=> mine.v
              limit ${NEAREST_ROWS}
            ) n
          ),
          best as (select asset_id, min(distance) as distance from near group by asset_id)
          select b.asset_id as id, b.distance::float8 as distance
          from best b join assets a on a.id = b.asset_id
          where a.brand_id = ${brandId} and a.library = ${library} and not a.is_hidden
            and a.uploading_state is distinct from 'UPLOADING' and a.uploading_state is distinct from 'FAILED_TO_UPLOAD'
            and b.distance <= ${MAX_IMAGE_DISTANCE}
          order by b.distance, a.created_at desc, a.id`),
      );
      return {
        rows: rows.slice(offset, offset + limit).map((r) => ({ id: r.id, distance: Number(r.distance) })),
        total: rows.length,
      };
    });
  }

  /** Embeds every queued file, a batch at a time; after a re-embed builds the index. Answers how many files. */
  async drain(): Promise<number> {
    const { model } = this.config;
    if (!model) return 0;
    const state = await this.state();
    if (!state.vectorReady) return 0;
    let total = 0;
    for (;;) {
      const done = await this.embedBatch(model);
      total += done;
      if (done < FILES_PER_BATCH) break;
    }
    if (state.reembedding || !(await this.indexExists())) await this.finishReembed(model);
    return total;
  }

  private async embedBatch(model: string): Promise<number> {
    const db = this.database.db;
    const ids = rowsOf<{ asset_id: string }>(
      await db.execute(sql`
        delete from image_embedding_queue where asset_id in (
          select asset_id from image_embedding_queue order by queued_at limit ${FILES_PER_BATCH} for update skip locked
        ) returning asset_id`),
    ).map((r) => r.asset_id);
    if (ids.length === 0) return 0;
    const left = [...ids];
    try {
      while (left.length > 0) {
        await this.embedFile(model, left[0]!);
        left.shift();
      }
    } catch (error) {
      // What was not done goes back on the queue; the job is retried.
      await db.execute(sql`
        insert into image_embedding_queue (asset_id) select a.id from assets a where a.id = any(${uuidArray(left)})
        on conflict do nothing`);
      throw error;
    }
    return ids.length;
  }

  /** One file's pictures embedded and written (its old vectors replaced); none when it has no picture. */
  private async embedFile(model: string, id: string): Promise<void> {
    const db = this.database.db;
    const file = await this.items.fileById(id);
    if (!file || (file.type !== 'IMAGE' && file.type !== 'VIDEO')) {
      await db.execute(sql`delete from asset_image_embeddings where asset_id = ${id}`);
      return;
    }
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}image-embed-`));
    let vectors: number[][] = [];
    let dims: number | null = null;
    try {
      const jpegs = await this.pictures(file, work).catch((error: unknown) => {
        // A file whose pictures cannot be read has none to compare: not a reason to retry.
        this.log.warn({ err: error, assetId: id }, 'image embeddings: no picture read');
        return [];
      });
      if (jpegs.length > 0) {
        const answer = await this.provider.embedImages(
          jpegs.map((jpeg) => imageDataUrl(jpeg, 'image/jpeg')),
          AbortSignal.timeout(EMBED_TIMEOUT_MS),
        );
        imageVectorTypeFor(answer.dims);
        vectors = answer.vectors;
        dims = answer.dims;
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
    await db.transaction(async (tx) => {
      if (dims !== null)
        await tx.execute(
          sql`update image_embedding_state set dims = ${dims} where dims is null or dims <> ${dims}`,
        );
      if (vectors.length > 0)
        await tx.execute(sql`
          insert into asset_image_embeddings (asset_id, frame, brand_id, library, model, dims, embedding)
          select a.id, x.frame, a.brand_id, a.library, ${model}, ${dims}, x.embedding::vector
          from jsonb_to_recordset(${JSON.stringify(
            vectors.map((v, frame) => ({ frame, embedding: `[${v.join(',')}]` })),
          )}::jsonb) as x(frame int, embedding text)
          join assets a on a.id = ${id}
          on conflict (asset_id, frame) do update set
            brand_id = excluded.brand_id, library = excluded.library, model = excluded.model,
            dims = excluded.dims, embedding = excluded.embedding`);
      await tx.execute(
        sql`delete from asset_image_embeddings where asset_id = ${id} and frame >= ${vectors.length}`,
      );
    });
  }

  /**
   * The pictures compared: an image's preview (its original when it has none), a video's
   * keyframes at DUPLICATE_KEYFRAMES of its length rasterised from the original by ffmpeg, as
   * the duplicates fingerprint reads them; each a JPEG of at most 512 px.
   */
  private async pictures(file: AssetRow, work: string): Promise<Buffer[]> {
    if (file.type === 'IMAGE') {
      const preview = file.variants?.preview;
      const input = await this.localCopy(
        preview ? `${file.storagePrefix}${preview}` : originalKey(file),
        path.join(work, preview ?? 'original'),
      );
      const jpeg = await jpegOf(input).catch(async () => {
        // An image libvips cannot read: ffmpeg decodes it first.
        const still = path.join(work, 'still.png');
        await this.tools.rasterize(input, still);
        return jpegOf(still);
      });
      return [jpeg];
    }
    const input = await this.localCopy(originalKey(file), path.join(work, 'original'));
    const seconds = file.length ?? file.metadata?.duration ?? (await this.tools.probe(input)).duration ?? 0;
    const jpegs: Buffer[] = [];
    for (const [i, at] of DUPLICATE_KEYFRAMES.entries()) {
      const frame = path.join(work, `keyframe-${i}.png`);
      await this.tools.rasterize(input, frame, { atSeconds: seconds * at });
      jpegs.push(await jpegOf(frame));
    }
    return jpegs;
  }

  private async localCopy(key: string, target: string): Promise<string> {
    const local = this.storage.localPath(key);
    if (local) return local;
    await pipeline(await this.storage.read(key), createWriteStream(target));
    return target;
  }

  private async indexExists(): Promise<boolean> {
    const [row] = rowsOf<{ ok: boolean }>(
      await this.database.db.execute(sql`select to_regclass(${INDEX_NAME}) is not null as ok`),
    );
    return Boolean(row?.ok);
  }

  /** The re-embed is over when nothing is queued: the HNSW index is built over the loaded rows. */
  private async finishReembed(model: string): Promise<void> {
    const db = this.database.db;
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from image_embedding_queue`),
    );
    if ((left?.n ?? 0) > 0) return;
    const [state] = rowsOf<{ dims: number | null; model: string }>(
      await db.execute(sql`select dims, model from image_embedding_state`),
    );
    if (!state || state.model !== model) return;
    if (state.dims !== null) {
      const type = imageVectorTypeFor(state.dims);
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
        // Integers only: dims is a number read from our own table.
        await tx.execute(
          sql.raw(
            `create index if not exists ${INDEX_NAME} on asset_image_embeddings using hnsw ((embedding::${type}(${state.dims})) ${type}_cosine_ops) with (m = 16, ef_construction = 64) where dims = ${state.dims}`,
          ),
        );
      });
      await db.execute(sql`analyze asset_image_embeddings`);
      this.log.info({ model, dims: state.dims }, 'image embeddings: index built');
    }
    await db.execute(
      sql`update image_embedding_state set reembedding = false, updated_at = now() where model = ${model}`,
    );
    this.cached = undefined;
  }
}

function jpegOf(picture: string): Promise<Buffer> {
  return sharp(picture, { limitInputPixels: false })
    .rotate()
    .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
