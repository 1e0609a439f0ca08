import { createHmac } from 'node:crypto';
import {
  abortError,
  GraphError,
  GraphUnavailableError,
  type GraphUsage,
  graphErrorFromBody,
  parseUsageHeaders,
  redact,
} from './errors.js';

/**
 * The Meta Graph / Marketing API over HTTP (docs: /work/shared/design/meta-marketing-api.md,
 * "the reference" below). Only the protocol lives here: OAuth, signed calls, paging, batches,
 * async insights runs, chunked video uploads and the usage headers. What to do about an
 * error (retry, back off, mark a connection broken) is the caller's business; the errors
 * are typed for it (errors.ts).
 */

export interface GraphClientOptions {
  appId: string;
  appSecret: string;
  /** 'v26.0' (version.ts). */
  version: string;
  /** https://graph.facebook.com */
  graphUrl: string;
  /** https://graph-video.facebook.com (chunked uploads). */
  videoUrl: string;
  /** https://www.facebook.com (the login dialog). */
  dialogUrl: string;
  fetch?: typeof fetch;
  /** Per call; a call that takes longer fails with GraphUnavailableError (timedOut). Default 60 s. */
  timeoutMs?: number;
  /** Told the usage headers of every answer (also of errors). */
  onUsage?: (usage: GraphUsage) => void;
}

/** A parameter value: lists and objects are sent as JSON, as Graph expects (`effective_status`, `time_range`). */
export type GraphParamValue = string | number | boolean | readonly unknown[] | Record<string, unknown>;
export type GraphParams = Record<string, GraphParamValue | null | undefined>;

export interface GraphCallOptions {
  signal?: AbortSignal | undefined;
  /** Told the usage headers of this call's answer(s). */
  onUsage?: ((usage: GraphUsage) => void) | undefined;
  timeoutMs?: number | undefined;
}

export interface GraphResult<T> {
  body: T;
  usage: GraphUsage;
}

export interface GraphPage<T> {
  data: T[];
  usage: GraphUsage;
}

interface ListBody<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface GraphToken {
  accessToken: string;
  /** null when Meta gave no lifetime (a token that does not expire). */
  expiresAt: Date | null;
}

export interface GraphTokenInfo {
  isValid: boolean;
  /** The app the token was issued to: check it is ours. */
  appId: string | null;
  scopes: string[];
  expiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
  userId: string | null;
}

export interface GraphBatchRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** '/me', 'act_1/ads', '1234567' (no version: the batch's is used). */
  path: string;
  params?: GraphParams;
}

export type GraphBatchAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; error: GraphError };

/** Reference §2. */
export interface GraphAdAccount {
  id: string;
  name: string;
  account_id: string;
  account_status: number;
  disable_reason?: number;
  currency: string;
  timezone_name: string;
}

export interface GraphPageSummary {
  id: string;
  name: string;
  link?: string;
}

export interface GraphReportRun {
  id: string;
  /** 'Job Not Started', 'Job Started', 'Job Running', 'Job Completed', 'Job Failed', 'Job Skipped' (as sent). */
  status: string;
  /** 0–100; the run is done at 100 (reference §4). */
  percent: number;
  /** Set when the run failed: Meta's error_code/error_subcode/error_message when it gave them. */
  error?: GraphError;
}

export interface GraphVideo {
  id: string;
  /** Playable file; short-lived (reference §3): fetch it again rather than storing it. */
  source?: string;
  picture?: string;
  /** Seconds. */
  length?: number;
}

export type GraphVideoStatus = 'processing' | 'ready' | 'error' | (string & {});

export interface UploadVideoOptions {
  size: number;
  /** Bytes [start, end) of the file (end exclusive, as Graph's offsets). */
  readChunk(start: number, end: number): Promise<Buffer>;
  title?: string;
  signal?: AbortSignal;
  /** Bytes Meta has confirmed, after each transfer. */
  onProgress?: (uploadedBytes: number, size: number) => void;
  /** Failed transfers retried in a row before giving up (default 3). */
  maxTransferRetries?: number;
  /** Wait before a retried transfer, times the attempt (default 1000 ms). */
  retryDelayMs?: number;
}

