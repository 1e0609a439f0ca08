/** The fake Graph API's public shapes (options, generated objects, state, calls) and its handlers' context. */

export const ALL_SCOPES = [
  'email',
  'public_profile',
  'ads_management',
  'ads_read',
  'pages_read_engagement',
  'pages_show_list',
  'business_management',
  'catalog_management',
  'commerce_account_read_settings',
] as const;

export interface FakeGraphOptions {
  /** Seeds ids' order, names and every metric (default 1). */
  seed?: number;
  appId?: string;
  appSecret?: string;
  /** 0 = any free port (default); `npm run fake-graph` uses FAKE_GRAPH_PORT or 4790. */
  port?: number;
  host?: string;
  /** "Today" of the generated data (default: now). Tokens expire on the real clock. */
  now?: Date;
  /** Ads in the first and second ad account (default [30, 6]). */
  adsPerAccount?: [number, number];
  /** Default 3. */
  campaignsPerAccount?: number;
  /** Default 2. */
  adSetsPerCampaign?: number;
  /** What the user grants in the login dialog (default ALL_SCOPES); debug_token reports it. */
  grantedScopes?: readonly string[];
  /** The user refuses the login dialog (redirect with error=access_denied). */
  denyLogin?: boolean;
  /** Synchronous insights refuse ranges longer than this many days with 100/1487534 (default: no limit). */
  insightsMaxDays?: number | null;
  /** Status polls an uploaded video stays 'processing' (default 2). */
  videoProcessingPolls?: number;
  /** Bytes Meta asks for per transfer of a chunked upload (default 1 MiB). */
  uploadChunkBytes?: number;
  /** First pages of lists come one item short while `next` goes on (real Graph does this). */
  shortPages?: boolean;
  /** Percentage in every usage header (default 1). */
  usagePercent?: number;
  /** Make the sample JPEG and MP4 at start rather than on first request. */
  prepareMedia?: boolean;
}

export interface FakeAdAccount {
  id: string;
  account_id: string;
  name: string;
  account_status: number;
  disable_reason: number;
  currency: string;
  timezone_name: string;
}

export interface FakePage {
  id: string;
  name: string;
  link: string;
  category: string;
}

export interface FakeCampaign {
  id: string;
  accountId: string;
  name: string;
  status: string;
  effective_status: string;
  objective: string;
  created_time: string;
  updated_time: string;
}

export interface FakeAdSet {
  id: string;
  accountId: string;
  campaign_id: string;
  name: string;
  status: string;
  effective_status: string;
  created_time: string;
  updated_time: string;
}

export type FakeCreativeKind = 'video_top_level' | 'video_story_spec' | 'video_asset_feed' | 'image_hash';

export interface FakeAd {
  id: string;
  /** act_… */
  accountId: string;
  campaign_id: string;
  adset_id: string;
  name: string;
  status: string;
  configured_status: string;
  effective_status: string;
  created_time: string;
  updated_time: string;
  preview_shareable_link: string;
  kind: FakeCreativeKind;
  videoId: string | null;
  imageHash: string | null;
  pageId: string;
  /** The AdCreative as Graph returns it (reference §3). */
  creative: Record<string, unknown>;
}

export interface FakeVideo {
  id: string;
  accountId: string;
  title: string;
  /** Seconds. */
  length: number;
  /** Uploaded bytes; generated videos serve the sample MP4. */
  bytes: Buffer | null;
  status: 'processing' | 'ready' | 'error';
  /** Status polls left before 'processing' turns 'ready'. */
  pollsLeft: number;
  created_time: string;
}

export interface FakeImage {
  hash: string;
  accountId: string;
  name: string;
  width: number;
  height: number;
}

export interface FakeToken {
  token: string;
  kind: 'short' | 'long';
  userId: string;
  scopes: string[];
  issuedAt: Date;
  expiresAt: Date;
  revoked: boolean;
}

export interface FakeCode {
  code: string;
  redirectUri: string;
  scopes: string[];
  used: boolean;
}

export interface FakeReportRun {
  id: string;
  accountId: string;
  params: Record<string, string>;
  rows: Record<string, unknown>[];
  polls: number;
  dateStart: string;
  dateStop: string;
  failure: ReportRunFailure | null;
}

export interface ReportRunFailure {
  code?: number;
  subcode?: number;
  message?: string;
  userTitle?: string;
  userMessage?: string;
}

