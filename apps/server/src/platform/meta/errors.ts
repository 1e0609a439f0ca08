/**
 * What the Graph API says went wrong (reference §5), typed so callers decide by kind
 * (throttle, broken token, missing permission, too much data) and never by message text.
 * No message here ever carries an access token or the app secret.
 */

/** The busiest of the usage headers Meta sent with one answer (reference §5 "Which limits apply"). */
export interface GraphUsage {
  /** Highest percentage found in x-app-usage, x-ad-account-usage and x-business-use-case-usage (0 when none). */
  maxPercent: number;
  /** Longest `estimated_time_to_regain_access` (minutes on the wire) in milliseconds; null when none is pending. */
  regainAccessMs: number | null;
}

export const noUsage: GraphUsage = Object.freeze({ maxPercent: 0, regainAccessMs: null });

type HeaderSource = { get(name: string): string | null };

function parseJsonHeader(value: string | null): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const asNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** Percentage keys of the three usage headers (reset_time_duration and tiers are not percentages). */
const percentKeys = ['call_count', 'total_cputime', 'total_time', 'acc_id_util_pct'];

/**
 * Reads the three usage headers defensively: a missing, malformed or oddly shaped header
 * counts as no usage rather than failing the call it came with.
 */
export function parseUsageHeaders(headers: HeaderSource): GraphUsage {
  let maxPercent = 0;
  let regainMinutes = 0;
  const visit = (entry: unknown) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return;
    const record = entry as Record<string, unknown>;
    for (const key of percentKeys) {
      const value = asNumber(record[key]);
      if (value !== undefined && value > maxPercent) maxPercent = value;
    }
    const regain = asNumber(record.estimated_time_to_regain_access);
    if (regain !== undefined && regain > regainMinutes) regainMinutes = regain;
  };
  visit(parseJsonHeader(headers.get('x-app-usage')));
  visit(parseJsonHeader(headers.get('x-ad-account-usage')));
  const business = parseJsonHeader(headers.get('x-business-use-case-usage'));
  if (business && typeof business === 'object') {
    for (const entries of Object.values(business as Record<string, unknown>)) {
      if (Array.isArray(entries)) for (const entry of entries) visit(entry);
      else visit(entries);
    }
  }
  return { maxPercent, regainAccessMs: regainMinutes > 0 ? Math.round(regainMinutes * 60_000) : null };
}

const secretParams = [
  'access_token',
  'input_token',
  'fb_exchange_token',
  'client_secret',
  'appsecret_proof',
  'code',
];
const secretParamPattern = new RegExp(`([?&](?:${secretParams.join('|')})=)[^&#\\s"']*`, 'gi');

/**
 * Removes credentials from text meant for messages and logs: the values of token-bearing
 * query parameters, and any of the given secrets wherever they appear.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(secretParamPattern, '$1[redacted]');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

export interface GraphErrorFields {
  httpStatus: number;
  code: number | null;
  subcode?: number | null | undefined;
  type?: string | null | undefined;
  message: string;
  userTitle?: string | null | undefined;
  userMessage?: string | null | undefined;
  fbtraceId?: string | null | undefined;
  /** `error.error_data` (an object, or a JSON string Meta sometimes sends), parsed. */
  data?: Record<string, unknown> | null | undefined;
  usage?: GraphUsage | undefined;
}

const throttleCodes = new Set([4, 17, 32, 613]);

/** An error answer from the Graph API (`{ error: { message, type, code, error_subcode, fbtrace_id } }`). */
export class GraphError extends Error {
  override name = 'GraphError';
  readonly httpStatus: number;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly type: string | null;
  readonly userTitle: string | null;
  readonly userMessage: string | null;
  readonly fbtraceId: string | null;
  readonly data: Record<string, unknown> | null;
  readonly usage: GraphUsage;

  constructor(fields: GraphErrorFields) {
    super(fields.message);
    this.httpStatus = fields.httpStatus;
    this.code = fields.code;
    this.subcode = fields.subcode ?? null;
    this.type = fields.type ?? null;
    this.userTitle = fields.userTitle ?? null;
    this.userMessage = fields.userMessage ?? null;
    this.fbtraceId = fields.fbtraceId ?? null;
    this.data = fields.data ?? null;
    this.usage = fields.usage ?? noUsage;
  }

  /** App, user, Page, custom or business-use-case rate limit: back off (retryAfterMs when Meta says). */
  get isThrottle(): boolean {
    const code = this.code;
    return code !== null && (throttleCodes.has(code) || (code >= 80000 && code <= 80014));
  }

  /** Meta's "temporary issue" codes, or a 5xx that carried no Graph error. Retry. */
  get isTransient(): boolean {
    return this.code === 1 || this.code === 2 || (this.code === null && this.httpStatus >= 500);
  }

  /** The token is expired, revoked or invalid: the user must reconnect. */
  get isInvalidToken(): boolean {
    return this.code === 190 || this.code === 102;
  }

  /** The app or the token lacks a permission (10, 200–299). */
  get isPermission(): boolean {
    const code = this.code;
    return code === 10 || (code !== null && code >= 200 && code <= 299);
  }

  /** How long Meta says to wait (estimated_time_to_regain_access), else null. */
  get retryAfterMs(): number | null {
    return this.usage.regainAccessMs;
  }

  /** "Please reduce the amount of data you're asking for": narrow dates, ads or fields. */
  get isTooMuchData(): boolean {
    return this.code === 100 && this.subcode === 1487534;
  }

  /** A synchronous insights call timed out: ask for the same report asynchronously. */
  get needsAsync(): boolean {
    return (this.code === 100 && this.subcode === 1504018) || (this.code === 2 && this.subcode === 1504038);
  }
}

/** Meta could not be reached at all (network failure, DNS, refused connection, timeout). */
export class GraphUnavailableError extends Error {
  override name = 'GraphUnavailableError';
  constructor(
    message: string,
    /** The call ran out of time (timeoutMs) rather than failing to connect. */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** The error a cancelled call throws, like fetch does (`name === 'AbortError'`). */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The operation was aborted', 'AbortError');
}

/** Builds a GraphError from a parsed `error` object (also used for failed async report runs). */
export function graphErrorFromBody(
  body: unknown,
  httpStatus: number,
  usage: GraphUsage,
  secrets: readonly (string | undefined)[] = [],
): GraphError | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return null;
  const e = error as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? redact(value, secrets) : null);
  return new GraphError({
    httpStatus,
    code: asNumber(e.code) ?? null,
    subcode: asNumber(e.error_subcode) ?? null,
    type: text(e.type),
    message: text(e.message) ?? `Graph API error (HTTP ${httpStatus})`,
    userTitle: text(e.error_user_title),
    userMessage: text(e.error_user_msg),
    fbtraceId: text(e.fbtrace_id),
    data: parseErrorData(e.error_data),
    usage,
  });
}

function parseErrorData(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === 'string' ? parseJsonHeader(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}
