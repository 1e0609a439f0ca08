import {
  type ApiErrorBody,
  type ErrorCode,
  errorCodes,
  errorMessages,
  type HttpMethod,
} from '@hookline/contract';
import { queryParams } from '@/config/paths';
import { getCurrentLocation, isOnPublicPage, navigateTo, signInRedirectHref } from './navigation';
import { showErrorToast, showForbiddenToast } from './notify';
import { clearSession, getAccessToken } from './session';
import { openUpgradePrompt } from './upgrade-prompt-store';

/**
 * The one way the web app talks to the API (architecture §4, 000 §7–§8): base '/api',
 * Bearer token from the access_token cookie, the share token of a shared link, and the error
 * catalogue's default behaviour (401 → sign-in, 402 → upgrade prompt, 403 and others →
 * toast). Features call endpoints through the typed client (lib/call.ts), which builds on it.
 */

export const API_BASE = '/api';
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const SHARE_TOKEN_HEADER = 'X-Share-Token';

export interface RequestOptions {
  method?: HttpMethod;
  /** Plain values are sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Suppress the default error toasts (403 and generic failures): the caller shows its own
   * message. A 401 still signs out and a 402 still opens the upgrade prompt.
   */
  silent?: boolean;
}

export interface ListResult<T> {
  items: T[];
  total: number;
  /** More match than were counted: `total` is where the count stopped. */
  capped?: boolean;
}

/** The body the server sends with an error, as far as it could be read. */
export type ApiErrorDetails = Partial<ApiErrorBody>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  readonly body: ApiErrorDetails | null;
  /** The response body as received (for endpoints that answer data with an error status). */
  readonly data: unknown;

  constructor(status: number, body: ApiErrorDetails | null, message?: string, data?: unknown) {
    super(message || body?.message || (status ? `Request failed with status ${status}` : 'Network error'));
    this.status = status;
    this.body = body;
    this.data = data;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  get title(): string | undefined {
    return this.body?.title;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** '/api/...' as it is; a path without the prefix gets it. */
function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path === API_BASE || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const shareToken = new URLSearchParams(getCurrentLocation().search).get(queryParams.shareToken);
  if (shareToken) headers.set(SHARE_TOKEN_HEADER, shareToken);
  if (options.body !== undefined && !isBodyInit(options.body))
    headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

function toErrorDetails(body: unknown): ApiErrorDetails | null {
  if (typeof body !== 'object' || body === null) return null;
  // Read field by field (no schema on the first load): whatever is readable is kept.
  const loose = body as Record<string, unknown>;
  const details: ApiErrorDetails = {};
  if (typeof loose.statusCode === 'number') details.statusCode = loose.statusCode;
  if (typeof loose.code === 'string' && (errorCodes as readonly string[]).includes(loose.code))
    details.code = loose.code as ErrorCode;
  if (typeof loose.title === 'string') details.title = loose.title;
  if (typeof loose.message === 'string') details.message = loose.message;
  if (typeof loose.requestId === 'string') details.requestId = loose.requestId;
  if (typeof loose.allocation === 'number') details.allocation = loose.allocation;
  if (typeof loose.resourceName === 'string') details.resourceName = loose.resourceName;
  if (Array.isArray(loose.fields))
    details.fields = loose.fields.filter(
      (field): field is { path: string; message: string } =>
        typeof field?.path === 'string' && typeof field?.message === 'string',
    );
  return Object.keys(details).length > 0 ? details : null;
}

/** The default reaction to a failed call (000 §8). Exported for callers that retry quietly. */
export function handleApiError(error: ApiError, options: { silent?: boolean } = {}): void {
  switch (error.status) {
    case 401: {
      // A shared-link visitor has no session to end: their page shows the link's state.
      if (isOnPublicPage() || isShareVisit()) break;
      const location = getCurrentLocation();
      clearSession();
      navigateTo(signInRedirectHref(location));
      return;
    }
    case 402:
      openUpgradePrompt({ allocation: error.body?.allocation, resourceName: error.body?.resourceName });
      return;
    case 403:
      if (!options.silent) showForbiddenToast();
      return;
  }
  if (!options.silent) {
    showErrorToast({ title: error.body?.title, message: error.body?.message });
  }
}

/** A shared-link visitor: a share token in the URL and no sign-in. */
function isShareVisit(): boolean {
  return !getAccessToken() && new URLSearchParams(getCurrentLocation().search).has(queryParams.shareToken);
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

/** One request and the default error handling; the JSON answer comes back as sent. */
export async function send(
  path: string,
  options: RequestOptions,
): Promise<{ data: unknown; response: Response }> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers: buildHeaders(options),
      body:
        options.body === undefined
          ? undefined
          : isBodyInit(options.body)
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    const error = new ApiError(0, null, cause instanceof Error ? cause.message : errorMessages.content);
    handleApiError(error, options);
    throw error;
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    data = undefined;
  }

  if (!response.ok) {
    const error = new ApiError(response.status, toErrorDetails(data), undefined, data);
    handleApiError(error, options);
    throw error;
  }
  return { data, response };
}

/**
 * Opens a server-sent-event stream with the caller's credentials (EventSource cannot send
 * Authorization or X-Share-Token): the answer's body is the stream. A refused stream throws
 * the API error without the default toasts (the caller falls back to polling).
 */
export async function openEventStream(path: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(apiUrl(path), {
    headers: buildHeaders({ headers: { Accept: 'text/event-stream' } }),
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body) {
    const data = await readBody(response).catch(() => undefined);
    throw new ApiError(response.status, toErrorDetails(data), undefined, data);
  }
  return response;
}

/** The total of a list answer from x-total-count (the page's length when the header is missing). */
export function totalOf(response: Response, pageLength: number): number {
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && header.trim() !== '' ? Number(header) : Number.NaN;
  return Number.isFinite(total) ? total : pageLength;
}
