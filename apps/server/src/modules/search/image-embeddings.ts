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
import { rowsOf } from './sql.js';
import {
  hnswTypeFor,
  MAX_HALFVEC_DIMS,
  type VectorModelConfig,
  VectorStore,
  type VectorStoreSpec,
} from './vector-store.js';

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
 * The preparing, queue draining and index building are vector-store.ts's, as semantic search's.
 */

export const AI_IMAGE_EMBED_QUEUE = 'AI_IMAGE_EMBED';
/** Files per batch taken from the queue. */
const FILES_PER_BATCH = 8;
/** The picture sent: a JPEG of at most this many pixels on its long side. */
const PICTURE_SIZE = 512;
const EMBED_TIMEOUT_MS = 10 * 60_000;
/** Nearest vectors read from the index for each of the item's pictures (a video has 5). */
const NEAREST_ROWS = 400;
/**
 * Cosine distance beyond which a picture is not like another (similarity under 0.5): with
 * image models unrelated pictures sit well above it, re-encodes and crops near 0.
 */
export const MAX_IMAGE_DISTANCE = 0.5;
const EF_SEARCH = 100;

export function imageVectorTypeFor(dims: number): 'vector' | 'halfvec' {
  return hnswTypeFor(
    dims,
    () =>
      `More like this cannot index ${dims}-dimension image embeddings: pgvector's HNSW takes at most ${MAX_HALFVEC_DIMS} (halfvec). Set AI_IMAGE_EMBED_DIMS to ${MAX_HALFVEC_DIMS} or fewer (sent to the model as \`dimensions\`), or choose another AI_IMAGE_EMBED_MODEL.`,
  );
}

const STORE: VectorStoreSpec = {
  job: AI_IMAGE_EMBED_QUEUE,
  jobOptions: {
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    concurrency: 1,
  },
  lockKey: 0x1a6e_e3b,
  table: 'asset_image_embeddings',
  index: 'asset_image_embeddings_hnsw_idx',
  queueTable: 'image_embedding_queue',
  stateTable: 'image_embedding_state',
  batchSize: FILES_PER_BATCH,
  typeFor: imageVectorTypeFor,
  createTable: sql`
    create table if not exists asset_image_embeddings (
      asset_id uuid not null references assets(id) on delete cascade,
      frame integer not null,
      brand_id uuid not null,
      library text not null,
      model text not null,
      dims integer not null,
      embedding vector not null,
      primary key (asset_id, frame)
    )`,
  queueAll: sql`
    insert into image_embedding_queue (asset_id)
    select id from assets
    where type in ('IMAGE', 'VIDEO') and uploading_state in ('UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL')
    on conflict do nothing`,
  queueMissing: sql`
    insert into image_embedding_queue (asset_id)
    select a.id from assets a
    where a.type in ('IMAGE', 'VIDEO') and a.uploading_state in ('UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL')
      and not exists (select 1 from asset_image_embeddings e where e.asset_id = a.id)
    on conflict do nothing`,
  messages: {
    notPrepared: 'image embeddings: not prepared',
    reembedding: 'image embeddings: re-embedding every picture',
  },
};

export class ImageEmbeddings extends VectorStore {
  constructor(
    database: DatabaseHandle,
    private readonly provider: AiProvider,
    config: VectorModelConfig,
    queue: JobQueue,
    private readonly items: LibraryItems,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    log: FastifyBaseLogger,
  ) {
    super(database, config, queue, log, STORE);
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

  /** The batch's files one at a time (a picture per request), each marked done once written. */
  protected async embed(model: string, ids: string[], done: (id: string) => void): Promise<void> {
    for (const id of ids) {
      await this.embedFile(model, id);
      done(id);
    }
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

  protected indexBuilt(model: string, dims: number): void {
    this.log.info({ model, dims }, 'image embeddings: index built');
  }
}

function jpegOf(picture: string): Promise<Buffer> {
  return sharp(picture, { limitInputPixels: false })
    .rotate()
    .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
