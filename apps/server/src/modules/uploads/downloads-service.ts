import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type ClipJobParams,
  clipJobParamsSchema,
  fileExtension,
  messages,
  sanitizeDownloadName,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { badRequest, notFound, serviceUnavailable } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import type { JobsService } from '../jobs/service.js';
import type { LibraryItems } from '../library/items-service.js';
import { attachmentDisposition, originalKey } from '../library/media-urls.js';
import { actorUserId, type LibraryScope } from '../library/scope.js';
import type { PlansService } from '../plans/service.js';
import type { TeamService } from '../team/service.js';
import { hasBytes, jobScope, LINK_TTL_SECONDS } from './download-rules.js';
import type { UploadsRepository } from './repository.js';
import { MEDIA_PROCESS_QUEUE, type MediaProcessPayload } from './service.js';
import type { ZipDownloads } from './zips.js';

/**
 * GIFs (000 §4 "GIF dialog") are made by a job on the workers, so ffmpeg never runs in an API
 * process and at most MEDIA_CONCURRENCY of them run at once per worker; the request waits for
 * it (the seeds answer data.url). Bounded: 30 s of video, 12/25/30 frames a second, 480 px wide.
 */
export const GIF_JOB_TYPE = 'CREATE_GIF';
export const GIF_MAX_SECONDS = 30;
const GIF_WIDTH = 480;
/** How long the request waits for its GIF job before answering 503 (the dialog shows its error). */
const GIF_WAIT_MS = 90_000;
const gifParams = z.object({
  assetId: z.uuid(),
  start: z.number().min(0),
  end: z.number().positive(),
  fps: z.union([z.literal(12), z.literal(25), z.literal(30)]),
  loop: z.boolean(),
});

/**
 * Downloads and derived media (000 §7): a single file's signed link, GIFs, and the clip jobs
 * DOWNLOAD_CLIP and SAVE_CLIP_AS_ASSET of the generic jobs API; zips of a selection are its
 * `zips` (zips.ts).
 */