const BATCH_LIMIT = 50;
const DEFAULT_TIMEOUT_MS = 60_000;
/** A chunk of a video may take a while on a slow uplink. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

const AD_ACCOUNT_FIELDS = 'id,name,account_id,account_status,disable_reason,currency,timezone_name';

export class GraphClient {
  private readonly options: GraphClientOptions;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: GraphClientOptions) {
    this.options = {
      ...options,
      graphUrl: options.graphUrl.replace(/\/+$/, ''),
      videoUrl: options.videoUrl.replace(/\/+$/, ''),
      dialogUrl: options.dialogUrl.replace(/\/+$/, ''),
    };
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  get version(): string {
    return this.options.version;
  }

  /** HMAC-SHA256 of the token keyed with the app secret, hex: sent with every call that carries a token. */
  appSecretProof(accessToken: string): string {
    return createHmac('sha256', this.options.appSecret).update(accessToken).digest('hex');
  }

  // --- OAuth (reference §1) ------------------------------------------------------------

  /** The login dialog to send the user to; the answer comes back to redirectUri with ?code&state. */
  dialogUrl(input: { redirectUri: string; state: string; scopes: readonly string[] }): string {
    const url = new URL(`${this.options.dialogUrl}/${this.options.version}/dialog/oauth`);
    url.searchParams.set('client_id', this.options.appId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', input.scopes.join(','));
    return url.toString();
  }

  /** Code → user token. redirectUri must be exactly the dialog's. */
  async exchangeCode(code: string, redirectUri: string, options: GraphCallOptions = {}): Promise<GraphToken> {
    const { body } = await this.call<TokenBody>(
      'GET',
      this.url('graph', '/oauth/access_token', {
        client_id: this.options.appId,
        client_secret: this.options.appSecret,
        redirect_uri: redirectUri,
        code,
      }),
      undefined,
      options,
    );
    return toToken(body);
  }

  /** Short-lived → long-lived (about 60 days) user token. */
  async exchangeForLongLived(shortToken: string, options: GraphCallOptions = {}): Promise<GraphToken> {
    const { body } = await this.call<TokenBody>(
      'GET',
      this.url('graph', '/oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: this.options.appId,
        client_secret: this.options.appSecret,
        fb_exchange_token: shortToken,
      }),
      undefined,
      options,
    );
    return toToken(body);
  }

  /** What Meta knows about a token, asked with the app token (`appId|appSecret`). */
  async debugToken(token: string, options: GraphCallOptions = {}): Promise<GraphTokenInfo> {
    const { body } = await this.get<{ data?: Record<string, unknown> }>(
      '/debug_token',
      `${this.options.appId}|${this.options.appSecret}`,
      { input_token: token },
      options,
    );
    const data = body.data ?? {};
    const seconds = (value: unknown) => {
      const n = Number(value);
      return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
    };
    return {
      isValid: data.is_valid === true,
      appId: data.app_id == null ? null : String(data.app_id),
      scopes: Array.isArray(data.scopes) ? data.scopes.map(String) : [],
      expiresAt: seconds(data.expires_at),
      dataAccessExpiresAt: seconds(data.data_access_expires_at),
      userId: data.user_id == null ? null : String(data.user_id),
    };
  }

  // --- Calls ---------------------------------------------------------------------------

  get<T>(path: string, token: string, params: GraphParams = {}, options: GraphCallOptions = {}) {
    return this.call<T>('GET', this.url('graph', path, this.signed(params, token)), undefined, options);
  }

  post<T>(path: string, token: string, params: GraphParams = {}, options: GraphCallOptions = {}) {
    const body = new URLSearchParams(encodeParams(this.signed(params, token)));
    return this.call<T>('POST', this.url('graph', path), body, options);
  }

  delete<T>(path: string, token: string, params: GraphParams = {}, options: GraphCallOptions = {}) {
    return this.call<T>('DELETE', this.url('graph', path, this.signed(params, token)), undefined, options);
  }

  /**
   * Every page of a list edge, following `paging.next` until Meta sends none. A page
   * shorter than the limit is not the end (reference §4 "Pagination").
   */
  async *pages<T>(
    path: string,
    token: string,
    params: GraphParams = {},
    options: GraphCallOptions = {},
  ): AsyncGenerator<GraphPage<T>, void, undefined> {
    let result = await this.get<ListBody<T>>(path, token, params, options);
    let previous = '';
    for (;;) {
      yield { data: Array.isArray(result.body?.data) ? result.body.data : [], usage: result.usage };
      const next = result.body?.paging?.next;
      if (!next) return;
      const url = this.followUrl(next, token);
      // A next link pointing back at the page just read would loop for ever.
      if (url.toString() === previous) return;
      previous = url.toString();
      result = await this.call<ListBody<T>>('GET', url, undefined, options);
    }
  }

  /** Every item of a list edge (all pages). */
  async all<T>(path: string, token: string, params: GraphParams = {}, options: GraphCallOptions = {}) {
    const items: T[] = [];
    for await (const page of this.pages<T>(path, token, params, options)) items.push(...page.data);
    return items;
  }

  /**
   * Graph batch requests: at most 50 per call, so longer lists go in several calls (one
   * after the other). Each answer comes back parsed, in order, or as its own GraphError.
   */
  async batch<T = unknown>(
    token: string,
    requests: readonly GraphBatchRequest[],
    options: GraphCallOptions = {},
  ): Promise<GraphBatchAnswer<T>[]> {
    const answers: GraphBatchAnswer<T>[] = [];
    for (let i = 0; i < requests.length; i += BATCH_LIMIT) {
      const chunk = requests.slice(i, i + BATCH_LIMIT);
      const batch = chunk.map((request) => {
        const method = request.method ?? 'GET';
        const relative = request.path.replace(/^\/+/, '');
        const encoded = new URLSearchParams(encodeParams(request.params ?? {})).toString();
        return method === 'POST'
          ? { method, relative_url: relative, body: encoded }
          : { method, relative_url: encoded ? `${relative}?${encoded}` : relative };
      });
      const { body, usage } = await this.post<unknown>(
        '/',
        token,
        { batch: JSON.stringify(batch), include_headers: 'false' },
        options,
      );
      if (!Array.isArray(body) || body.length !== chunk.length) {
        throw new GraphError({
          httpStatus: 200,
          code: null,
          message: 'The Graph API answered a batch request with something other than one answer per request',
          usage,
        });
      }
      for (const item of body as unknown[]) answers.push(this.batchAnswer<T>(item, usage));
    }
    return answers;
  }

  // --- Convenience reads (reference §2) -------------------------------------------------

  async me(token: string, options: GraphCallOptions = {}): Promise<{ id: string; name: string }> {
    const { body } = await this.get<{ id: string; name: string }>(
      '/me',
      token,
      { fields: 'id,name' },
      options,
    );
    return { id: String(body.id), name: String(body.name ?? '') };
  }

  adAccounts(token: string, options: GraphCallOptions = {}): Promise<GraphAdAccount[]> {
    return this.all<GraphAdAccount>('/me/adaccounts', token, { fields: AD_ACCOUNT_FIELDS }, options);
  }

  pagesOf(token: string, options: GraphCallOptions = {}): Promise<GraphPageSummary[]> {
    return this.all<GraphPageSummary>('/me/accounts', token, { fields: 'id,name,link' }, options);
  }

  /** Removes the app from the user's Facebook account; the token stops working. */
  async revokePermissions(token: string, options: GraphCallOptions = {}): Promise<void> {
    await this.delete('/me/permissions', token, {}, options);
  }

  // --- Async insights (reference §4 "Async reports") --------------------------------------

  /** Starts an insights report run on an ad account; poll it with reportRun, read it with pages('/{id}/insights'). */
  async startReportRun(
    adAccountId: string,
    token: string,
    params: GraphParams,
    options: GraphCallOptions = {},
  ): Promise<string> {
    const { body, usage } = await this.post<{ report_run_id?: string | number }>(
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

  async reportRun(
    reportRunId: string,
    token: string,
    options: GraphCallOptions = {},
  ): Promise<GraphReportRun> {
    const { body, usage } = await this.get<Record<string, unknown>>(`/${reportRunId}`, token, {}, options);
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
          this.secrets(token),
        ) ?? undefined;
    }
    return run;
  }

  // --- Videos (reference §3, §6) ---------------------------------------------------------

  async video(videoId: string, token: string, options: GraphCallOptions = {}): Promise<GraphVideo> {
    const { body } = await this.get<GraphVideo>(
      `/${videoId}`,
      token,
      { fields: 'source,picture,length' },
      options,
    );
    return body;
  }

  async videoStatus(
    videoId: string,
    token: string,
    options: GraphCallOptions = {},
  ): Promise<GraphVideoStatus> {
    const { body } = await this.get<{ status?: { video_status?: string } }>(
      `/${videoId}`,
      token,
      { fields: 'status' },
      options,
    );
    return body.status?.video_status ?? 'processing';
  }

  /**
   * Chunked upload on the video host: start, transfer until Meta's offsets meet, finish.
   * A failed transfer resumes from the offsets Meta gives in `error_data` (or repeats the
   * chunk after a network failure or transient error), a few times in a row at most. On
   * abort the session is cancelled and an AbortError thrown. Returns the new video's id.
   */
  async uploadVideo(adAccountId: string, token: string, upload: UploadVideoOptions): Promise<string> {
    const { signal } = upload;
    const path = `/${actId(adAccountId)}/advideos`;
    const maxRetries = upload.maxTransferRetries ?? 3;
    const retryDelayMs = upload.retryDelayMs ?? 1000;
    if (signal?.aborted) throw abortError(signal);
    const started = await this.videoPhase<{
      upload_session_id?: string | number;
      video_id?: string | number;
      start_offset?: string | number;
      end_offset?: string | number;
    }>(path, token, { upload_phase: 'start', file_size: upload.size }, undefined, { signal });
    const sessionId = String(started.body.upload_session_id ?? '');
    const videoId = String(started.body.video_id ?? '');
    if (!sessionId || !videoId) {
      throw new GraphError({
        httpStatus: 200,
        code: null,
        message: 'Meta did not open a video upload session',
        usage: started.usage,
      });
    }
    try {
      let offsets = readOffsets(started.body, started.usage);
      let failures = 0;
      while (offsets.start < offsets.end) {
        if (signal?.aborted) throw abortError(signal);
        const chunk = await upload.readChunk(offsets.start, offsets.end);
        if (signal?.aborted) throw abortError(signal);
        try {
          const answer = await this.videoPhase<{ start_offset?: string; end_offset?: string }>(
            path,
            token,
            { upload_phase: 'transfer', upload_session_id: sessionId, start_offset: offsets.start },
            chunk,
            { signal, timeoutMs: Math.max(this.timeoutMs, TRANSFER_TIMEOUT_MS) },
          );
          offsets = readOffsets(answer.body, answer.usage);
          failures = 0;
          upload.onProgress?.(Math.min(offsets.start, upload.size), upload.size);
        } catch (error) {
          if (isAbort(error) || signal?.aborted) throw error;
          const resumeAt = error instanceof GraphError ? offsetsFromErrorData(error.data) : null;
          const retryable =
            resumeAt !== null ||
            error instanceof GraphUnavailableError ||
            (error instanceof GraphError && error.isTransient);
          failures += 1;
          if (!retryable || failures > maxRetries) throw error;
          if (resumeAt) offsets = resumeAt;
          await sleep(retryDelayMs * failures, signal);
        }
      }
      await this.videoPhase(
        path,
        token,
        { upload_phase: 'finish', upload_session_id: sessionId, title: upload.title },
        undefined,
        { signal },
      );
      return videoId;
    } catch (error) {
      if (signal?.aborted) {
        // Tell Meta to drop the session; the caller's abort is what they hear about.
        await this.videoPhase(
          path,
          token,
          { upload_phase: 'cancel', upload_session_id: sessionId },
          undefined,
          {
            timeoutMs: 15_000,
          },
        ).catch(() => undefined);
        throw abortError(signal);
      }
      throw error;
    }
  }

  // --- Internals -------------------------------------------------------------------------

  private videoPhase<T>(
    path: string,
    token: string,
    params: GraphParams,
    chunk: Buffer | undefined,
    options: GraphCallOptions,
  ) {
    const form = new FormData();
    for (const [key, value] of encodeParams(this.signed(params, token))) form.append(key, value);
    if (chunk)
      form.append('video_file_chunk', new Blob([chunk], { type: 'application/octet-stream' }), 'chunk');
    return this.call<T>('POST', this.url('video', path), form, options);
  }

  private signed(params: GraphParams, token: string): GraphParams {
    return { ...params, access_token: token, appsecret_proof: this.appSecretProof(token) };
  }

  private url(host: 'graph' | 'video', path: string, params?: GraphParams): URL {
    const base = host === 'video' ? this.options.videoUrl : this.options.graphUrl;
    const clean = path.startsWith('/') ? path : `/${path}`;
    const versioned = /^\/v\d+\.\d+(\/|$)/.test(clean)
      ? clean
      : `/${this.options.version}${clean === '/' ? '/' : clean}`;
    const url = new URL(base + versioned);
    if (params) for (const [key, value] of encodeParams(params)) url.searchParams.set(key, value);
    return url;
  }

  /** A `paging.next` link, sent to our Graph host only, with this client's token and proof. */
  private followUrl(next: string, token: string): URL {
    const url = new URL(next, this.options.graphUrl);
    const base = new URL(this.options.graphUrl);
    url.protocol = base.protocol;
    url.host = base.host;
    url.searchParams.set('access_token', token);
    url.searchParams.set('appsecret_proof', this.appSecretProof(token));
    return url;
  }

  private secrets(token?: string): (string | undefined)[] {
    return [this.options.appSecret, token];
  }

  private batchAnswer<T>(item: unknown, usage: GraphUsage): GraphBatchAnswer<T> {
    if (!item || typeof item !== 'object') {
      return {
        ok: false,
        status: 504,
        error: new GraphError({
          httpStatus: 504,
          code: null,
          message: 'Meta gave no answer for this request of the batch (it timed out); send it again',
          usage,
        }),
      };
    }
    const { code, body } = item as { code?: number; body?: unknown };
    const status = Number(code ?? 200);
    let parsed: unknown = body;
    if (typeof body === 'string') {
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = body;
      }
    }
    const error = graphErrorFromBody(parsed, status, usage, this.secrets());
    if (error) return { ok: false, status, error };
    if (status >= 400) {
      return {
        ok: false,
        status,
        error: new GraphError({
          httpStatus: status,
          code: null,
          message: `Graph API answered HTTP ${status}`,
          usage,
        }),
      };
    }
    return { ok: true, status, body: parsed as T };
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: URL,
    body: URLSearchParams | FormData | undefined,
    options: GraphCallOptions,
  ): Promise<GraphResult<T>> {
    const token = url.searchParams.get('access_token') ?? bodyToken(body);
    const secrets = this.secrets(token ?? undefined);
    const where = `${method} ${redact(url.pathname, secrets)}`;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const failed = (error: unknown): Error => {
      if (options.signal?.aborted) return abortError(options.signal);
      if (timeout.aborted) {
        return new GraphUnavailableError(
          `Meta's Graph API did not answer within ${timeoutMs} ms (${where})`,
          true,
        );
      }
      return new GraphUnavailableError(
        `Meta's Graph API could not be reached (${where}): ${redact(describeNetworkError(error), secrets)}`,
      );
    };
    if (options.signal?.aborted) throw abortError(options.signal);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, { method, body, signal, headers: { accept: 'application/json' } });
      text = await response.text();
    } catch (error) {
      throw failed(error);
    }
    const usage = parseUsageHeaders(response.headers);
    this.options.onUsage?.(usage);
    options.onUsage?.(usage);
    let parsed: unknown = null;
    let isJson = true;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      isJson = false;
    }
    const error = graphErrorFromBody(parsed, response.status, usage, secrets);
    if (error) throw error;
    if (!response.ok || !isJson) {
      throw new GraphError({
        httpStatus: response.status,
        code: null,
        message: response.ok
          ? `Meta's Graph API answered ${where} with something that is not JSON`
          : `Meta's Graph API answered ${where} with HTTP ${response.status}`,
        usage,
      });
    }
    return { body: parsed as T, usage };
  }
}

