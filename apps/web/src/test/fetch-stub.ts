import { vi } from 'vitest';

/**
 * The network, faked at the fetch level: handlers answer real Response objects, and every
 * request is recorded (URL, method, headers, parsed JSON body).
 */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export function errorResponse(status: number, body: Record<string, unknown> = {}) {
  return jsonResponse({ statusCode: status, ...body }, { status });
}

/**
 * `routes` are keyed 'METHOD /path' (path without query). Unknown routes answer the
 * server's JSON 404.
 */
export function stubFetch(routes: Record<string, FetchHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body ?? undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the text
      }
    }
    const request: RecordedRequest = { url, method, headers: new Headers(init.headers), body };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return errorResponse(404, {
        code: 'not_found',
        title: 'Not Found',
        message: `Route ${method} ${url.pathname} not found`,
      });
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** Requests to one path (any method). */
    to: (pathname: string) => requests.filter((r) => r.url.pathname === pathname),
  };
}