export interface FakeUpload {
  id: string;
  videoId: string;
  accountId: string;
  size: number;
  received: Buffer;
  /** Transfers accepted (failed ones not counted). */
  transfers: number;
  state: 'open' | 'finished' | 'cancelled';
  title: string | null;
}

export interface FakeGraphState {
  readonly seed: number;
  now: Date;
  user: { id: string; name: string; email: string };
  adAccounts: FakeAdAccount[];
  pages: FakePage[];
  campaigns: FakeCampaign[];
  adSets: FakeAdSet[];
  ads: FakeAd[];
  videos: Map<string, FakeVideo>;
  images: Map<string, FakeImage>;
  /** The video used by three ads of the first account (top-level, story spec, asset feed). */
  sharedVideoId: string;
  /** A valid long-lived user token with every granted scope, for tests that skip OAuth. */
  userToken: string;
  tokens: Map<string, FakeToken>;
  codes: Map<string, FakeCode>;
  reportRuns: Map<string, FakeReportRun>;
  uploads: Map<string, FakeUpload>;
  /** DELETE /me/permissions calls. */
  revocations: { token: string; userId: string; at: Date }[];
  grantedScopes: string[];
  denyLogin: boolean;
  insightsMaxDays: number | null;
  videoProcessingPolls: number;
  uploadChunkBytes: number;
  shortPages: boolean;
  usagePercent: number;
}

export interface FakeGraphCall {
  method: string;
  /** Without the version prefix and query: '/act_1/ads', '/me', '/oauth/access_token'. */
  path: string;
  /** The version in the path ('v26.0'), or null. */
  version: string | null;
  /** Query and body parameters (files as '[N bytes]'), access_token and appsecret_proof included. */
  params: Record<string, string>;
  /** One request of a batch (the batch itself is recorded as POST '/'). */
  inBatch: boolean;
}

export interface FakeGraphInjectedError {
  code: number;
  subcode?: number;
  message?: string;
  /** Default 500 for codes 1 and 2, else 400. */
  httpStatus?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  /** `error.error_data`; a failed upload transfer gets the session's offsets when unset. */
  errorData?: Record<string, unknown>;
  /** Headers replacing the usual usage headers (objects are sent as JSON); see fakeUsageHeaders. */
  usageHeaders?: Record<string, string | object>;
}

export interface FakeGraphInjection {
  method?: string;
  /** Tested against the path without version or query: /^\/act_\d+\/insights$/. */
  pathPattern: RegExp;
  /** Requests it applies to (default 1). */
  times?: number;
  /** Only chunked-upload requests in this phase. */
  phase?: 'start' | 'transfer' | 'finish' | 'cancel';
  /** Answer this error instead. */
  error?: FakeGraphInjectedError;
  /** POST /act_…/insights: the run started fails ('Job Failed' with these error fields) on its second poll. */
  reportRunFailure?: ReportRunFailure;
}

export interface FakeGraph {
  /** Base URL for FACEBOOK_GRAPH_URL, FACEBOOK_GRAPH_VIDEO_URL and FACEBOOK_DIALOG_URL. */
  url: string;
  appId: string;
  appSecret: string;
  version: string;
  state: FakeGraphState;
  calls: FakeGraphCall[];
  /** The environment that points Hookline at this fake. */
  env: Record<string, string>;
  inject(injection: FakeGraphInjection): { readonly remaining: number };
  /** A valid user token (long-lived unless told), as if the user had logged in. */
  issueToken(options?: {
    scopes?: readonly string[];
    kind?: 'short' | 'long';
    expiresInSeconds?: number;
  }): string;
  /** HMAC-SHA256 of a token keyed with the app secret. */
  proof(token: string): string;
  /** Daily insight row of an ad (all fields), as the fake serves it. */
  insightRow(adId: string, date: string): Record<string, unknown> | null;
  close(): Promise<void>;
}

// --- Inside the fake ----------------------------------------------------------------------

export type ActiveInjection = FakeGraphInjection & { remaining: number };

/** What one running fake shares with the handlers of its routes. */
export interface FakeContext {
  readonly seed: number;
  readonly appId: string;
  readonly appSecret: string;
  /** `appId|appSecret`, the app access token. */
  readonly appToken: string;
  /** The fake's base URL: links in answers point back at it. */
  readonly url: string;
  readonly state: FakeGraphState;
  readonly injections: ActiveInjection[];
  /** Ids of uploaded videos and upload sessions. */
  nextId(prefix: string): string;
}
