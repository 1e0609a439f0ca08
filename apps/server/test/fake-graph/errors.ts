import { traceId } from './ids-and-time.js';
import type { FakeGraphInjectedError } from './types.js';
import type { FakeAnswer } from './wire.js';

/** Graph's error answers (codes, default messages, HTTP status) and the usage headers Meta sends. */

/** The usage headers Meta sends; `regainMinutes` fills estimated_time_to_regain_access. */
export function fakeUsageHeaders(
  options: {
    percent?: number;
    regainMinutes?: number;
    type?: string;
    businessId?: string;
    adAccount?: boolean;
  } = {},
): Record<string, string> {
  const p = options.percent ?? 1;
  const usage = { call_count: p, total_cputime: p, total_time: p };
  const headers: Record<string, string> = {
    'x-app-usage': JSON.stringify(usage),
    'x-business-use-case-usage': JSON.stringify({
      [options.businessId ?? '424242424242']: [
        {
          type: options.type ?? 'ads_insights',
          ...usage,
          estimated_time_to_regain_access: options.regainMinutes ?? 0,
        },
      ],
    }),
  };
  if (options.adAccount !== false) {
    headers['x-ad-account-usage'] = JSON.stringify({
      acc_id_util_pct: p,
      reset_time_duration: 0,
      ads_api_access_tier: 'standard_access',
    });
  }
  return headers;
}

const defaultMessages: Record<number, string> = {
  1: 'An unknown error occurred',
  2: 'An unexpected error has occurred. Please retry your request later.',
  4: '(#4) Application request limit reached',
  10: '(#10) Application does not have permission for this action',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  100: '(#100) Invalid parameter',
  102: 'Session key invalid or no longer valid',
  190: 'Invalid OAuth access token - Cannot parse access token',
  200: '(#200) Permissions error',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  6000: 'There was a problem uploading your video file. Please try again.',
};

function defaultMessage(code: number, subcode?: number): string {
  if (code === 100 && subcode === 1487534) {
    return "Please reduce the amount of data you're asking for, then retry your request";
  }
  if (code === 190 && subcode === 463) {
    return 'Error validating access token: Session has expired on Monday, 01-Jan-24 00:00:00 PST. The current time is Tuesday, 02-Jan-24 00:00:00 PST.';
  }
  if (code >= 80000 && code <= 80014) {
    return `(#${code}) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-insights.`;
  }
  return defaultMessages[code] ?? `(#${code}) An error occurred`;
}

export function errorAnswer(error: FakeGraphInjectedError): FakeAnswer {
  const { code, subcode } = error;
  const body: Record<string, unknown> = {
    message: error.message ?? defaultMessage(code, subcode),
    type: error.type ?? (code === 100 && !subcode ? 'GraphMethodException' : 'OAuthException'),
    code,
    ...(subcode !== undefined ? { error_subcode: subcode } : {}),
    ...(code === 1 || code === 2 ? { is_transient: true } : {}),
    ...(error.userTitle ? { error_user_title: error.userTitle } : {}),
    ...(error.userMessage ? { error_user_msg: error.userMessage } : {}),
    ...(error.errorData ? { error_data: error.errorData } : {}),
    fbtrace_id: traceId(),
  };
  const headers = error.usageHeaders
    ? Object.fromEntries(
        Object.entries(error.usageHeaders).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      )
    : undefined;
  return {
    status: error.httpStatus ?? (code === 1 || code === 2 ? 500 : 400),
    json: { error: body },
    ...(headers ? { headers } : {}),
  };
}

export const fail = (code: number, message?: string, subcode?: number, type?: string): FakeAnswer =>
  errorAnswer({
    code,
    ...(message ? { message } : {}),
    ...(subcode !== undefined ? { subcode } : {}),
    ...(type ? { type } : {}),
  });

export function unsupported(method: string, id: string): FakeAnswer {
  return fail(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    33,
    'GraphMethodException',
  );
}
