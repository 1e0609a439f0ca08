import * as Sentry from '@sentry/node';

/**
 * Error reporting when SENTRY_DSN is set (000 §8): the reporter ignores websocket unclean
 * closes, media play failures, unsupported sources, aborts and 401s, and groups events by
 * a fingerprint of error name, status and route. Off and silent without a DSN.
 */
export const SENTRY_IGNORED_ERRORS = [
  /websocket.*(unclean|closed before)/i,
  /play\(\) (failed|request was interrupted)/i,
  /NotAllowedError/,
  /no supported sources?/i,
  /NotSupportedError/,
  /AbortError|aborted/i,
];

export function initSentry(options: {
  dsn: string | undefined;
  environment: string;
  release: string;
}): boolean {
  if (!options.dsn) return false;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    tracesSampleRate: 1,
    ignoreErrors: SENTRY_IGNORED_ERRORS,
    beforeSend(event, hint) {
      const error = hint.originalException as { statusCode?: number; name?: string } | undefined;
      if (error?.statusCode === 401) return null;
      const route = event.request?.url ? new URL(event.request.url, 'http://x').pathname : 'worker';
      event.fingerprint = [error?.name ?? 'Error', String(error?.statusCode ?? 500), route];
      return event;
    },
  });
  return true;
}

export async function flushSentry(): Promise<void> {
  await Sentry.close(2000).catch(() => false);
}
