import type { GraphReportRun } from './graph-insights.js';
import * as insights from './graph-insights.js';
import type {
  GraphAdAccount,
  GraphBatchAnswer,
  GraphBatchRequest,
  GraphPage,
  GraphPageSummary,
} from './graph-lists.js';
import * as lists from './graph-lists.js';
import type { GraphToken, GraphTokenInfo } from './graph-oauth.js';
import * as oauth from './graph-oauth.js';
import {
  type GraphCallOptions,
  type GraphClientOptions,
  type GraphParams,
  type GraphResult,
  GraphTransport,
} from './graph-transport.js';
import type { GraphVideo, GraphVideoStatus, UploadVideoOptions } from './graph-videos.js';
import * as videos from './graph-videos.js';

/**
 * The Meta Graph / Marketing API over HTTP (docs: /work/shared/design/meta-marketing-api.md,
 * "the reference"). Only the protocol lives here: OAuth, signed calls, paging, batches,
 * async insights runs, chunked video uploads and the usage headers. What to do about an
 * error (retry, back off, mark a connection broken) is the caller's business; the errors
 * are typed for it (errors.ts).
 *
 * This class is the one door; the work is done by the transport (graph-transport.ts) and the
 * topic files: graph-oauth.ts, graph-lists.ts (lists, batches, reads), graph-insights.ts,
 * graph-videos.ts.
 */

export type { GraphParamValue } from './graph-transport.js';
export { actId } from './graph-transport.js';
export type {
  GraphAdAccount,
  GraphBatchAnswer,
  GraphBatchRequest,
  GraphCallOptions,
  GraphClientOptions,
  GraphPage,
  GraphPageSummary,
  GraphParams,
  GraphReportRun,
  GraphResult,
  GraphToken,
  GraphTokenInfo,
  GraphVideo,
  GraphVideoStatus,
  UploadVideoOptions,
};

export class GraphClient {
  private readonly transport: GraphTransport;

  constructor(options: GraphClientOptions) {
    this.transport = new GraphTransport(options);
  }

  get version(): string {
    return this.transport.version;
  }

  /** HMAC-SHA256 of the token keyed with the app secret, hex: sent with every call that carries a token. */
  appSecretProof(accessToken: string): string {
    return this.transport.appSecretProof(accessToken);
  }

  // --- OAuth (reference §1) ------------------------------------------------------------

  /** The login dialog to send the user to; the answer comes back to redirectUri with ?code&state. */
  dialogUrl(input: { redirectUri: string; state: string; scopes: readonly string[] }): string {
    return oauth.dialogUrl(this.transport, input);
  }

  /** Code → user token. redirectUri must be exactly the dialog's. */
  exchangeCode(code: string, redirectUri: string, options: GraphCallOptions = {}): Promise<GraphToken> {
    return oauth.exchangeCode(this.transport, code, redirectUri, options);
  }

  /** Short-lived → long-lived (about 60 days) user token. */
  exchangeForLongLived(shortToken: string, options: GraphCallOptions = {}): Promise<GraphToken> {
    return oauth.exchangeForLongLived(this.transport, shortToken, options);
  }

  /** What Meta knows about a token, asked with the app token (`appId|appSecret`). */
  debugToken(token: string, options: GraphCallOptions = {}): Promise<GraphTokenInfo> {
    return oauth.debugToken(this.transport, token, options);
  }

  // --- Calls ---------------------------------------------------------------------------

  get<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): Promise<GraphResult<T>> {
    return this.transport.get<T>(path, token, params, options);
  }

  post<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): Promise<GraphResult<T>> {
    return this.transport.post<T>(path, token, params, options);
  }

  delete<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): Promise<GraphResult<T>> {
    return this.transport.delete<T>(path, token, params, options);
  }

  /**
   * Every page of a list edge, following `paging.next` until Meta sends none. A page
   * shorter than the limit is not the end (reference §4 "Pagination").
   */
  pages<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): AsyncGenerator<GraphPage<T>, void, undefined> {
    return lists.pages<T>(this.transport, path, token, params, options);
  }

  /** Every item of a list edge (all pages). */
  all<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): Promise<T[]> {
    return lists.all<T>(this.transport, path, token, params, options);
  }

  /**
   * Graph batch requests: at most 50 per call, so longer lists go in several calls (one
   * after the other). Each answer comes back parsed, in order, or as its own GraphError.
   */
  batch<T = unknown>(
    token: string,
    requests: readonly GraphBatchRequest[],
    options: GraphCallOptions = {},
  ): Promise<GraphBatchAnswer<T>[]> {
    return lists.batch<T>(this.transport, token, requests, options);
  }

  // --- Convenience reads (reference §2) -------------------------------------------------

  me(token: string, options: GraphCallOptions = {}): Promise<{ id: string; name: string }> {
    return lists.me(this.transport, token, options);
  }

  adAccounts(token: string, options: GraphCallOptions = {}): Promise<GraphAdAccount[]> {
    return lists.adAccounts(this.transport, token, options);
  }

  pagesOf(token: string, options: GraphCallOptions = {}): Promise<GraphPageSummary[]> {
    return lists.pagesOf(this.transport, token, options);
  }

  /** Removes the app from the user's Facebook account; the token stops working. */
  revokePermissions(token: string, options: GraphCallOptions = {}): Promise<void> {
    return lists.revokePermissions(this.transport, token, options);
  }

  // --- Async insights (reference §4 "Async reports") --------------------------------------

  /** Starts an insights report run on an ad account; poll it with reportRun, read it with pages('/{id}/insights'). */
  startReportRun(
    adAccountId: string,
    token: string,
    params: GraphParams,
    options: GraphCallOptions = {},
  ): Promise<string> {
    return insights.startReportRun(this.transport, adAccountId, token, params, options);
  }

  reportRun(reportRunId: string, token: string, options: GraphCallOptions = {}): Promise<GraphReportRun> {
    return insights.reportRun(this.transport, reportRunId, token, options);
  }

  // --- Videos (reference §3, §6) ---------------------------------------------------------

  video(videoId: string, token: string, options: GraphCallOptions = {}): Promise<GraphVideo> {
    return videos.video(this.transport, videoId, token, options);
  }

  videoStatus(videoId: string, token: string, options: GraphCallOptions = {}): Promise<GraphVideoStatus> {
    return videos.videoStatus(this.transport, videoId, token, options);
  }

  /**
   * Chunked upload on the video host: start, transfer until Meta's offsets meet, finish.
   * A failed transfer resumes from the offsets Meta gives in `error_data` (or repeats the
   * chunk after a network failure or transient error), a few times in a row at most. On
   * abort the session is cancelled and an AbortError thrown. Returns the new video's id.
   */
  uploadVideo(adAccountId: string, token: string, upload: UploadVideoOptions): Promise<string> {
    return videos.uploadVideo(this.transport, adAccountId, token, upload);
  }
}
