import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryInfo, JobQueue } from '../../platform/jobs/queue.js';
import { GraphError } from '../../platform/meta/errors.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import type { PlansService } from '../plans/service.js';
import { syncAccount } from './meta-sync-account.js';
import {
  DAY_MS,
  DEFAULT_TUNING,
  GraphPace,
  type MetaSyncTuning,
  type SyncContext,
  TokenInvalid,
} from './meta-sync-context.js';
import type { IntegrationRow, IntegrationsRepository } from './repository.js';
import type { SyncQueue } from './service.js';

export type { MetaSyncTuning } from './meta-sync-context.js';

export const META_SYNC_QUEUE = 'meta-ad-account-sync';
export const META_SYNC_DAILY_QUEUE = 'meta-sync-daily';

/** A token that expires within this is reported before it stops working. */
const TOKEN_WARNING_MS = 7 * 86_400_000;

/**
 * The Meta sync (the Meta integration issue): one pg-boss job per ad account at a time
 * ('stately' queue keyed by the account). Each run reads campaigns, ad sets and ads (all of
 * them the first time, then those updated since), makes creatives' media library items,
 * and writes daily insights in 30-day slices from where the backfill stands, then the last
 * 7 days again. Every write is an upsert and the cursor moves after each slice, so a
 * worker killed mid-run resumes where it was without duplicates.
 *
 * This file is the job and its scheduling; one account's run is meta-sync-account.ts, its
 * media and actors meta-sync-media.ts, its insight slices meta-sync-insights.ts.
 */
