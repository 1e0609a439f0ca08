import { messages } from '@hookline/contract';
import { AppError, badGateway, validationFailed } from '../../platform/http/errors.js';
import { GraphError, GraphUnavailableError } from '../../platform/meta/errors.js';

/**
 * What a Meta failure during a user's request becomes: unreachable → 502 'Meta did not
 * answer'; Meta refusing (a bad code, a revoked grant) → 400 with Meta's own message on the
 * field concerned. Anything else is rethrown (a 500 with a request id).
 */
export function metaRequestError(error: unknown, field: string): Error {
  if (error instanceof AppError) return error;
  if (error instanceof GraphUnavailableError) return badGateway(messages.integrations.metaUnreachable);
  if (error instanceof GraphError) {
    if (error.isTransient || error.isThrottle) return badGateway(messages.integrations.metaUnreachable);
    return validationFailed([{ path: field, message: error.userMessage ?? error.message }]);
  }
  return error instanceof Error ? error : new Error(String(error));
}
