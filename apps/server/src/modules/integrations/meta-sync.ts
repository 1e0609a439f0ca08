import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { adEffectiveStatuses } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { userActor } from '../../platform/http/actor.js';
import type { DeliveryInfo, JobQueue } from '../../platform/jobs/queue.js';
import { GraphError, type GraphUsage } from '../../platform/meta/errors.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { AdRecord } from '../ad-performance/records.js';
import type { AdPerformanceService, MediaSource } from '../ad-performance/service.js';
import { AdPerformanceService as Store } from '../ad-performance/service.js';
import type { PlansService } from '../plans/service.js';
import {
  AD_FIELDS,
  choosePurchaseActionType,
  type GraphAd,
  type GraphAdSet,
  type GraphCampaign,
  type GraphInsightRow,
  INSIGHT_FIELDS,
  imageUrlOf,
  toAd,
  toAdSet,
  toCampaign,
  toInsight,
} from './meta-insights.js';
import type { IntegrationRow, IntegrationsRepository } from './repository.js';
import type { SyncQueue } from './service.js';
import { isoDay, utcMidnight } from './sync-window.js';

export const META_SYNC_QUEUE = 'meta-ad-account-sync';
export const META_SYNC_DAILY_QUEUE = 'meta-sync-daily';

/** Insights are read in slices of at most 30 days; longer than 7 go through async report runs. */
const SLICE_DAYS = 30;
const SYNC_SLICE_MAX_DAYS = 7;
/** Report runs started per slice before the run fails. */
const REPORT_RUN_ATTEMPTS = 3;
/** The daily run re-reads the last 7 days (late attribution changes them). */
const REREAD_DAYS = 7;
/** Usage above this slows the job down (reference §5). */
const USAGE_SLOW_PERCENT = 75;
/** A token that expires within this is reported before it stops working. */
const TOKEN_WARNING_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

export interface MetaSyncTuning {
  /** First wait between polls of an async report run (doubles up to 30 s). */
  reportPollMs: number;
  /** Back-off base after a throttle without a regain time. */
  throttleBaseSeconds: number;
  /** Slow-down per usage point above 75 %. */
  slowdownMsPerPoint: number;
  /** Items asked for per page of ads, campaigns and ad sets. */
  pageSize: number;
}

const DEFAULT_TUNING: MetaSyncTuning = {
  reportPollMs: 1000,
  throttleBaseSeconds: 60,
  slowdownMsPerPoint: 200,
  pageSize: 100,
};

/** Stops a run: the token is gone (no more calls until a reconnect). */
class TokenInvalid extends Error {}

/**
 * The Meta sync (the Meta integration issue): one pg-boss job per ad account at a time
 * ('stately' queue keyed by the account). Each run reads campaigns, ad sets and ads (all of
 * them the first time, then those updated since), makes creatives' media library items,
 * and writes daily insights in 30-day slices from where the backfill stands, then the last
 * 7 days again. Every write is an upsert and the cursor moves after each slice, so a
 * worker killed mid-run resumes where it was without duplicates.
 */
