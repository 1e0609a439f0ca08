import {
  interpolate,
  type Job,
  messages,
  PUBLISH_MAX_ENTITIES,
  type PublishBody,
  type PublishStatus,
} from '@hookline/contract';
import { z } from 'zod';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { notFound, validationFailed } from '../../platform/http/errors.js';
import { defineJob, type JobContext, JobFailure, type JobRegistry } from '../../platform/jobs/registry.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import { presentJob } from '../jobs/presenter.js';
import type { JobsService } from '../jobs/service.js';
import type { LibraryItems } from '../library/items-service.js';
import { originalKey } from '../library/media-urls.js';
import type { IntegrationsRepository } from './repository.js';

export const PUBLISH_JOB = 'PUBLISH_TO_AD_PLATFORM';

const publishParams = z.object({
  brandId: z.uuid(),
  accountId: z.uuid(),
  adAccountId: z.uuid(),
  assetIds: z.array(z.uuid()).min(1).max(PUBLISH_MAX_ENTITIES),
});

/** Chunks Meta's video host accepts comfortably (it answers the next offsets anyway). */
const READY_POLL_MS = 2000;
const READY_TIMEOUT_MS = 30 * 60_000;

export interface PublishTuning {
  readyPollMs: number;
}

/**
 * Publishing library videos to a Meta ad account (the Meta integration issue): a
 * PUBLISH_TO_AD_PLATFORM job streams each video through Meta's chunked upload (resuming
 * from the offsets Meta gives after a failed transfer), waits until Meta has processed it,
 * and records the Meta video id with a publish status the sync then moves along
 * (USED, ACTIVE, INACTIVE) as ads use it.
 */
export class MetaPublisher {
  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly store: AdPerformanceService,
    private readonly jobs: JobsService,
    private readonly storage: Storage,
    private readonly graph: GraphClient | null,
    private readonly openToken: (brandId: string) => Promise<string | null>,
    private readonly tuning: PublishTuning = { readyPollMs: READY_POLL_MS },
  ) {}

  register(registry: JobRegistry): void {
    registry.register(
      defineJob({
        type: PUBLISH_JOB,
        params: publishParams,
        internal: true,
        queue: { retryLimit: 1, expireInSeconds: 2 * 3600 },
        handler: (params, ctx) => this.run(params, ctx),
      }),
    );
  }

  async start(s: { actor: Actor; accountId: string; brandId: string }, body: PublishBody): Promise<Job> {
    if (body.entityIds.length > PUBLISH_MAX_ENTITIES)
      throw validationFailed([
        {
          path: 'body.entityIds',
          message: interpolate(messages.integrations.tooManyVideos, { count: PUBLISH_MAX_ENTITIES }),
        },
      ]);
    if (body.brandId !== s.brandId)
      throw validationFailed([{ path: 'body.brandId', message: 'brandId must be the brand of the path' }]);
    await this.access.require(s.actor, 'asset.publish', body.entityIds);
    const rows = await this.items.findMany({ accountId: s.accountId, brandId: s.brandId }, body.entityIds);
    if (rows.length !== new Set(body.entityIds).size) throw notFound(messages.library.itemDeleted);
    if (rows.some((row) => row.type !== 'VIDEO'))
      throw validationFailed([{ path: 'body.entityIds', message: messages.integrations.onlyVideos }]);
    const account = await this.store.findAccount(s.brandId, body.adAccountId);
    if (!account || account.source !== 'META' || account.deleted)
      throw validationFailed([{ path: 'body.adAccountId', message: messages.integrations.adAccountUnknown }]);
    if (!account.enabled)
      throw validationFailed([
        { path: 'body.adAccountId', message: messages.integrations.adAccountDisabled },
      ]);
    if (!this.graph || !(await this.openToken(s.brandId)))
      throw validationFailed([{ path: 'body.adAccountId', message: messages.integrations.notConnected }]);
    const job = await this.jobs.start(
      PUBLISH_JOB,
      {
        brandId: s.brandId,
        accountId: s.accountId,
        adAccountId: account.id,
        assetIds: rows.map((r) => r.id),
      },
      { brandId: s.brandId, accountId: s.accountId, userId: userOf(s.actor).userId },
    );
    return presentJob(job);
  }

  private async run(params: z.infer<typeof publishParams>, ctx: JobContext) {
    const token = await this.openToken(params.brandId);
    const account = await this.store.findAccountById(params.adAccountId);
    if (!token || !this.graph || !account) throw new JobFailure(messages.integrations.notConnected);
    const graph = this.graph;
    const results: { assetId: string; videoId: string | null; status: PublishStatus; error?: string }[] = [];
    for (const [index, assetId] of params.assetIds.entries()) {
      ctx.signal.throwIfAborted();
      const row = await this.items.fileById(assetId);
      if (!row || row.brandId !== params.brandId) continue;
      const size = row.size ?? 0;
      const base = { assetId, adAccountId: account.id, jobId: ctx.jobId };
      try {
        const videoId = await graph.uploadVideo(account.externalId, token, {
          size,
          title: row.name,
          signal: ctx.signal,
          readChunk: (start, end) => this.readRange(originalKey(row), start, end),
          onProgress: (done, total) =>
            void ctx.reportProgress({
              percent: Math.round(((index + done / Math.max(1, total)) / params.assetIds.length) * 100),
              message: row.name,
            }),
        });
        await this.waitUntilReady(videoId, token, ctx.signal);
        await this.repository.savePublish({ ...base, videoId, status: 'UPLOADED', error: null });
        results.push({ assetId, videoId, status: 'UPLOADED' });
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const message = (error as Error).message;
        ctx.log.warn({ assetId, err: message }, 'video not uploaded to Meta');
        await this.repository.savePublish({
          ...base,
          videoId: null,
          status: 'FAILED_TO_UPLOAD',
          error: message,
        });
        results.push({ assetId, videoId: null, status: 'FAILED_TO_UPLOAD', error: message });
      }
    }
    if (results.length > 0 && results.every((r) => r.status === 'FAILED_TO_UPLOAD'))
      throw new JobFailure(messages.integrations.publishFailed);
    return { adAccountId: account.externalId, videos: results };
  }

  private async waitUntilReady(videoId: string, token: string, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      const status = await this.graph!.videoStatus(videoId, token, { signal });
      if (status === 'ready') return;
      if (status === 'error') throw new Error('Meta could not process this video');
      if (Date.now() > deadline) throw new Error('Meta is still processing this video');
      await new Promise((resolve) => setTimeout(resolve, this.tuning.readyPollMs));
      signal.throwIfAborted();
    }
  }

  private async readRange(key: string, start: number, end: number): Promise<Buffer> {
    const stream = await this.storage.read(key, { start, end: end - 1 });
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }
}
