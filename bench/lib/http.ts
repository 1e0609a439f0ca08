import http from 'node:http';

export interface HttpResponse {
  status: number;
  body: string;
}

/**
 * One GET on a fresh connection (agent: false): readiness polls must not leave keep-alive
 * sockets that would hold a server's close() open or share a connection with the load test.
 */
export function httpGet(
  url: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WaitOptions {
  /** Give up after this long. */
  timeoutMs: number;
  /** Time between the starts of two polls. */
  intervalMs: number;
  /** Stop early with a useful error when the process we wait for has already died. */
  isAlive?: () => boolean;
  describeFailure?: () => string;
}

/** Polls url until it answers 200 and returns that response. */
export async function waitFor200(url: string, options: WaitOptions): Promise<HttpResponse> {
  const deadline = performance.now() + options.timeoutMs;
  let last = 'no response yet';
  for (;;) {
    const pollStarted = performance.now();
    if (options.isAlive && !options.isAlive()) {
      throw new Error(`process exited before ${url} answered 200\n${options.describeFailure?.() ?? ''}`);
    }
    try {
      // Per-poll timeout stays small so one stuck request cannot eat the whole budget.
      const response = await httpGet(url, Math.min(2_000, options.timeoutMs));
      if (response.status === 200) return response;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (performance.now() >= deadline) {
      throw new Error(
        `${url} did not answer 200 within ${options.timeoutMs} ms (last: ${last})\n${options.describeFailure?.() ?? ''}`,
      );
    }
    await sleep(Math.max(0, options.intervalMs - (performance.now() - pollStarted)));
  }
}