interface TokenBody {
  access_token?: string;
  expires_in?: number | string;
}

function toToken(body: TokenBody): GraphToken {
  if (!body?.access_token) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta answered the token exchange without a token',
    });
  }
  const seconds = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null,
  };
}

function encodeParams(params: GraphParams): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    out.push([key, typeof value === 'object' ? JSON.stringify(value) : String(value)]);
  }
  return out;
}

function bodyToken(body: URLSearchParams | FormData | undefined): string | null {
  const value = body?.get('access_token');
  return typeof value === 'string' ? value : null;
}

/** 'act_123' for '123' or 'act_123'. */
export function actId(adAccountId: string): string {
  return adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
}

function readOffsets(body: unknown, usage: GraphUsage): { start: number; end: number } {
  const offsets = offsetsFromErrorData(body as Record<string, unknown>);
  if (!offsets) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta answered a video upload step without offsets',
      usage,
    });
  }
  return offsets;
}

function offsetsFromErrorData(
  data: Record<string, unknown> | null | undefined,
): { start: number; end: number } | null {
  if (!data || data.start_offset == null || data.end_offset == null) return null;
  const start = Number(data.start_offset);
  const end = Number(data.end_offset);
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start
    ? { start, end }
    : null;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code} ${cause.message}` : cause.message;
  }
  return error.message;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return signal?.aborted ? Promise.reject(abortError(signal)) : Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
