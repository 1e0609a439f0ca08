/**
 * The one error the AI provider throws. Messages are short and safe to show or log: the API key
 * is never in them (redactKey() scrubs anything an upstream server echoes back).
 */

/** TIMEOUT: the AI server took longer than AI_TIMEOUT_MS (or went silent mid-stream). */
export type AiErrorCode = 'NOT_CONFIGURED' | 'UPSTREAM' | 'BAD_OUTPUT' | 'ABORTED' | 'TIMEOUT';

export class AiError extends Error {
  override name = 'AiError';
  readonly code: AiErrorCode;
  /** HTTP status of the upstream answer, when there was one. */
  readonly status: number | undefined;

  constructor(code: AiErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
  }
}

export const aborted = () => new AiError('ABORTED', 'the AI request was cancelled');

/** "120 s", "0.05 s": timeouts in messages read in seconds. */
export const inSeconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** Replaces the key (and a Bearer header carrying it) wherever it appears in `text`. */
export function redactKey(text: string, apiKey: string | undefined): string {
  if (!apiKey) return text;
  return text.split(apiKey).join('[redacted]');
}

/** Keeps upstream messages to one short line. */
export function shorten(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
