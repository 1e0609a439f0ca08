/**
 * The API's one error shape (architecture §4). 402 adds allocation and resourceName;
 * validation errors list the fields.
 */
export const errorCodes = [
  'bad_request',
  'validation_error',
  'unauthorized',
  /** A password-locked shared link without its session (401). */
  'password_required',
  'payment_required',
  'forbidden',
  'not_found',
  /** An expired shared link (410). */
  'gone',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  'not_implemented',
  /** An outside service (Meta) did not answer (502). */
  'bad_gateway',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Default status and title of each code. */
export const errorCatalogue: Record<ErrorCode, { statusCode: number; title: string }> = {
  bad_request: { statusCode: 400, title: 'Bad Request' },
  validation_error: { statusCode: 400, title: 'Bad Request' },
  unauthorized: { statusCode: 401, title: 'Unauthorized' },
  password_required: { statusCode: 401, title: 'Unauthorized' },
  payment_required: { statusCode: 402, title: 'Payment Required' },
  forbidden: { statusCode: 403, title: 'Forbidden' },
  not_found: { statusCode: 404, title: 'Not Found' },
  gone: { statusCode: 410, title: 'Gone' },
  conflict: { statusCode: 409, title: 'Conflict' },
  payload_too_large: { statusCode: 413, title: 'Payload Too Large' },
  unsupported_media_type: { statusCode: 415, title: 'Unsupported Media Type' },
  too_many_requests: { statusCode: 429, title: 'Too Many Requests' },
  internal_error: { statusCode: 500, title: 'Internal Server Error' },
  not_implemented: { statusCode: 501, title: 'Not Implemented' },
  bad_gateway: { statusCode: 502, title: 'Bad Gateway' },
  service_unavailable: { statusCode: 503, title: 'Service Unavailable' },
};
