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
 * The Graph API's transport: signed calls (access_token + appsecret_proof), versioned URLs on
 * the graph and video hosts, `paging.next` links kept on our host, timeouts, and each answer
 * turned into its body and usage headers or a typed error (errors.ts). GraphClient
 * (graph-client.ts) is built on it; the topic files (graph-oauth.ts, graph-lists.ts,
 * graph-insights.ts, graph-videos.ts) speak through it.
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

const DEFAULT_TIMEOUT_MS = 60_000;

export class GraphTransport {
  readonly options: GraphClientOptions;
  private readonly fetchImpl: typeof fetch;
  readonly timeoutMs: number;

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

  signed(params: GraphParams, token: string): GraphParams {
    return { ...params, access_token: token, appsecret_proof: this.appSecretProof(token) };
  }

  url(host: 'graph' | 'video', path: string, params?: GraphParams): URL {
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
  followUrl(next: string, token: string): URL {
    const url = new URL(next, this.options.graphUrl);
    const base = new URL(this.options.graphUrl);
    url.protocol = base.protocol;
    url.host = base.host;
    url.searchParams.set('access_token', token);
    url.searchParams.set('appsecret_proof', this.appSecretProof(token));
    return url;
  }

  secrets(token?: string): (string | undefined)[] {
    return [this.options.appSecret, token];
  }

  async call<T>(
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

export function encodeParams(params: GraphParams): [string, string][] {
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

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code} ${cause.message}` : cause.message;
  }
  return error.message;
}
