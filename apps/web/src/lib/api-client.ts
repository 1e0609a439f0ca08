import { type ApiErrorBody, apiErrorSchema, messages } from '@hookline/contract';
import { queryParams } from '@/config/paths';
import { parseJsonWithDates } from './json-dates';
import { getCurrentLocation, isOnPublicPage, navigateTo, signInRedirectHref } from './navigation';
import { showErrorToast, showForbiddenToast } from './notify';
import { clearSession, getAccessToken } from './session';
import { openUpgradePrompt } from './upgrade-prompt-store';

/**
 * The one way the web app talks to the API (architecture §4, 000 §7–§8): base '/api',
 * Bearer token from the access_token cookie, repeated array query parameters, ISO dates
 * revived as Date objects, lists with their x-total-count, and the error catalogue's
 * default behaviour (401 → sign-in, 402 → upgrade prompt, 403 and others → toast).
 */

export const API_BASE = '/api';
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const SHARE_TOKEN_HEADER = 'X-Share-Token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
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

function isEmpty(value: QueryValue): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

function serialise(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `{ ids: ['a', 'b'], q: '', page: 2 }` → `ids=a&ids=b&page=2` (empties dropped). */
export function buildQueryString(query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (!isEmpty(value)) search.append(key, serialise(value));
    }
  }
  return search.toString();
}

export function buildApiUrl(path: string, query?: QueryParams): string {
  let url: string;
  if (/^https?:\/\//.test(path) || path === API_BASE || path.startsWith(`${API_BASE}/`)) url = path;
  else url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const qs = buildQueryString(query);
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
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
  if (type.includes('json')) return parseJsonWithDates(text);
  return text;
}

function toErrorDetails(body: unknown): ApiErrorDetails | null {
  if (typeof body !== 'object' || body === null) return null;
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  // An error shape this client does not fully know: keep what is readable.
  const loose = body as Record<string, unknown>;
  const details: ApiErrorDetails = {};
  if (typeof loose.statusCode === 'number') details.statusCode = loose.statusCode;
  if (typeof loose.title === 'string') details.title = loose.title;
  if (typeof loose.message === 'string') details.message = loose.message;
  if (typeof loose.requestId === 'string') details.requestId = loose.requestId;
  if (typeof loose.allocation === 'number') details.allocation = loose.allocation;
  if (typeof loose.resourceName === 'string') details.resourceName = loose.resourceName;
  return Object.keys(details).length > 0 ? details : null;
}

/** The default reaction to a failed call (000 §8). Exported for callers that retry quietly. */
export function handleApiError(error: ApiError, options: { silent?: boolean } = {}): void {
  switch (error.status) {
    case 401: {
      if (isOnPublicPage()) break;
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

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

async function send(path: string, options: RequestOptions): Promise<{ data: unknown; response: Response }> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.query), {
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
    const error = new ApiError(0, null, cause instanceof Error ? cause.message : messages.error.content);
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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { data } = await send(path, options);
  return data as T;
}

/** A list endpoint: the body is the page of items, the total comes from x-total-count. */
export async function apiList<T>(path: string, options: RequestOptions = {}): Promise<ListResult<T>> {
  const { data, response } = await send(path, { ...options, method: options.method ?? 'GET' });
  let items: T[] = [];
  if (Array.isArray(data)) items = data as T[];
  else if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)) {
    items = (data as { items: T[] }).items;
  }
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && header.trim() !== '' ? Number(header) : Number.NaN;
  return { items, total: Number.isFinite(total) ? total : items.length };
}

type BodyLessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  request: apiRequest,
  list: apiList,
  get: <T>(path: string, options?: BodyLessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodyLessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodyLessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyLessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyLessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
