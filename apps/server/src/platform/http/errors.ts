import { type ErrorCode, errorCatalogue, messages } from '@hookline/contract';

/**
 * The error catalogue (architecture §4): factory functions with stable codes, mapped once
 * to HTTP by the error handler. Services throw these; nothing else reaches the client.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      title?: string;
      fields?: { path: string; message: string }[];
      allocation?: number | null;
      resourceName?: string;
    } = {},
  ) {
    super(message);
    this.statusCode = errorCatalogue[code].statusCode;
    this.title = extra.title ?? errorCatalogue[code].title;
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const validationFailed = (fields: { path: string; message: string }[], message?: string) =>
  new AppError('validation_error', message ?? fields[0]?.message ?? messages.api.validation, { fields });
export const unauthorized = (message = 'Sign in to continue') => new AppError('unauthorized', message);
export const paymentRequired = (resourceName: string, allocation: number | null, message?: string) =>
  new AppError('payment_required', message ?? messages.paymentRequired.content, {
    title: messages.paymentRequired.title,
    allocation,
    resourceName,
  });
export const forbidden = (message: string = messages.forbidden.content) => new AppError('forbidden', message);
export const notFound = (message: string = messages.api.notFound) => new AppError('not_found', message);
export const conflict = (message: string, fields?: { path: string; message: string }[]) =>
  new AppError('conflict', message, fields ? { fields } : {});
export const payloadTooLarge = (message: string = messages.api.payloadTooLarge) =>
  new AppError('payload_too_large', message);
export const tooManyRequests = (message: string = messages.auth.tooManyRequests) =>
  new AppError('too_many_requests', message);
export const gone = (message: string) => new AppError('gone', message);
export const passwordRequired = (message: string) => new AppError('password_required', message);
export const notImplemented = (message: string) => new AppError('not_implemented', message);
export const serviceUnavailable = (message: string) => new AppError('service_unavailable', message);
export const badGateway = (message: string) => new AppError('bad_gateway', message);
