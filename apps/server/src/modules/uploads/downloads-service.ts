import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ClipJobParams,
  clipJobParamsSchema,
  fileExtension,
  messages,
  sanitizeDownloadName,
  type ZipJob,
} from '@hookline/contract';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import {
  AppError,
  badRequest,
  notFound,
  payloadTooLarge,
  serviceUnavailable,
  unauthorized,
} from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import { composeMail } from '../../platform/mail/compose.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import type { JobRow, JobsService } from '../jobs/service.js';
import type { LibraryItems } from '../library/items-service.js';
import { attachmentDisposition, originalKey } from '../library/media-urls.js';
import { actorUserId, type ItemScope, type LibraryScope } from '../library/scope.js';
import type { PlansService } from '../plans/service.js';
import type { TeamService } from '../team/service.js';
import type { UploadsRepository } from './repository.js';
import { MEDIA_PROCESS_QUEUE, type MediaProcessPayload } from './service.js';

export const ZIP_JOB_TYPE = 'DOWNLOAD_ZIP';
/** Download links (single files, zips, clips) stay valid a week: long enough for the mailed link. */
const LINK_TTL_SECONDS = 7 * 86_400;
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

const zipParams = z.object({ ids: z.array(z.uuid()).min(1), name: z.string() });

/** Files are downloadable once their bytes are in (processing may still be making previews). */
const hasBytes = (row: AssetRow) =>
  Boolean(row.storagePrefix) &&
  (row.uploadingState === 'UPLOADED' ||
    row.uploadingState === 'UPLOADED_WITHOUT_THUMBNAIL' ||
    row.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL');

/**
 * Downloads and derived media (000 §7): a single file's signed link, zips of a selection as
 * a background job (streamed, mailed when slow), GIFs, and the clip jobs DOWNLOAD_CLIP and
 * SAVE_CLIP_AS_ASSET of the generic jobs API.
 */
export class DownloadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly access: AccessService,
    private readonly library: LibraryItems,
    private readonly jobs: JobsService,
    private readonly team: TeamService,
    private readonly plans: PlansService,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly mailer: Mailer,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'zip' | 'publicUrl' | 'media'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Job types this service runs; call before the jobs service declares its queues. */
  registerJobs(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: ZIP_JOB_TYPE,
        internal: true,
        params: zipParams,
        handler: (params, ctx) => this.runZip(params, ctx),
        queue: { retryLimit: 1, expireInSeconds: 2 * 3600 },
      }),
    );
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

  // ── zips ────────────────────────────────────────────────────────────────
  /** POST library/download: checks the size limit, then queues the zip (000 §4 "Zip download"). */
  async requestZip(s: LibraryScope, ids: string[], name?: string): Promise<ZipJob> {
    await this.access.require(s.actor, 'asset.download', ids);
    const entries = await this.zipEntries(s, ids);
    if (entries.length === 0) throw badRequest('There is nothing to download in this selection');
    const total = entries.reduce((sum, e) => sum + e.row.size, 0);
    if (total > this.config.zip.maxBytes) throw payloadTooLarge(messages.library.zipTooLarge);
    const row = await this.jobs.start(
      ZIP_JOB_TYPE,
      { ids: [...new Set(ids)], name: zipName(name, entries) },
      { brandId: s.brandId, accountId: s.accountId, userId: actorUserId(s.actor) },
    );
    return presentZip(row);
  }

  /**
   * A zip's state is for whoever may download what it holds (a shared-link visitor polls the
   * zip of the shared folder); a zip of another brand, or of items outside a share, is not found.
   */
  async zipStatus(s: LibraryScope, jobId: string): Promise<ZipJob> {
    if (s.actor.kind === 'anonymous') throw unauthorized();
    const row = await this.jobs.findInBrand(ZIP_JOB_TYPE, s.brandId, jobId);
    const { ids } = zipParams.parse(row.params);
    await this.access.require(s.actor, 'asset.download', ids).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404
        ? notFound(messages.api.jobNotFound)
        : error;
    });
    return presentZip(row);
  }

  /** The files of a selection with their paths inside the zip (folders keep their structure). */
  private async zipEntries(scope: ItemScope, ids: string[]) {
    const roots = await this.library.findMany(scope, [...new Set(ids)]);
    if (roots.length !== new Set(ids).size) throw notFound(messages.library.itemDeleted);
    const rows = await this.library.subtrees(scope, roots);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const rootIds = new Set(roots.map((r) => r.id));
    const used = new Set<string>();
    const entries: { row: AssetRow; name: string }[] = [];
    for (const row of rows) {
      if (row.type === 'FOLDER' || !hasBytes(row)) continue;
      const parts = [row.name];
      let parent = row.id;
      while (!rootIds.has(parent)) {
        const up = byId.get(parent)?.parentId;
        if (!up || !byId.has(up)) break;
        parent = up;
        parts.unshift(byId.get(up)!.name);
      }
      entries.push({ row, name: uniqueName(parts.map(safeSegment).join('/'), used) });
    }
    return entries;
  }

  private async runZip(params: z.infer<typeof zipParams>, ctx: JobContext): Promise<string> {
    const started = Date.now();
    const entries = await this.zipEntries(jobScope(ctx), params.ids);
    const total = entries.reduce((sum, e) => sum + e.row.size, 0) || 1;
    const key = `zips/${ctx.jobId}/${sanitizeDownloadName(params.name)}`;
    // Media is already compressed: store entries as they are (fast, memory stays flat).
    const archive = new ZipArchive({ store: true });
    const output = new PassThrough();
    archive.pipe(output);
    const upload = this.storage.put(key, output, { contentType: 'application/zip' });
    let done = 0;
    try {
      for (const entry of entries) {
        if (ctx.signal.aborted) throw new JobFailure('Cancelled');
        archive.append(await this.storage.read(originalKey(entry.row)), {
          name: entry.name,
          date: entry.row.createdAt,
        });
        // One file at a time: never more than one source stream open.
        await once(archive, 'entry');
        done += entry.row.size;
        await ctx.reportProgress({ percent: Math.min(99, Math.round((done / total) * 100)) });
      }
      await archive.finalize();
      await upload;
    } catch (error) {
      archive.abort();
      await upload.catch(() => {});
      await this.storage.deletePrefix(`zips/${ctx.jobId}/`).catch(() => {});
      this.log.warn({ err: error, jobId: ctx.jobId }, 'zip failed');
      throw error instanceof JobFailure ? error : new JobFailure(messages.library.zipError);
    }
    const href = await this.storage.downloadUrl(key, {
      expiresInSeconds: LINK_TTL_SECONDS,
      contentDisposition: attachmentDisposition(params.name),
      contentType: 'application/zip',
    });
    if (Date.now() - started > this.config.zip.mailAfterMs && ctx.userId)
      await this.mailZip(ctx.userId, href);
    return href;
  }

  private async mailZip(userId: string, href: string): Promise<void> {
    const to = await this.team.emailOf(userId);
    if (!to) return;
    const link = href.startsWith('/') ? `${this.config.publicUrl}${href}` : href;
    await this.mailer
      .send(
        composeMail(
          to,
          'Your download is ready',
          ['The zip file you asked for is ready. The link works for 7 days.'],
          { label: 'Download zip', link },
        ),
      )
      .catch((error) => this.log.warn({ err: error }, 'could not mail the zip link'));
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

/** A zip path segment: no separators, reserved or control characters. */
const safeSegment = (segment: string) =>
  [...segment]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim() || '_';

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [base, extension] =
    dot > name.lastIndexOf('/') + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

function zipName(name: string | undefined, entries: { row: AssetRow; name: string }[]): string {
  const chosen = name?.trim();
  if (chosen) return chosen.toLowerCase().endsWith('.zip') ? chosen : `${chosen}.zip`;
  const top = new Set(entries.map((e) => e.name.split('/')[0]));
  if (top.size === 1 && entries.every((e) => e.name.includes('/'))) return `${[...top][0]}.zip`;
  return `hookline-download-${new Date().toISOString().slice(0, 10)}.zip`;
}

/** The seeds' zip job shape (000 §3 "Zip job"): pending, running, success, failed, cancelled. */
export function presentZip(row: JobRow): ZipJob {
  const status =
    row.status === 'FINISHED'
      ? 'success'
      : row.status === 'FAILED'
        ? 'failed'
        : row.status === 'CANCELLED'
          ? 'cancelled'
          : row.startedAt
            ? 'running'
            : 'pending';
  return {
    jobId: row.id,
    status,
    result: status === 'success' && typeof row.result === 'string' ? row.result : null,
    error: row.error ?? null,
  };
}

/** Where a job reads: the brand (and account) it was started in. */
const jobScope = (ctx: JobContext): ItemScope => ({ accountId: ctx.accountId ?? '', brandId: ctx.brandId });
