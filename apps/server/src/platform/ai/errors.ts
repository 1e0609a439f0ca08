/**
 * The one error the AI provider throws. Messages are short and safe to show or log: the API key
 * is never in them (redactKey() scrubs anything an upstream server echoes back).
 */

export type AiErrorCode = 'NOT_CONFIGURED' | 'UPSTREAM' | 'BAD_OUTPUT' | 'ABORTED';

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
