import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { messages, sanitizeDownloadName, type ZipJob } from '@hookline/contract';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { AppError, badRequest, notFound, payloadTooLarge, unauthorized } from '../../platform/http/errors.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import { composeMail } from '../../platform/mail/compose.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import type { JobRow, JobsService } from '../jobs/service.js';
import type { LibraryItems } from '../library/items-service.js';
import { attachmentDisposition, originalKey } from '../library/media-urls.js';
import { actorUserId, type ItemScope, type LibraryScope } from '../library/scope.js';
import type { TeamService } from '../team/service.js';
import { hasBytes, jobScope, LINK_TTL_SECONDS } from './download-rules.js';

export const ZIP_JOB_TYPE = 'DOWNLOAD_ZIP';
const zipParams = z.object({ ids: z.array(z.uuid()).min(1), name: z.string() });

/**
 * Zip downloads of a selection (000 §4 "Zip download"): a background job that streams the
 * files into one stored zip (one source open at a time), mailed when it took long.
 */
export class ZipDownloads {
  constructor(
    private readonly access: AccessService,
    private readonly library: LibraryItems,
    private readonly jobs: JobsService,
    private readonly team: TeamService,
    private readonly storage: Storage,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'zip' | 'publicUrl'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerJob(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: ZIP_JOB_TYPE,
        internal: true,
        params: zipParams,
        handler: (params, ctx) => this.runZip(params, ctx),
        queue: { retryLimit: 1, expireInSeconds: 2 * 3600 },
      }),
    );
  }

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
