import { AiError, aborted, inSeconds, redactKey, shorten } from './errors.js';
import { Watchdog } from './watchdog.js';

/**
 * Upstream calls with retries: 429 and 5xx are tried again (waiting what `Retry-After` asks,
 * else an exponential backoff), and so are network errors and attempts over `timeoutMs`; other
 * 4xx are not. At most `tries` attempts (3). The signal aborts the fetch and every wait, so a
 * cancel reaches the upstream server.
 */

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface RetryOptions {
  signal: AbortSignal;
  /** Scrubbed from every message. */
  apiKey?: string | undefined;
  tries?: number;
  /** First backoff; doubles each try. */
  baseDelayMs?: number;
  /** Longest wait, also for Retry-After. */
  maxDelayMs?: number;
  sleep?: Sleep;
  /**
   * Each attempt's time limit, its whole answer read within it (non-streamed calls: the answer
   * comes back already read). Over it, the attempt is aborted and tried again like a 5xx.
   */
  timeoutMs?: number | undefined;
  /** What TIMEOUT messages call the request: "chat", "embeddings"… */
  what?: string;
}

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** `attempt` makes one request with the signal; the answer is returned once it is 2xx. */
export async function fetchWithRetry(
  attempt: (signal: AbortSignal) => Promise<Response>,
  options: RetryOptions,
): Promise<Response> {
  const { signal, timeoutMs } = options;
  const tries = options.tries ?? 3;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? abortableSleep;
  for (let n = 1; ; n++) {
    if (signal.aborted) throw aborted();
    const limit = timeoutMs === undefined ? undefined : new Watchdog(signal, timeoutMs);
    let wait: number;
    let answered = false;
    try {
      const response = await attempt(limit?.signal ?? signal);
      answered = true;
      if (response.ok) return limit ? await readWhole(response) : response;
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || n >= tries) {
        const detail = await upstreamMessage(response, options.apiKey);
        throw new AiError(
          'UPSTREAM',
          `the AI server answered ${response.status}${detail ? `: ${detail}` : ''}`,
          {
            status: response.status,
          },
        );
      }
      await response.body?.cancel().catch(() => {});
      const asked = retryAfterMs(response.headers.get('retry-after'));
      wait = Math.min(asked ?? backoff(n, base, max), max);
    } catch (error) {
      if (signal.aborted) throw aborted();
      if (error instanceof AiError) throw error;
      if (n >= tries) {
        if (limit?.timedOut) {
          throw new AiError(
            'TIMEOUT',
            `the AI server did not answer the ${options.what ?? 'AI'} request within ${inSeconds(timeoutMs ?? 0)}${tries > 1 ? ` (tried ${tries} times)` : ''}`,
          );
        }
        const reason = networkReason(error, options.apiKey);
        throw new AiError(
          'UPSTREAM',
          answered ? `the AI answer broke off (${reason})` : `the AI server could not be reached (${reason})`,
          {
            cause: error,
          },
        );
      }
      wait = backoff(n, base, max);
    } finally {
      limit?.clear();
    }
    await sleep(wait, signal);
  }
}

/** The answer read to its end (under the attempt's time limit), as a Response again. */
async function readWhole(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  // No body at all for 204 and 205: Response refuses one.
  return new Response(body.byteLength ? body : null, { status: response.status, headers: response.headers });
}

function backoff(n: number, base: number, max: number): number {
  // Full jitter keeps processes that failed together from retrying together.
  return Math.min(max, base * 2 ** (n - 1) * (0.5 + Math.random() / 2));
}

/** `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The upstream's own error message (OpenAI-style `{error:{message}}`, or text), short and key-free. */
async function upstreamMessage(response: Response, apiKey: string | undefined): Promise<string> {
  const text = await response.text().catch(() => '');
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    message = (typeof body.error === 'string' ? body.error : body.error?.message) ?? body.message ?? text;
  } catch {
    // not JSON: the text itself
  }
  return shorten(redactKey(message, apiKey), 200);
}

function networkReason(error: unknown, apiKey: string | undefined): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : String(cause);
  return shorten(redactKey(text, apiKey), 120);
}
