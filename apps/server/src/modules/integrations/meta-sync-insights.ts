import { GraphError } from '../../platform/meta/errors.js';
import {
  choosePurchaseActionType,
  type GraphInsightRow,
  INSIGHT_FIELDS,
  toInsight,
} from './meta-insights.js';
import {
  DAY_MS,
  type GraphCall,
  metaAccountRecord,
  type StoredAdAccount,
  type SyncContext,
  sleep,
} from './meta-sync-context.js';
import type { IntegrationRow, SyncRow } from './repository.js';
import { isoDay, utcMidnight } from './sync-window.js';

/**
 * A sync run's insights: daily rows in slices of at most 30 days from where the backfill
 * stands, then the last 7 days again; a slice Meta finds too big is halved.
 */

/** Insights are read in slices of at most 30 days; longer than 7 go through async report runs. */
const SLICE_DAYS = 30;
const SYNC_SLICE_MAX_DAYS = 7;
/** Report runs started per slice before the run fails. */
const REPORT_RUN_ATTEMPTS = 3;
/** The daily run re-reads the last 7 days (late attribution changes them). */
const REREAD_DAYS = 7;

/** Writes the account's insights from the backfill cursor (or the sync start) to today; answers the rows written. */
export async function syncInsights(
  ctx: SyncContext,
  run: {
    integration: IntegrationRow;
    adAccountId: string;
    account: StoredAdAccount;
    sync: SyncRow | undefined;
    scope: { accountId: string; brandId: string };
    act: string;
    token: string;
    call: GraphCall;
  },
): Promise<number> {
  const { store, repository, pace } = ctx;
  const { integration, adAccountId, account, sync, scope, act, token, call } = run;
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
      rows = await readInsights(ctx, act, token, from, until, call);
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
      if (purchaseType) await store.updateAccount(adAccountId, { purchaseActionType: purchaseType });
    }
    const insights = rows.flatMap((row) => toInsight(row, purchaseType) ?? []);
    const ids = await store.adIds(adAccountId);
    const result = await store.write(scope, {
      account: metaAccountRecord(account, purchaseType),
      campaigns: [],
      adSets: [],
      ads: [],
      insights: insights.filter((row) => ids.has(row.adExternalId)),
    });
    written += result.rows;
    const next = addDays(until, 1);
    const done = daysBetween(from, today) + 1;
    await repository.saveSync(adAccountId, {
      backfillCursor: next > cursor ? next : cursor,
      syncedFrom: start,
      progress: Math.min(99, 10 + Math.round((90 * (total - done + (daysBetween(from, until) + 1))) / total)),
    });
    if (next > cursor) cursor = next;
    from = next;
    // A halved slice stays halved for the rest of the run (Meta found this much too big).
    await pace.pause();
  }
  return written;
}

/** Reads a slice: sync for up to 7 days, async report runs beyond (or when Meta asks). */
async function readInsights(
  ctx: SyncContext,
  act: string,
  token: string,
  since: string,
  until: string,
  call: GraphCall,
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
      return await ctx.pace.collect<GraphInsightRow>(`/${act}/insights`, token, params, call);
    } catch (error) {
      if (!(error instanceof GraphError && error.needsAsync)) throw error;
    }
  }
  // A failed report run is started again a little later (twice), then the job's retries take over.
  for (let attempt = 1; ; attempt++) {
    const runId = await ctx.graph.startReportRun(act, token, params, call);
    const failure = await awaitReportRun(ctx, runId, token, call);
    if (!failure) return ctx.pace.collect<GraphInsightRow>(`/${runId}/insights`, token, { limit: 500 }, call);
    if (attempt >= REPORT_RUN_ATTEMPTS || failure.isInvalidToken || failure.isThrottle) throw failure;
    ctx.log.info({ act, attempt, code: failure.code }, 'insights report run failed: starting it again');
    await sleep(ctx.tuning.reportPollMs * 4 * attempt);
  }
}

/** Polls a report run with back-off until it completes (null) or fails (its error). */
async function awaitReportRun(ctx: SyncContext, runId: string, token: string, call: GraphCall) {
  for (let wait = ctx.tuning.reportPollMs; ; wait = Math.min(wait * 2, 30_000)) {
    await sleep(wait);
    const run = await ctx.graph.reportRun(runId, token, call);
    if (run.error) return run.error;
    if (run.percent >= 100 && /completed/i.test(run.status || 'completed')) return null;
  }
}

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
