import { GraphError, graphErrorFromBody } from './errors.js';
import { actId, type GraphCallOptions, type GraphParams, type GraphTransport } from './graph-transport.js';

/** Async insights report runs (reference §4 "Async reports"): start one on an ad account, poll it. */

export interface GraphReportRun {
  id: string;
  /** 'Job Not Started', 'Job Started', 'Job Running', 'Job Completed', 'Job Failed', 'Job Skipped' (as sent). */
  status: string;
  /** 0–100; the run is done at 100 (reference §4). */
  percent: number;
  /** Set when the run failed: Meta's error_code/error_subcode/error_message when it gave them. */
  error?: GraphError;
}

/** Starts an insights report run on an ad account; poll it with reportRun, read it with pages('/{id}/insights'). */
export async function startReportRun(
  graph: GraphTransport,
  adAccountId: string,
  token: string,
  params: GraphParams,
  options: GraphCallOptions = {},
): Promise<string> {
  const { body, usage } = await graph.post<{ report_run_id?: string | number }>(
    `/${actId(adAccountId)}/insights`,
    token,
    params,
    options,
  );
  if (body?.report_run_id == null) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta did not start an insights report run',
      usage,
    });
  }
  return String(body.report_run_id);
}

export async function reportRun(
  graph: GraphTransport,
  reportRunId: string,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphReportRun> {
  const { body, usage } = await graph.get<Record<string, unknown>>(`/${reportRunId}`, token, {}, options);
  const status = String(body.async_status ?? '');
  const percent = Number(body.async_percent_completion ?? 0);
  const run: GraphReportRun = {
    id: String(body.id ?? reportRunId),
    status,
    percent: Number.isFinite(percent) ? percent : 0,
  };
  if (/failed|skipped/i.test(status) || body.error_code != null) {
    run.error =
      graphErrorFromBody(
        {
          error: {
            code: body.error_code,
            error_subcode: body.error_subcode,
            message: body.error_message ?? `The insights report run ended with "${status}"`,
            error_user_title: body.error_user_title,
            error_user_msg: body.error_user_msg,
          },
        },
        200,
        usage,
        graph.secrets(token),
      ) ?? undefined;
  }
  return run;
}
