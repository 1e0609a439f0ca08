import { fail } from './errors.js';
import { hash32 } from './ids-and-time.js';
import { takeReportRunFailure } from './injection.js';
import { dateRange, insightRows } from './insights.js';
import { paged } from './lists.js';
import type { FakeAdAccount, FakeContext, FakeReportRun } from './types.js';
import { type FakeAnswer, type FakeRequest, ok } from './wire.js';

/** Async insights report runs: start (POST /act_…/insights), poll the run, read its results. */

export function startRun(ctx: FakeContext, request: FakeRequest, account: FakeAdAccount): FakeAnswer {
  const { state, seed } = ctx;
  const range = dateRange(state, request);
  if ('status' in range) return range;
  const rows = insightRows(state, request, { accountId: account.id, level: 'account', sync: false }, range);
  if (!Array.isArray(rows)) return rows;
  const id = String(
    6_000_000_000_000 + hash32(`${seed}:run:${state.reportRuns.size}`) + state.reportRuns.size,
  );
  state.reportRuns.set(id, {
    id,
    accountId: account.id,
    params: { ...request.params },
    rows,
    polls: 0,
    dateStart: range.since,
    dateStop: range.until,
    failure: takeReportRunFailure(ctx.injections, request),
  });
  return ok({ report_run_id: id });
}

export function pollRun(run: FakeReportRun): FakeAnswer {
  run.polls += 1;
  const percent = run.polls <= 1 ? 0 : run.polls === 2 ? 50 : 100;
  const base = {
    id: run.id,
    account_id: run.accountId.slice(4),
    time_ref: Math.floor(Date.now() / 1000),
    date_start: run.dateStart,
    date_stop: run.dateStop,
    is_running: percent < 100,
  };
  if (run.failure && run.polls >= 2) {
    const f = run.failure;
    return ok({
      ...base,
      is_running: false,
      async_status: 'Job Failed',
      async_percent_completion: 50,
      error_code: f.code ?? -2,
      error_subcode: f.subcode ?? 2490547,
      error_message: f.message ?? 'The report failed to run. Please try again later.',
      ...(f.userTitle ? { error_user_title: f.userTitle } : {}),
      ...(f.userMessage ? { error_user_msg: f.userMessage } : {}),
    });
  }
  return ok({
    ...base,
    async_status: percent < 100 ? 'Job Running' : 'Job Completed',
    async_percent_completion: percent,
    ...(percent === 100 ? { time_completed: Math.floor(Date.now() / 1000) } : {}),
  });
}

export function runResults(ctx: FakeContext, request: FakeRequest, run: FakeReportRun): FakeAnswer {
  if (run.failure && run.polls >= 2) return fail(100, '(#100) The report run failed; start a new one');
  if (run.polls < 3) return fail(100, '(#100) The report is not ready yet: check its async_status first');
  return paged(ctx, request, run.rows, null);
}