export class DownloadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly access: AccessService,
    private readonly library: LibraryItems,
    private readonly jobs: JobsService,
    readonly _team: TeamService,
    private readonly plans: PlansService,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    readonly _mailer: Mailer,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'zip' | 'publicUrl' | 'media'>,
    readonly _log: FastifyBaseLogger,
    /** Zips of a selection (zips.ts). */
    readonly zips: ZipDownloads,
  ) {}

  /** Job types this service runs; call before the jobs service declares its queues. */
  registerJobs(registry: JobRegistry): void {
    this.zips.registerJob(registry);
    registry.register(
      defineJob({
        type: GIF_JOB_TYPE,
        internal: true,
        params: gifParams,
        handler: (params, ctx) => this.runGif(params, ctx),
        // Nobody waits longer than GIF_WAIT_MS: a retry would make a GIF no one collects.
        queue: { retryLimit: 0, expireInSeconds: 300, concurrency: this.config.media.concurrency },
      }),
    );
    registry.register(
      defineJob({
        type: 'DOWNLOAD_CLIP',
        params: clipJobParamsSchema,
        handler: (params, ctx) => this.downloadClip(params, ctx),
        queue: { retryLimit: 1 },
      }),
    );
    registry.register(
      defineJob({
        type: 'SAVE_CLIP_AS_ASSET',
        params: clipJobParamsSchema,
        handler: (params, ctx) => this.saveClipAsAsset(params, ctx),
        queue: { retryLimit: 1 },
      }),
    );
  }

  // ── single files ────────────────────────────────────────────────────────
  /** POST library/download-stream: a signed link that downloads the original under its (sanitised) name. */
  async downloadHref(s: LibraryScope, id: string, filename?: string): Promise<{ href: string }> {
    await this.access.require(s.actor, 'asset.download', [id]);
    const row = await this.library.find(s, id);
    if (!row) throw notFound(messages.library.itemDeleted);
    if (row.type === 'FOLDER') throw badRequest('Folders download as a zip');
    if (!hasBytes(row)) throw badRequest('This file has not finished uploading');
    const href = await this.storage.downloadUrl(originalKey(row), {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentDisposition: attachmentDisposition(filename?.trim() || row.name),
      contentType: row.contentType ?? undefined,
    });
    return { href };
  }

  // ── GIFs ────────────────────────────────────────────────────────────────
  /** A GIF of part of a video (000 §4 "GIF dialog"): made while the request waits; answers its URL. */
  async gif(
    s: LibraryScope,
    body: { id: string; framesPerSec: string; timeStart: number; timeEnd: number; isLoop: boolean },
  ): Promise<{ data: { url: string } }> {
    await this.access.require(s.actor, 'asset.gif', [body.id]);
    const row = await this.library.find(s, body.id);
    if (!row) throw notFound(messages.library.itemDeleted);
    if (row.type !== 'VIDEO' || !hasBytes(row)) throw badRequest('GIFs are made from uploaded videos');
    const { start, end } = clipRange(body.timeStart, body.timeEnd, row.length, GIF_MAX_SECONDS);
    const job = await this.jobs.start(
      GIF_JOB_TYPE,
      { assetId: row.id, start, end, fps: Number(body.framesPerSec), loop: body.isLoop },
      { brandId: s.brandId, accountId: s.accountId, userId: actorUserId(s.actor) },
    );
    const done = await this.jobs.waitFor(job.id, GIF_WAIT_MS);
    if (done.status === 'CREATED') throw serviceUnavailable('The GIF is taking too long. Please try again.');
    if (done.status !== 'FINISHED') throw badRequest(done.error ?? messages.error.title);
    const { key } = done.result as { key: string };
    const base = row.name.replace(/\.[^.]+$/, '');
    const url = await this.storage.downloadUrl(key, {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentType: 'image/gif',
      contentDisposition: `inline; filename="${sanitizeDownloadName(`${base}.gif`)}"`,
    });
    return { data: { url } };
  }

  private async runGif(params: z.infer<typeof gifParams>, ctx: JobContext): Promise<{ key: string }> {
    const row = await this.library.find(jobScope(ctx), params.assetId);
    if (row?.type !== 'VIDEO' || !hasBytes(row)) throw new JobFailure('The video was not found');
    const key = `${row.storagePrefix}gifs/${uuidv7()}.gif`;
    await this.withWorkFile(
      row,
      async (input, work) => {
        const output = path.join(work, 'out.gif');
        await this.tools.gif(input, output, {
          start: params.start,
          end: Math.min(params.end, params.start + GIF_MAX_SECONDS),
          fps: params.fps,
          loop: params.loop,
          width: GIF_WIDTH,
        });
        await this.storage.putFile(key, output, { contentType: 'image/gif' });
      },
      row.variants?.short,
    );
    return { key };
  }

  // ── clips ───────────────────────────────────────────────────────────────
  private async clipSource(params: ClipJobParams, ctx: JobContext) {
    const row = await this.library.find(jobScope(ctx), params.assetId);
    if (row?.type !== 'VIDEO' || !hasBytes(row)) throw new JobFailure('The video was not found');
    const range = clipRange(
      params.startOffsetMs,
      params.endOffsetMs,
      row.length,
      Number.POSITIVE_INFINITY,
      JobFailure,
    );
    return { row, ...range };
  }

  private async cut(
    row: AssetRow,
    start: number,
    end: number,
    key: string,
    ctx: JobContext,
  ): Promise<number> {
    let size = 0;
    await this.withWorkFile(row, async (input, work) => {
      const output = path.join(work, 'clip.mp4');
      await this.tools.clip(input, output, {
        start,
        end,
        hasAudio: Boolean(row.metadata?.audioCodec),
        signal: ctx.signal,
      });
      size = (await fs.stat(output)).size;
      await this.storage.putFile(key, output, { contentType: 'video/mp4' });
    });
    return size;
  }

  private async downloadClip(params: ClipJobParams, ctx: JobContext): Promise<{ url: string }> {
    const { row, start, end } = await this.clipSource(params, ctx);
    const key = `${row.storagePrefix}clips/${ctx.jobId}.mp4`;
    await this.cut(row, start, end, key, ctx);
    const name = `${row.name.replace(/\.[^.]+$/, '')} clip ${formatClock(start)}-${formatClock(end)}.mp4`;
    const url = await this.storage.downloadUrl(key, {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentType: 'video/mp4',
      contentDisposition: attachmentDisposition(name),
    });
    return { url };
  }

  private async saveClipAsAsset(params: ClipJobParams, ctx: JobContext): Promise<{ assetId: string }> {
    const { row, start, end } = await this.clipSource(params, ctx);
    if (!ctx.userId || !ctx.accountId) throw new JobFailure('The job has no owner');
    const folder = await this.library
      .folder({ ...jobScope(ctx), library: row.library }, params.targetFolderId ?? row.parentId ?? 'root')
      .catch(() => {
        throw new JobFailure('The target folder was not found');
      });
    if (folder?.isSystem) throw new JobFailure('Clips cannot be saved into a system folder');
    const id = uuidv7();
    const prefix = `${ctx.accountId}/${id}/`;
    const size = await this.cut(row, start, end, `${prefix}original`, ctx);
    await this.plans.assertAssetAllocation(ctx.accountId, 1, size).catch(async (error) => {
      await this.storage.deletePrefix(prefix);
      throw new JobFailure(error instanceof Error ? error.message : String(error));
    });
    const base = row.name.replace(/\.[^.]+$/, '');
    const subtype = params.clipSubType ? ` ${params.clipSubType}` : '';
    await this.repository.transaction(async () => {
      const executor = this.repository.queueExecutor();
      await this.library.createFiles(
        { accountId: ctx.accountId!, brandId: ctx.brandId, library: row.library },
        folder?.id ?? null,
        [
          {
            id,
            type: 'VIDEO',
            name: `${base}${subtype} clip ${formatClock(start)}-${formatClock(end)}.mp4`.replace(/:/g, '.'),
            size,
            creatorId: ctx.userId,
            ownerId: ctx.userId,
            uploadingState: 'UPLOADED_GENERATING_THUMBNAIL',
            storagePrefix: prefix,
            contentType: 'video/mp4',
            uploadedAt: new Date(),
          },
        ],
      );
      await this.queue.send(MEDIA_PROCESS_QUEUE, { assetId: id } satisfies MediaProcessPayload, { executor });
    });
    return { assetId: id };
  }

  /** Runs fn with the asset's bytes as a local file (a variant when given, else the original). */
  private async withWorkFile(
    row: AssetRow,
    fn: (input: string, work: string) => Promise<void>,
    variant?: string | undefined,
  ): Promise<void> {
    const key = variant ? `${row.storagePrefix}${variant}` : originalKey(row);
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}derive-`));
    try {
      let input = this.storage.localPath(key);
      if (!input) {
        input = path.join(work, `input.${fileExtension(row.name) || 'bin'}`);
        await pipeline(await this.storage.read(key), createWriteStream(input));
      }
      await fn(input, work);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}

/** Checks a [start, end) range in ms against the video and a maximum; answers seconds. */
function clipRange(
  startMs: number,
  endMs: number,
  length: number | null,
  maxSeconds: number,
  Failure: new (message: string) => Error = Error,
): { start: number; end: number } {
  const start = startMs / 1000;
  const end = endMs / 1000;
  const fail = (message: string) => {
    throw Failure === Error ? badRequest(message) : new Failure(message);
  };
  if (end <= start) fail('The start must be before the end');
  if (length !== null && start >= length) fail('The start is after the end of the video');
  const clippedEnd = length !== null ? Math.min(end, length) : end;
  if (clippedEnd - start > maxSeconds) fail(`A GIF can be at most ${maxSeconds} seconds long`);
  return { start, end: clippedEnd };
}

function formatClock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
