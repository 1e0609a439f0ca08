import { env } from '@/config/env';
import { isApiError } from './api-client';

/**
 * Error reporting (000 §8): only when a SENTRY_DSN was baked into the build. Without it
 * nothing is imported and nothing leaves the browser. The reporter ignores websocket unclean
 * closes, media play() refusals, unsupported sources, aborts and 401s, and groups events by
 * error name, HTTP status and route.
 */

type SentryModule = typeof import('@sentry/react');
let sentry: SentryModule | null = null;

const IGNORED_NAMES = new Set(['AbortError', 'NotAllowedError', 'NotSupportedError']);

/** Message patterns of the same noise, for errors that arrive as plain messages. */
export const IGNORED_MESSAGES: readonly RegExp[] = [
  /websocket.*(unclean|not clean|closed before|was closed)/i,
  /\bplay\(\)/i,
  /play method is not allowed/i,
  /no supported sources?/i,
  /\bAbortError\b/,
  /the (operation|user) (was )?abort(ed)?/i,
  /NotAllowedError/,
  /NotSupportedError/,
];

export function shouldIgnoreError(error: unknown): boolean {
  if (isApiError(error)) return error.status === 401;
  if (error instanceof Error || error instanceof DOMException) {
    if (IGNORED_NAMES.has(error.name)) return true;
    return IGNORED_MESSAGES.some((pattern) => pattern.test(error.message));
  }
  if (typeof error === 'string') return IGNORED_MESSAGES.some((pattern) => pattern.test(error));
  return false;
}

/** '/library/assets/0a8f…/12' → '/library/assets/:id/:id' so that one bug is one issue. */
export function routePattern(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) =>
      /^[0-9]+$/.test(segment) ||
      /^[0-9a-f]{8}-[0-9a-f-]{27,}$/i.test(segment) ||
      /^[A-Za-z0-9_-]{20,}$/.test(segment)
        ? ':id'
        : segment,
    )
    .join('/');
}

export function errorFingerprint(error: unknown, pathname: string): string[] {
  const name = error instanceof Error ? error.name : typeof error;
  const status = isApiError(error) ? String(error.status) : '-';
  return [name, status, routePattern(pathname)];
}

export async function initErrorReporting(): Promise<void> {
  // The baked constant itself (not env.sentryDsn): without a DSN the bundler drops the import below.
  if (!__SENTRY_DSN__ || sentry) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: env.sentryDsn,
    release: env.appVersion,
    environment: env.mode,
    ignoreErrors: [...IGNORED_MESSAGES],
    beforeSend(event, hint) {
      const error = hint.originalException;
      if (shouldIgnoreError(error)) return null;
      event.fingerprint = errorFingerprint(error, window.location.pathname);
      return event;
    },
  });
  sentry = Sentry;
}

/** Sends an error that the app caught (route errors, failed jobs) when reporting is on. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!sentry || shouldIgnoreError(error)) return;
  sentry.captureException(error, context ? { extra: context } : undefined);
}