export class MetaSync implements SyncQueue {
  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly store: AdPerformanceService,
    plans: PlansService,
    // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the tests reach the client through it
    private readonly graph: GraphClient,
    private readonly sealerOpen: (sealed: string) => string,
    private readonly queueing: JobQueue,
    private readonly log: FastifyBaseLogger,
    /** Public so tests can shorten the waits. */
    readonly tuning: MetaSyncTuning = { ...DEFAULT_TUNING },
  ) {
    this.context = { repository, store, plans, graph, log, tuning, pace: new GraphPace(graph, tuning) };
  }

  /** What the parts of a run share (meta-sync-context.ts). */
  private readonly context: SyncContext;

  register(): void {
    this.queueing.register<{ adAccountId: string }>(
      META_SYNC_QUEUE,
      (data, delivery) => this.run(data.adAccountId, delivery),
      {
        policy: 'stately',
        retryLimit: 3,
        retryDelaySeconds: 30,
        retryBackoff: true,
        expireInSeconds: 2 * 3600,
        concurrency: 1,
        onAbandoned: async (data) => {
          const { adAccountId } = data as { adAccountId: string };
          await this.repository.saveSync(adAccountId, {
            state: 'FAILED',
            error: 'The sync stopped. It will run again.',
          });
        },
      },
    );
    this.queueing.register(META_SYNC_DAILY_QUEUE, () => this.queueAll(), { retryLimit: 1 });
    this.queueing.schedule(META_SYNC_DAILY_QUEUE, '0 5 * * *');
  }

  async queue(adAccountId: string, options: { delaySeconds?: number } = {}): Promise<void> {
    const nextRunAt = new Date(Date.now() + (options.delaySeconds ?? 0) * 1000);
    await this.repository.saveSync(adAccountId, { state: 'QUEUED', nextRunAt });
    await this.queueing.sendUnlessQueued(
      META_SYNC_QUEUE,
      { adAccountId },
      {
        singletonKey: adAccountId,
        ...(options.delaySeconds ? { startAfterSeconds: Math.ceil(options.delaySeconds) } : {}),
      },
    );
  }

  /** The daily round: every enabled account of every connected Meta integration. */
  async queueAll(): Promise<void> {
    for (const integration of await this.repository.connectedMeta())
      for (const account of await this.store.accountsOfBrand(integration.brandId))
        if (account.source === 'META' && account.enabled && !account.deleted) await this.queue(account.id);
  }

  async run(adAccountId: string, delivery?: DeliveryInfo): Promise<void> {
    const account = await this.store.findAccountById(adAccountId);
    if (!account || !account.enabled || account.deleted || account.source !== 'META') {
      if (account) await this.repository.saveSync(adAccountId, { state: 'IDLE', progress: null });
      return;
    }
    const integration = await this.repository.findAccountLevel(account.brandId, 'FACEBOOK');
    if (!integration?.sealedToken || integration.isDemo) {
      await this.repository.saveSync(adAccountId, { state: 'IDLE', progress: null, nextRunAt: null });
      return;
    }
    const blocked = (await this.repository.openIssues([integration.id])).some(
      (issue) => issue.code === 'INVALID_ACCESS_TOKEN' && issue.detail !== TOKEN_EXPIRING,
    );
    if (blocked) {
      await this.repository.saveSync(adAccountId, {
        state: 'FAILED',
        progress: null,
        nextRunAt: null,
        error: TOKEN_STOPPED,
      });
      return;
    }
    const token = this.sealerOpen(integration.sealedToken);
    await this.repository.saveSync(adAccountId, {
      state: 'RUNNING',
      lastRunAt: new Date(),
      progress: 0,
      error: null,
    });
    try {
      const rows = await syncAccount(this.context, integration, account.id, token);
      await this.repository.resolveIssues(integration.id, ['UNKNOWN_ERROR']);
      if (integration.tokenExpiresAt && integration.tokenExpiresAt.getTime() - Date.now() < TOKEN_WARNING_MS)
        await this.repository.raiseIssue(integration.id, 'INVALID_ACCESS_TOKEN', '', TOKEN_EXPIRING);
      const sync = await this.repository.findSync(adAccountId);
      await this.repository.saveSync(adAccountId, {
        state: 'IDLE',
        progress: null,
        lastSuccessAt: new Date(),
        nextRunAt: nextDailyRun(),
        rowsSynced: (sync?.rowsSynced ?? 0) + rows,
      });
    } catch (error) {
      await this.failed(integration, adAccountId, error, delivery);
    }
  }

  private async failed(
    integration: IntegrationRow,
    adAccountId: string,
    error: unknown,
    delivery?: DeliveryInfo,
  ) {
    if (error instanceof TokenInvalid || (error instanceof GraphError && error.isInvalidToken)) {
      await this.repository.raiseIssue(integration.id, 'INVALID_ACCESS_TOKEN', '', (error as Error).message);
      await this.repository.saveSync(adAccountId, {
        state: 'FAILED',
        progress: null,
        nextRunAt: null,
        error: TOKEN_STOPPED,
      });
      return;
    }
    if (error instanceof GraphError && error.isThrottle) {
      const attempt = (delivery?.retryCount ?? 0) + 1;
      const seconds =
        error.retryAfterMs !== null
          ? error.retryAfterMs / 1000
          : this.tuning.throttleBaseSeconds * 2 ** Math.min(attempt, 6) * (0.5 + Math.random());
      this.log.info({ adAccountId, seconds, code: error.code }, 'Meta throttled the sync: rescheduled');
      await this.repository.saveSync(adAccountId, { state: 'QUEUED', progress: null, error: null });
      // This run ends; the next one starts after Meta's wait (the 'stately' queue allows one waiting).
      await this.queue(adAccountId, { delaySeconds: Math.max(1, seconds) });
      return;
    }
    const lastAttempt = !delivery || delivery.retryCount >= delivery.retryLimit;
    const message =
      error instanceof GraphError
        ? (error.userMessage ?? error.message)
        : 'The sync failed. It will run again.';
    await this.repository.saveSync(adAccountId, {
      state: lastAttempt ? 'FAILED' : 'QUEUED',
      progress: null,
      error: message,
      nextRunAt: lastAttempt ? nextDailyRun() : null,
    });
    if (lastAttempt) {
      this.log.warn({ adAccountId, err: error }, 'Meta sync failed');
      await this.repository.raiseIssue(integration.id, 'UNKNOWN_ERROR', '', (error as Error).message ?? null);
      return;
    }
    throw error;
  }
}

const TOKEN_EXPIRING = 'expiring';
const TOKEN_STOPPED = 'Meta needs you to connect again';

function nextDailyRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 5));
  return next > now ? next : new Date(next.getTime() + DAY_MS);
}
