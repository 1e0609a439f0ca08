import type { FastifyBaseLogger } from 'fastify';
import type { GraphUsage } from '../../platform/meta/errors.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { AdAccountRecord } from '../ad-performance/records.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import type { PlansService } from '../plans/service.js';
import type { IntegrationsRepository } from './repository.js';

/** What the parts of a Meta sync run share: its services, its tuning and its pace. */

/** Usage above this slows the job down (reference §5). */
const USAGE_SLOW_PERCENT = 75;
export const DAY_MS = 86_400_000;

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

export const DEFAULT_TUNING: MetaSyncTuning = {
  reportPollMs: 1000,
  throttleBaseSeconds: 60,
  slowdownMsPerPoint: 200,
  pageSize: 100,
};

/** Stops a run: the token is gone (no more calls until a reconnect). */
export class TokenInvalid extends Error {}

/** Told the usage headers of every Graph answer of a run. */
export type GraphCall = { onUsage: (usage: GraphUsage) => void };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads from Meta at Meta's pace: remembers the last usage headers and slows down while they
 * say we are above 75 % (one pace per MetaSync, across its runs).
 */
export class GraphPace {
  private usage = 0;

  constructor(
    private readonly graph: GraphClient,
    private readonly tuning: MetaSyncTuning,
  ) {}

  noteUsage(usage: GraphUsage): void {
    this.usage = usage.maxPercent;
  }

  /** Every item of a list edge, pausing after each page. */
  async collect<T>(path: string, token: string, params: Record<string, unknown>, call: GraphCall) {
    const items: T[] = [];
    for await (const page of this.graph.pages<T>(path, token, params as never, call)) {
      items.push(...page.data);
      await this.pause();
    }
    return items;
  }

  /** Slows down while Meta's usage headers say we are above 75 %. */
  async pause(): Promise<void> {
    if (this.usage > USAGE_SLOW_PERCENT)
      await sleep((this.usage - USAGE_SLOW_PERCENT) * this.tuning.slowdownMsPerPoint);
  }
}

/** An ad account as the store keeps it. */
export type StoredAdAccount = NonNullable<Awaited<ReturnType<AdPerformanceService['findAccountById']>>>;

/** The account as a run writes it with its rows. */
export function metaAccountRecord(
  account: StoredAdAccount,
  purchaseActionType: string | null,
): AdAccountRecord {
  return {
    externalId: account.externalId,
    name: account.name,
    currency: account.currency,
    timezone: account.timezone,
    accountStatus: account.accountStatus,
    disableReason: account.disableReason,
    source: 'META',
    purchaseActionType,
  };
}

export interface SyncContext {
  repository: IntegrationsRepository;
  store: AdPerformanceService;
  plans: PlansService;
  graph: GraphClient;
  log: FastifyBaseLogger;
  tuning: MetaSyncTuning;
  pace: GraphPace;
}