export class MetaSync implements SyncQueue {
  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly store: AdPerformanceService,
    private readonly plans: PlansService,
    private readonly graph: GraphClient,
    private readonly sealerOpen: (sealed: string) => string,
    private readonly queueing: JobQueue,
    private readonly log: FastifyBaseLogger,
    /** Public so tests can shorten the waits. */
    readonly tuning: MetaSyncTuning = { ...DEFAULT_TUNING },
  ) {}

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
      const rows = await this.syncAccount(integration, account.id, token);
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

  /** One run for one ad account; answers the insight rows written. */
  private async syncAccount(
    integration: IntegrationRow,
    adAccountId: string,
    token: string,
  ): Promise<number> {
    const account = (await this.store.findAccountById(adAccountId))!;
    const scope = { accountId: account.accountId, brandId: account.brandId };
    const sync = await this.repository.findSync(adAccountId);
    const call = { onUsage: (usage: GraphUsage) => this.noteUsage(usage) };
    const act = account.externalId;

    // Structure: campaigns, ad sets, ads (those updated since the last run, after the first).
    const runStartedAt = new Date();
    const since = sync?.adsUpdatedSince
      ? Math.floor(sync.adsUpdatedSince.getTime() / 1000) - 3600
      : undefined;
    const campaigns = (
      await this.collect<GraphCampaign>(
        `/${act}/campaigns`,
        token,
        {
          fields: 'id,name,status,effective_status,objective',
          limit: this.tuning.pageSize,
        },
        call,
      )
    ).map(toCampaign);
    await this.pause();
    const adSets = (
      await this.collect<GraphAdSet>(
        `/${act}/adsets`,
        token,
        {
          fields: 'id,name,status,effective_status,campaign_id',
          limit: this.tuning.pageSize,
        },
        call,
      )
    ).flatMap((s) => toAdSet(s) ?? []);
    await this.pause();
    const graphAds = await this.collect<GraphAd>(
      `/${act}/ads`,
      token,
      {
        fields: AD_FIELDS,
        effective_status: [...adEffectiveStatuses],
        limit: this.tuning.pageSize,
        ...(since ? { updated_since: since } : {}),
      },
      call,
    );

    // New ads stop at the plan's analysed-ads allocation; known ones keep refreshing.
    const known = await this.store.adIds(adAccountId);
    const allocation = await this.plans.allocationOf(account.accountId);
    let room =
      allocation.analyzedAdsMonthlyCount === null
        ? Number.POSITIVE_INFINITY
        : allocation.analyzedAdsMonthlyCount - (await this.store.analyzedAdsThisMonth(account.accountId));
    let refused = 0;
    const ads = graphAds.flatMap((graphAd) => {
      const ad = toAd(graphAd);
      if (!ad) return [];
      if (known.has(ad.externalId)) return [ad];
      if (room <= 0) {
        refused += 1;
        return [];
      }
      room -= 1;
      return [ad];
    });
    if (refused > 0)
      await this.repository.raiseIssue(
        integration.id,
        'ADS_COUNT_LIMIT_EXCEEDED',
        act,
        `${refused} ads not synced`,
      );
    else await this.repository.resolveIssues(integration.id, ['ADS_COUNT_LIMIT_EXCEEDED']);

    await this.nameActors(integration, adAccountId, ads, token, call);
    await this.store.write(scope, {
      account: {
        externalId: act,
        name: account.name,
        currency: account.currency,
        timezone: account.timezone,
        accountStatus: account.accountStatus,
        disableReason: account.disableReason,
        source: 'META',
        purchaseActionType: null,
      },
      campaigns,
      adSets,
      ads,
      insights: [],
    });
    await this.importMedia(integration, adAccountId, scope, graphAds, token);
    await this.followPublishes(adAccountId, ads);
    await this.repository.saveSync(adAccountId, { adsUpdatedSince: runStartedAt, progress: 10 });

    // Insights: from the backfill cursor (or the sync start) to today, then the last 7 days again.
    const today = dayIn(account.timezone);
    const start = isoDay(utcMidnight(integration.syncStartAt ?? new Date(Date.now() - 90 * DAY_MS)));
    let cursor =
      sync?.backfillCursor && sync.syncedFrom && sync.syncedFrom <= start ? sync.backfillCursor : start;
    if (cursor > start && sync?.syncedFrom && sync.syncedFrom > start) cursor = start;
    const reread = addDays(today, -(REREAD_DAYS - 1));
    let from = cursor < reread ? cursor : reread < start ? start : reread;
    const total = Math.max(1, daysBetween(from, today) + 1);
    let written = 0;
    let purchaseType = account.purchaseActionType;
    let slice = SLICE_DAYS;
    while (from <= today) {
      const until = minDay(addDays(from, slice - 1), today);
      let rows: GraphInsightRow[];
      try {
        rows = await this.readInsights(act, token, from, until, call);
      } catch (error) {
        if (error instanceof GraphError && error.isTooMuchData && slice > 1) {
          // Meta asks for less data: halve the range this slice covers.
          slice = Math.max(1, Math.floor((daysBetween(from, until) + 1) / 2));
          continue;
        }
        throw error;
      }
      if (!purchaseType) {
        purchaseType = choosePurchaseActionType(rows);
        if (purchaseType) await this.store.updateAccount(adAccountId, { purchaseActionType: purchaseType });
      }
      const insights = rows.flatMap((row) => toInsight(row, purchaseType) ?? []);
      const ids = await this.store.adIds(adAccountId);
      const result = await this.store.write(scope, {
        account: {
          externalId: act,
          name: account.name,
          currency: account.currency,
          timezone: account.timezone,
          accountStatus: account.accountStatus,
          disableReason: account.disableReason,
          source: 'META',
          purchaseActionType: purchaseType,
        },
        campaigns: [],
        adSets: [],
        ads: [],
        insights: insights.filter((row) => ids.has(row.adExternalId)),
      });
      written += result.rows;
      const next = addDays(until, 1);
      const done = daysBetween(from, today) + 1;
      await this.repository.saveSync(adAccountId, {
        backfillCursor: next > cursor ? next : cursor,
        syncedFrom: start,
        progress: Math.min(
          99,
          10 + Math.round((90 * (total - done + (daysBetween(from, until) + 1))) / total),
        ),
      });
      if (next > cursor) cursor = next;
      from = next;
      // A halved slice stays halved for the rest of the run (Meta found this much too big).
      await this.pause();
    }
    return written;
  }

  /**
   * Library videos published to this account move with the ads that use them: ACTIVE while
   * one is active, USED while they wait to deliver, INACTIVE once all are paused or gone;
   * the library item is linked to those ads.
   */
  private async followPublishes(adAccountId: string, ads: AdRecord[]): Promise<void> {
    const byVideo = new Map<string, AdRecord[]>();
    for (const ad of ads)
      if (ad.creative?.videoId)
        byVideo.set(ad.creative.videoId, [...(byVideo.get(ad.creative.videoId) ?? []), ad]);
    const published = await this.repository.publishesOfVideos(adAccountId, [...byVideo.keys()]);
    if (published.length === 0) return;
    const adIds = await this.store.adIds(adAccountId);
    for (const row of published) {
      const using = byVideo.get(row.videoId!) ?? [];
      const statuses = using.map((ad) => ad.effectiveStatus ?? '');
      const status = statuses.includes('ACTIVE')
        ? 'ACTIVE'
        : statuses.every((st) => INACTIVE_STATUSES.has(st))
          ? 'INACTIVE'
          : 'USED';
      await this.repository.setPublishStatus(row.assetId, adAccountId, status);
      await this.store.linkAssets(
        using.flatMap((ad) => {
          const adId = adIds.get(ad.externalId);
          return adId ? [{ adId, assetId: row.assetId }] : [];
        }),
      );
    }
  }

  /** Reads a slice: sync for up to 7 days, async report runs beyond (or when Meta asks). */
  private async readInsights(
    act: string,
    token: string,
    since: string,
    until: string,
    call: { onUsage: (usage: GraphUsage) => void },
  ): Promise<GraphInsightRow[]> {
    const params = {
      level: 'ad',
      time_increment: '1',
      time_range: { since, until },
      fields: INSIGHT_FIELDS,
      limit: 500,
    };
    if (daysBetween(since, until) + 1 <= SYNC_SLICE_MAX_DAYS) {
      try {
        return await this.collect<GraphInsightRow>(`/${act}/insights`, token, params, call);
      } catch (error) {
        if (!(error instanceof GraphError && error.needsAsync)) throw error;
      }
    }
    // A failed report run is started again a little later (twice), then the job's retries take over.
    for (let attempt = 1; ; attempt++) {
      const runId = await this.graph.startReportRun(act, token, params, call);
      const failure = await this.awaitReportRun(runId, token, call);
      if (!failure) return this.collect<GraphInsightRow>(`/${runId}/insights`, token, { limit: 500 }, call);
      if (attempt >= REPORT_RUN_ATTEMPTS || failure.isInvalidToken || failure.isThrottle) throw failure;
      this.log.info({ act, attempt, code: failure.code }, 'insights report run failed: starting it again');
      await sleep(this.tuning.reportPollMs * 4 * attempt);
    }
  }

  /** Polls a report run with back-off until it completes (null) or fails (its error). */
  private async awaitReportRun(runId: string, token: string, call: { onUsage: (usage: GraphUsage) => void }) {
    for (let wait = this.tuning.reportPollMs; ; wait = Math.min(wait * 2, 30_000)) {
      await sleep(wait);
      const run = await this.graph.reportRun(runId, token, call);
      if (run.error) return run.error;
      if (run.percent >= 100 && /completed/i.test(run.status || 'completed')) return null;
    }
  }

  /** Names each ad's actor (Page or Instagram account); one the token may not read is an issue. */
  private async nameActors(
    integration: IntegrationRow,
    adAccountId: string,
    ads: { creative: { actorId: string | null; actorName: string | null } | null }[],
    token: string,
    call: { onUsage: (usage: GraphUsage) => void },
  ): Promise<void> {
    // This run's ads and those already known (an incremental run may bring no ads at all).
    const actorIds = [
      ...new Set([
        ...ads.flatMap((ad) => (ad.creative?.actorId ? [ad.creative.actorId] : [])),
        ...(await this.store.actorIds(adAccountId)),
      ]),
    ];
    if (actorIds.length === 0) return;
    // Every actor is read (not only unknown ones): a Page the token can no longer read is an issue.
    const pageNames = new Map(integration.pages.map((page) => [page.id, page.name]));
    const unknown = actorIds;
    const answers = await this.graph.batch<{ name?: string }>(
      token,
      unknown.map((id) => ({ path: `/${id}`, params: { fields: 'name' } })),
      call,
    );
    const denied: string[] = [];
    answers.forEach((answer, index) => {
      const id = unknown[index]!;
      if (answer.ok) pageNames.set(id, answer.body.name ?? id);
      else if (answer.error.isInvalidToken) throw new TokenInvalid(answer.error.message);
      else if (answer.error.isPermission) denied.push(id);
    });
    for (const id of denied)
      await this.repository.raiseIssue(
        integration.id,
        'MISSING_PERMISSIONS_ON_ACTOR',
        id,
        'Page or Instagram account not readable',
      );
    const readable = actorIds.filter((id) => !denied.includes(id));
    if (readable.length > 0)
      await this.repository.resolveIssues(integration.id, ['MISSING_PERMISSIONS_ON_ACTOR'], readable);
    for (const ad of ads)
      if (ad.creative?.actorId) ad.creative.actorName = pageNames.get(ad.creative.actorId) ?? null;
  }

  /** Each creative's video or image becomes one AD_ANALYTICS library item per brand. */
  private async importMedia(
    integration: IntegrationRow,
    adAccountId: string,
    scope: { accountId: string; brandId: string },
    graphAds: GraphAd[],
    token: string,
  ): Promise<void> {
    const sources = new Map<string, MediaSource>();
    const videoIds = [...new Set(graphAds.flatMap((graphAd) => toAd(graphAd)?.creative?.videoId ?? []))];
    // The videos' files are asked for in batches (50 a call), once, when the first is needed.
    let files: Promise<Map<string, string>> | undefined;
    const fileOf = async (videoId: string) => {
      files ??= this.graph
        .batch<{ id?: string; source?: string }>(
          token,
          videoIds.map((id) => ({ path: `/${id}`, params: { fields: 'source,picture,length' } })),
        )
        .then(
          (answers) =>
            new Map(
              answers.flatMap((answer, index) =>
                answer.ok && answer.body.source ? [[videoIds[index]!, answer.body.source] as const] : [],
              ),
            ),
        );
      return (await files).get(videoId) ?? (await this.graph.video(videoId, token)).source;
    };
    for (const graphAd of graphAds) {
      const ad = toAd(graphAd);
      const videoId = ad?.creative?.videoId;
      const imageHash = ad?.creative?.imageHash;
      if (videoId) {
        sources.set(Store.mediaKey('VIDEO', videoId), {
          kind: 'VIDEO',
          externalId: videoId,
          fetch: async () => {
            const source = await fileOf(videoId);
            if (!source) throw new Error(`Meta gave no file for video ${videoId}`);
            return download(source, `${ad?.name ?? videoId}.mp4`);
          },
        });
      } else if (imageHash) {
        const url = imageUrlOf(graphAd.creative);
        if (url)
          sources.set(Store.mediaKey('IMAGE', imageHash), {
            kind: 'IMAGE',
            externalId: imageHash,
            fetch: () => download(url, `${ad?.name ?? imageHash}.jpg`),
          });
      }
    }
    // Imported as the admin who connected Meta: the library checks their access and the plan.
    if (!integration.connectedBy) return;
    const actor = userActor({
      userId: integration.connectedBy,
      email: '',
      isSuperUser: false,
      sessionId: '',
    });
    const { skipped } = await this.store.linkMedia({ ...scope, actor }, adAccountId, sources);
    if (skipped.some((s) => s.reason === 'ASSETS_COUNT_LIMIT_EXCEEDED'))
      await this.repository.raiseIssue(
        integration.id,
        'ASSETS_COUNT_LIMIT_EXCEEDED',
        '',
        `${skipped.length} creatives not imported`,
      );
    else await this.repository.resolveIssues(integration.id, ['ASSETS_COUNT_LIMIT_EXCEEDED']);
  }

  private async collect<T>(
    path: string,
    token: string,
    params: Record<string, unknown>,
    call: { onUsage: (u: GraphUsage) => void },
  ) {
    const items: T[] = [];
    for await (const page of this.graph.pages<T>(path, token, params as never, call)) {
      items.push(...page.data);
      await this.pause();
    }
    return items;
  }

  private usage = 0;
  private noteUsage(usage: GraphUsage): void {
    this.usage = usage.maxPercent;
  }

  /** Slows down while Meta's usage headers say we are above 75 %. */
  private async pause(): Promise<void> {
    if (this.usage > USAGE_SLOW_PERCENT)
      await sleep((this.usage - USAGE_SLOW_PERCENT) * this.tuning.slowdownMsPerPoint);
  }
}

const TOKEN_EXPIRING = 'expiring';
const INACTIVE_STATUSES = new Set([
  'PAUSED',
  'ADSET_PAUSED',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'DELETED',
  'DISAPPROVED',
]);
const TOKEN_STOPPED = 'Meta needs you to connect again';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Today in the ad account's timezone (its days are Meta's days). */
function dayIn(timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  } catch {
    return isoDay(new Date());
  }
}
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const minDay = (a: string, b: string) => (a < b ? a : b);

function nextDailyRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 5));
  return next > now ? next : new Date(next.getTime() + DAY_MS);
}

async function download(url: string, name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hookline-ad-media-'));
  const file = path.join(dir, 'media');
  const response = await fetch(url, { signal: AbortSignal.timeout(5 * 60_000) });
  if (!response.ok || !response.body) throw new Error(`Media download failed (${response.status})`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return {
    file,
    name: name.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 200),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
