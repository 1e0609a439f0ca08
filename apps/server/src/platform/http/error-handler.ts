import { type ApiErrorBody, type ErrorCode, errorCatalogue, interpolate, messages } from '@hookline/contract';
import * as Sentry from '@sentry/node';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeError, isDatabaseUnavailable } from '../db/errors.js';
import { brandScopeMissingIds } from './brand-scope.js';
import { AppError } from './errors.js';
import { wantsSpaFallback } from './spa.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  501: 'not_implemented',
  503: 'service_unavailable',
};

function body(code: ErrorCode, message: string, request: FastifyRequest, extra: Partial<ApiErrorBody> = {}) {
  const entry = errorCatalogue[code];
  return {
    statusCode: entry.statusCode,
    code,
    title: entry.title,
    message,
    requestId: request.id,
    ...extra,
  } satisfies ApiErrorBody;
}

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(error.statusCode).send(
    body(error.code, error.message, reply.request, {
      title: error.title,
      ...(error.extra.fields ? { fields: error.extra.fields } : {}),
      ...(error.code === 'payment_required'
        ? { allocation: error.extra.allocation ?? null, resourceName: error.extra.resourceName }
        : {}),
    }),
  );
}

const RETRY_AFTER_SECONDS = 5;
const STACK_EVERY_MS = 60_000;
const DEBUG_LEVELS = new Set(['debug', 'trace']);
const stackLoggedAt = new Map<string, number>();

/**
 * One line per failed request (request id, route, status, error code, a short message with no
 * SQL or parameters); the stack once per distinct error per minute. At LOG_LEVEL=debug the
 * stack comes every time (still no parameters).
 */
function logFailure(request: FastifyRequest, status: number, error: unknown, withStack: boolean) {
  const described = describeError(error);
  const line = {
    requestId: request.id,
    route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    status,
    error: described,
  };
  const key = `${described.name}:${described.code ?? ''}:${described.message}`;
  const now = Date.now();
  const showStack =
    withStack &&
    (DEBUG_LEVELS.has(request.log.level) || now - (stackLoggedAt.get(key) ?? 0) > STACK_EVERY_MS);
  if (showStack) {
    stackLoggedAt.set(key, now);
    if (stackLoggedAt.size > 500) stackLoggedAt.clear();
    // Frames only: the first lines of a stack repeat the message, which for Drizzle holds the SQL and its parameters.
    const stack =
      error instanceof Error
        ? error.stack
            ?.split('\n')
            .filter((frame) => frame.trimStart().startsWith('at '))
            .slice(0, 10)
            .join('\n')
        : undefined;
    request.log.error({ ...line, stack }, 'request failed');
  } else {
    request.log.error(line, 'request failed');
  }
}

/** One mapping from anything thrown to the JSON error shape; no stacks or SQL leak out. */
export function installErrorHandling(
  app: FastifyInstance,
  options: { reportErrors: boolean; serveSpaIndex: boolean },
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields = error.validation.map((issue) => ({
        path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is not valid',
      }));
      const first = fields[0];
      return reply.status(400).send(
        body(
          'validation_error',
          first ? `${first.path}: ${first.message}` : messages.api.validation,
          request,
          {
            fields,
          },
        ),
      );
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus[status] ?? 'bad_request';
      const message =
        code === 'payload_too_large'
          ? messages.api.payloadTooLarge
          : code === 'too_many_requests'
            ? messages.auth.tooManyRequests
            : error.message;
      return reply.status(status).send({ ...body(code, message, request), statusCode: status });
    }

    // The database went away (restart, terminated backend, refused connection): the request
    // is refused whole (its transaction rolled back) and the client may try again shortly.
    if (isDatabaseUnavailable(error)) {
      logFailure(request, 503, error, false);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(
          body('service_unavailable', messages.error.content, request, {
            title: messages.error.title,
          }),
        );
    }

    logFailure(request, 500, error, true);
    if (options.reportErrors) Sentry.captureException(error, { tags: { requestId: request.id } });
    return reply.status(500).send(body('internal_error', messages.api.internal, request));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (options.serveSpaIndex && wantsSpaFallback(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (brandScopeMissingIds(path)) {
      return reply.status(400).send(body('bad_request', messages.api.brandScopeRequired, request));
    }
    return reply
      .status(404)
      .send(
        body(
          'not_found',
          interpolate(messages.api.routeNotFound, { method: request.method, url: path }),
          request,
        ),
      );
  });
}
