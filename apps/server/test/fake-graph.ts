import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../src/platform/media/binaries.js';
import { synthesizeVideo } from '../src/platform/media/synthetic-media.js';
import { META_GRAPH_VERSION } from '../src/platform/meta/version.js';

/**
 * A fake of the parts of Meta's Graph / Marketing API Hookline uses, speaking the real wire
 * format (/work/shared/design/meta-marketing-api.md, "the reference"): JSON bodies, Graph
 * errors `{ error: { message, type, code, error_subcode, fbtrace_id } }`, cursor paging with
 * absolute `paging.next` links, usage headers on every answer, `appsecret_proof` checked on
 * every call that carries a token. One server answers the graph, video and dialog hosts.
 *
 * Data comes from a seed: the user "Jordan Meta", two ad accounts (the second disabled),
 * two Pages, campaigns / ad sets / ads with creatives in each of Meta's shapes, videos and
 * images with real bytes, and daily insights that are the same for the same (ad, day).
 *
 * `npm run fake-graph` runs it alone (FAKE_GRAPH_PORT, default 4790).
 */

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

// --- Helpers ------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const LONG_LIVED_SECONDS = 5_183_944;
const SHORT_LIVED_SECONDS = 5_400;

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Meta's timestamp format: 2026-10-01T12:00:00+0000. */
const fbTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');
const parseFbTime = (value: string) => new Date(value.replace(/\+0000$/, 'Z'));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => isoDay(new Date(dayMs(day) + days * DAY_MS));
const cursor = (index: number) => Buffer.from(`c:${index}`).toString('base64url');
const uncursor = (value: string) => {
  const n = Number(Buffer.from(value, 'base64url').toString('utf8').slice(2));
  return Number.isInteger(n) && n >= 0 ? n : null;
};
const traceId = () => `A${randomBytes(8).toString('base64url')}`;
const newToken = () => `EAAF${randomBytes(30).toString('base64url')}`;

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

// Field expansion: "id,name,creative{id,object_story_spec},insights.limit(5){spend}".
type FieldTree = Map<string, FieldTree | null>;

function parseFields(spec: string): FieldTree {
  let i = 0;
  const parseList = (): FieldTree => {
    const tree: FieldTree = new Map();
    while (i < spec.length && spec[i] !== '}') {
      let name = '';
      while (i < spec.length && !',{}.'.includes(spec[i]!)) name += spec[i++];
      while (spec[i] === '.') {
        i++;
        while (i < spec.length && !',{}.('.includes(spec[i]!)) i++;
        if (spec[i] === '(') while (i < spec.length && spec[i++] !== ')');
      }
      let sub: FieldTree | null = null;
      if (spec[i] === '{') {
        i++;
        sub = parseList();
        i++;
      }
      if (name.trim()) tree.set(name.trim(), sub);
      if (spec[i] === ',') i++;
    }
    return tree;
  };
  return parseList();
}

/** Fields whose value is another Graph node: asked without subfields they give only its id. */
const nodeFields = new Set(['creative', 'adset', 'campaign', 'account', 'business', 'owner']);

function project(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of tree) {
    const field = source[name];
    if (field === undefined) continue;
    if (sub) out[name] = project(field, sub);
    else if (nodeFields.has(name) && field && typeof field === 'object' && 'id' in field) {
      out[name] = { id: (field as { id: unknown }).id };
    } else out[name] = field;
  }
  if (source.id !== undefined && out.id === undefined && !tree.has('id')) {
    return { ...out, id: source.id };
  }
  return out;
}

// --- Insights arithmetic ------------------------------------------------------------------

type ActionStat = { action_type: string; value: string };
const actionListFields = [
  'outbound_clicks',
  'actions',
  'action_values',
  'video_play_actions',
  'video_p25_watched_actions',
  'video_p50_watched_actions',
  'video_p75_watched_actions',
  'video_p95_watched_actions',
  'video_p100_watched_actions',
  'video_thruplay_watched_actions',
];
const summedFields = ['spend', 'impressions', 'reach', 'clicks', 'inline_link_clicks'];

function sumRows(rows: Record<string, unknown>[]): Record<string, unknown> {
  const first = rows[0]!;
  const out: Record<string, unknown> = { ...first };
  for (const field of summedFields) {
    const total = rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);
    out[field] = field === 'spend' ? total.toFixed(2) : String(total);
  }
  for (const field of actionListFields) {
    const totals = new Map<string, number>();
    let seen = false;
    for (const row of rows) {
      const list = row[field] as ActionStat[] | undefined;
      if (!list) continue;
      seen = true;
      for (const stat of list) {
        totals.set(stat.action_type, (totals.get(stat.action_type) ?? 0) + Number(stat.value));
      }
    }
    if (!seen) delete out[field];
    else {
      out[field] = [...totals].map(([action_type, value]) => ({
        action_type,
        value: field === 'action_values' ? value.toFixed(2) : String(value),
      }));
    }
  }
  // Weighted by plays; a rough mean is enough for a fake.
  const avgRows = rows.filter((row) => row.video_avg_time_watched_actions);
  if (avgRows.length) {
    const mean =
      avgRows.reduce(
        (sum, row) => sum + Number((row.video_avg_time_watched_actions as ActionStat[])[0]!.value),
        0,
      ) / avgRows.length;
    out.video_avg_time_watched_actions = [{ action_type: 'video_view', value: String(Math.round(mean)) }];
  }
  const curves = rows
    .map((row) => (row.video_play_curve_actions as { value: number[] }[] | undefined)?.[0]?.value)
    .filter((v): v is number[] => Array.isArray(v));
  if (curves.length) {
    out.video_play_curve_actions = [
      {
        action_type: 'video_view',
        value: curves[0]!.map((_, i) =>
          Math.round(curves.reduce((s, c) => s + (c[i] ?? 0), 0) / curves.length),
        ),
      },
    ];
  }
  recomputeRatios(out);
  out.date_start = first.date_start;
  out.date_stop = rows[rows.length - 1]!.date_stop;
  return out;
}

function recomputeRatios(row: Record<string, unknown>) {
  const spend = Number(row.spend);
  const impressions = Number(row.impressions);
  const clicks = Number(row.clicks);
  const reach = Number(row.reach);
  row.cpm = impressions ? ((spend / impressions) * 1000).toFixed(6) : '0';
  row.cpc = clicks ? (spend / clicks).toFixed(6) : '0';
  row.ctr = impressions ? ((clicks / impressions) * 100).toFixed(6) : '0';
  row.frequency = reach ? (impressions / reach).toFixed(6) : '0';
}

// --- Media --------------------------------------------------------------------------------

let jpegPromise: Promise<Buffer> | undefined;
let mp4Promise: Promise<Buffer> | undefined;

function sampleJpeg(): Promise<Buffer> {
  jpegPromise ??= sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 24, g: 119, b: 242 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="320" height="180"><circle cx="160" cy="90" r="55" fill="white"/><rect x="145" y="60" width="30" height="60" fill="#1877f2"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  return jpegPromise;
}

function sampleMp4(): Promise<Buffer> {
  mp4Promise ??= (async () => {
    const binaries = resolveMediaBinaries({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-graph-'));
    try {
      const file = path.join(dir, 'sample.mp4');
      await synthesizeVideo(binaries.ffmpeg, file, {
        seconds: 2,
        width: 320,
        height: 180,
        fps: 15,
        preset: 'ultrafast',
      });
      return await fs.readFile(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
  mp4Promise.catch(() => {
    mp4Promise = undefined;
  });
  return mp4Promise;
}

// --- Requests and answers -----------------------------------------------------------------

interface FakeRequest {
  method: string;
  path: string;
  version: string | null;
  params: Record<string, string>;
  files: Record<string, Buffer>;
  headers: http.IncomingHttpHeaders;
  inBatch: boolean;
}

interface FakeAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
  redirect?: string;
  bytes?: { contentType: string; body: Buffer };
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

function errorAnswer(error: FakeGraphInjectedError): FakeAnswer {
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

const fail = (code: number, message?: string, subcode?: number, type?: string): FakeAnswer =>
  errorAnswer({
    code,
    ...(message ? { message } : {}),
    ...(subcode !== undefined ? { subcode } : {}),
    ...(type ? { type } : {}),
  });

const ok = (json: unknown): FakeAnswer => ({ status: 200, json });

function unsupported(method: string, id: string): FakeAnswer {
  return fail(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    33,
    'GraphMethodException',
  );
}

// --- The fake -----------------------------------------------------------------------------

export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const seed = options.seed ?? 1;
  const appId = options.appId ?? '900000000000001';
  const appSecret =
    options.appSecret ??
    `fake-graph-secret-${createHash('sha256').update(String(seed)).digest('hex').slice(0, 24)}`;
  const appToken = `${appId}|${appSecret}`;
  const calls: FakeGraphCall[] = [];
  const injections: (FakeGraphInjection & { remaining: number })[] = [];
  let url = '';

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error), type: 'FakeGraphError', code: 1 } }));
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  const state = generate(seed, url, options);
  const proof = (token: string) => createHmac('sha256', appSecret).update(token).digest('hex');

  function issueToken(
    input: {
      scopes?: readonly string[];
      kind?: 'short' | 'long';
      expiresInSeconds?: number;
      userId?: string;
    } = {},
  ): string {
    const token = newToken();
    const kind = input.kind ?? 'long';
    const seconds = input.expiresInSeconds ?? (kind === 'long' ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS);
    state.tokens.set(token, {
      token,
      kind,
      userId: input.userId ?? state.user.id,
      scopes: [...(input.scopes ?? state.grantedScopes)],
      issuedAt: new Date(),
      expiresAt: new Date(Date.now() + seconds * 1000),
      revoked: false,
    });
    return token;
  }
  state.userToken = issueToken();

  // --- HTTP plumbing ---

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const requestUrl = new URL(request.url ?? '/', url);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const params: Record<string, string> = Object.fromEntries(requestUrl.searchParams);
    const files: Record<string, Buffer> = {};
    const contentType = request.headers['content-type'] ?? '';
    if (raw.length) {
      if (contentType.includes('multipart/form-data')) {
        const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
        for (const [key, value] of form) {
          if (typeof value === 'string') params[key] = value;
          else files[key] = Buffer.from(await value.arrayBuffer());
        }
      } else if (contentType.includes('application/json')) {
        const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        for (const [key, value] of Object.entries(body)) {
          params[key] = typeof value === 'string' ? value : JSON.stringify(value);
        }
      } else {
        for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) params[key] = value;
      }
    }
    const auth = request.headers.authorization?.match(/^(?:Bearer|OAuth)\s+(.+)$/i);
    if (auth && !params.access_token) params.access_token = auth[1]!;
    const { path: graphPath, version } = splitVersion(requestUrl.pathname);
    const fakeRequest: FakeRequest = {
      method: (request.method ?? 'GET').toUpperCase(),
      path: graphPath,
      version,
      params,
      files,
      headers: request.headers,
      inBatch: false,
    };
    record(fakeRequest);
    const answer = await route(fakeRequest);
    if (answer.redirect) {
      response.writeHead(302, { location: answer.redirect });
      response.end();
      return;
    }
    if (answer.bytes) {
      response.writeHead(answer.status, {
        'content-type': answer.bytes.contentType,
        'content-length': String(answer.bytes.body.length),
      });
      response.end(answer.bytes.body);
      return;
    }
    const usage =
      answer.headers ??
      fakeUsageHeaders({ percent: state.usagePercent, adAccount: /\/act_\d+/.test(graphPath) });
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=UTF-8',
      'x-fb-trace-id': traceId(),
      'facebook-api-version': version ?? META_GRAPH_VERSION,
      ...usage,
    });
    response.end(JSON.stringify(answer.json ?? null));
  }

  function splitVersion(pathname: string): { path: string; version: string | null } {
    const match = pathname.match(/^\/(v\d+\.\d+)(\/.*)?$/);
    const rest = match ? (match[2] ?? '/') : pathname;
    return { path: rest.length > 1 ? rest.replace(/\/+$/, '') : '/', version: match ? match[1]! : null };
  }

  function record(request: FakeRequest) {
    const params = { ...request.params };
    for (const [key, value] of Object.entries(request.files)) params[key] = `[${value.length} bytes]`;
    calls.push({
      method: request.method,
      path: request.path,
      version: request.version,
      params,
      inBatch: request.inBatch,
    });
  }

  function injected(request: FakeRequest): FakeAnswer | null {
    for (const rule of injections) {
      if (!rule.error || rule.remaining <= 0) continue;
      if (rule.method && rule.method.toUpperCase() !== request.method) continue;
      if (rule.phase && request.params.upload_phase !== rule.phase) continue;
      rule.pathPattern.lastIndex = 0;
      if (!rule.pathPattern.test(request.path)) continue;
      rule.remaining -= 1;
      let error = rule.error;
      if (!error.errorData && request.params.upload_phase === 'transfer') {
        const upload = state.uploads.get(request.params.upload_session_id ?? '');
        if (upload) error = { ...error, errorData: uploadOffsets(upload) };
      }
      return errorAnswer(error);
    }
    return null;
  }

  function takeReportRunFailure(request: FakeRequest): ReportRunFailure | null {
    for (const rule of injections) {
      if (!rule.reportRunFailure || rule.remaining <= 0) continue;
      if (rule.method && rule.method.toUpperCase() !== request.method) continue;
      rule.pathPattern.lastIndex = 0;
      if (!rule.pathPattern.test(request.path)) continue;
      rule.remaining -= 1;
      return rule.reportRunFailure;
    }
    return null;
  }

  // --- Routing ---

  async function route(request: FakeRequest): Promise<FakeAnswer> {
    const hit = injected(request);
    if (hit) return hit;
    const { method, path: p } = request;
    const segments = p.split('/').filter(Boolean);

    if (segments[0] === '_fake') return media(segments);
    if (method === 'GET' && p === '/dialog/oauth') return dialog(request);
    if (method === 'GET' && p === '/oauth/access_token') return accessToken(request);

    const caller = authenticate(request);
    if ('status' in caller) return caller;

    if (p === '/debug_token' && method === 'GET') return debugToken(request);
    if (p === '/' && method === 'POST' && !request.inBatch) return batch(request);
    if (caller.kind === 'app') {
      return fail(2500, 'An active access token must be used to query information about the current user.');
    }
    const token = caller.token;
    const has = (scope: string) => token.scopes.includes(scope);
    const hasAds = () => has('ads_read') || has('ads_management');

    if (segments[0] === 'me') {
      if (segments.length === 1 && method === 'GET') {
        return ok(
          withFields(request, { ...state.user, ...(has('email') ? {} : { email: undefined }) }, 'id,name'),
        );
      }
      if (segments[1] === 'adaccounts' && method === 'GET') {
        return paged(request, hasAds() ? state.adAccounts : [], 'id');
      }
      if (segments[1] === 'accounts' && method === 'GET') {
        return paged(request, has('pages_show_list') ? state.pages : [], 'id,name');
      }
      if (segments[1] === 'permissions' && method === 'GET') {
        return ok({ data: token.scopes.map((permission) => ({ permission, status: 'granted' })) });
      }
      if (segments[1] === 'permissions' && method === 'DELETE') {
        for (const t of state.tokens.values()) if (t.userId === token.userId) t.revoked = true;
        state.revocations.push({ token: token.token, userId: token.userId, at: new Date() });
        return ok({ success: true });
      }
      return unsupported(method, 'me');
    }

    const id = segments[0] ?? '';
    if (id.startsWith('act_')) {
      const account = state.adAccounts.find((a) => a.id === id);
      if (!account) return unsupported(method, id);
      if (!hasAds()) {
        return fail(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission');
      }
      const edge = segments[1];
      if (!edge && method === 'GET') return ok(withFields(request, account, 'id,account_id'));
      if (method === 'GET' && edge === 'ads') return ads(request, account.id);
      if (method === 'GET' && edge === 'campaigns') {
        return paged(
          request,
          filterStatus(
            request,
            state.campaigns.filter((c) => c.accountId === id),
          ),
          'id',
        );
      }
      if (method === 'GET' && edge === 'adsets') {
        return paged(
          request,
          filterStatus(
            request,
            state.adSets.filter((s) => s.accountId === id),
          ),
          'id',
        );
      }
      if (method === 'GET' && edge === 'adimages') return adImages(request, account.id);
      if (edge === 'insights' && method === 'GET') {
        return insights(request, { accountId: id, level: 'account', sync: true });
      }
      if (edge === 'insights' && method === 'POST') return startRun(request, account);
      if (edge === 'advideos' && method === 'POST') {
        if (!has('ads_management'))
          return fail(200, '(#200) Requires ads_management permission to manage ad videos');
        return advideos(request, account.id);
      }
      return unsupported(method, id);
    }

    // Nodes by id.
    const run = state.reportRuns.get(id);
    if (run) {
      if (segments[1] === 'insights' && method === 'GET') return runResults(request, run);
      if (!segments[1] && method === 'GET') return pollRun(run);
      return unsupported(method, id);
    }
    const video = state.videos.get(id);
    if (video && !segments[1] && method === 'GET')
      return ok(withFields(request, videoNode(video, request), 'id'));
    const ad = state.ads.find((a) => a.id === id);
    const campaign = state.campaigns.find((c) => c.id === id);
    const adSet = state.adSets.find((s) => s.id === id);
    if ((ad || campaign || adSet) && !hasAds()) {
      return fail(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission');
    }
    if (segments[1] === 'insights' && method === 'GET') {
      if (ad) return insights(request, { accountId: ad.accountId, level: 'ad', sync: true, ad: ad.id });
      if (adSet)
        return insights(request, { accountId: adSet.accountId, level: 'adset', sync: true, adSet: adSet.id });
      if (campaign) {
        return insights(request, {
          accountId: campaign.accountId,
          level: 'campaign',
          sync: true,
          campaign: campaign.id,
        });
      }
    }
    if (!segments[1] && method === 'GET') {
      if (ad) return ok(withFields(request, adNode(ad), 'id'));
      if (campaign) return ok(withFields(request, campaign, 'id'));
      if (adSet) return ok(withFields(request, adSet, 'id'));
      const page = state.pages.find((pg) => pg.id === id);
      if (page) return ok(withFields(request, page, 'id,name'));
      if (id === state.user.id) return ok(withFields(request, state.user, 'id,name'));
    }
    return unsupported(method, id);
  }

  function authenticate(
    request: FakeRequest,
  ): FakeAnswer | { kind: 'app' } | { kind: 'user'; token: FakeToken } {
    const token = request.params.access_token;
    if (!token)
      return fail(104, 'An access token is required to request this resource.', undefined, 'OAuthException');
    const given = request.params.appsecret_proof;
    if (!given || given !== proof(token)) {
      return fail(
        100,
        'Invalid appsecret_proof provided in the API argument',
        undefined,
        'GraphMethodException',
      );
    }
    if (token === appToken) return { kind: 'app' };
    const known = state.tokens.get(token);
    const problem = tokenProblem(known);
    if (problem) return fail(190, problem.message, problem.subcode, 'OAuthException');
    return { kind: 'user', token: known! };
  }

  function tokenProblem(token: FakeToken | undefined): { message: string; subcode?: number } | null {
    if (!token) return { message: 'Invalid OAuth access token - Cannot parse access token' };
    if (token.revoked) {
      return {
        message: `Error validating access token: The user has not authorized application ${appId}.`,
        subcode: 458,
      };
    }
    if (token.expiresAt.getTime() <= Date.now()) {
      return {
        message: `Error validating access token: Session has expired on ${token.expiresAt.toUTCString()}. The current time is ${new Date().toUTCString()}.`,
        subcode: 463,
      };
    }
    return null;
  }

  function withFields(request: FakeRequest, node: object, defaults: string): unknown {
    return project(node, parseFields(request.params.fields || defaults));
  }

  // --- Lists ---

  /** A page of `items`, projected on `fields` (or `defaults`); null = items are already projected. */
  function paged(request: FakeRequest, items: readonly object[], defaults: string | null): FakeAnswer {
    const limit = Math.min(Math.max(Number.parseInt(request.params.limit ?? '', 10) || 25, 1), 5000);
    const after = request.params.after ? uncursor(request.params.after) : null;
    if (request.params.after && after === null) return fail(100, '(#100) The after cursor is not valid');
    const offset = after === null ? 0 : after + 1;
    const size = state.shortPages && offset === 0 && items.length > limit && limit > 1 ? limit - 1 : limit;
    const slice = items.slice(offset, offset + size);
    const tree = defaults === null ? null : parseFields(request.params.fields || defaults);
    const body: Record<string, unknown> = { data: tree ? slice.map((item) => project(item, tree)) : slice };
    if (slice.length) {
      const paging: Record<string, unknown> = {
        cursors: { before: cursor(offset), after: cursor(offset + slice.length - 1) },
      };
      const link = (key: 'after' | 'before', value: string) => {
        const next = new URL(`${url}/${request.version ?? META_GRAPH_VERSION}${request.path}`);
        for (const [k, v] of Object.entries(request.params)) {
          if (!['after', 'before', 'appsecret_proof', 'batch'].includes(k)) next.searchParams.set(k, v);
        }
        next.searchParams.set('limit', String(limit));
        next.searchParams.set(key, value);
        return next.toString();
      };
      if (offset + slice.length < items.length)
        paging.next = link('after', cursor(offset + slice.length - 1));
      if (offset > 0) paging.previous = link('before', cursor(offset));
      body.paging = paging;
    }
    return ok(body);
  }

  function listParam(value: string | undefined): string[] | null {
    if (!value) return null;
    try {
      const parsed = JSON.parse(value) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // a comma-separated list
    }
    return value.split(',').map((s) => s.trim());
  }

  function filterStatus<T extends { effective_status: string }>(request: FakeRequest, items: T[]): T[] {
    const statuses = listParam(request.params.effective_status);
    // Without a filter Graph leaves out archived and deleted objects.
    return statuses
      ? items.filter((item) => statuses.includes(item.effective_status))
      : items.filter((item) => item.effective_status !== 'ARCHIVED' && item.effective_status !== 'DELETED');
  }

  function ads(request: FakeRequest, accountId: string): FakeAnswer {
    let list = filterStatus(
      request,
      state.ads.filter((ad) => ad.accountId === accountId),
    );
    if (request.params.updated_since) {
      const since = Number(request.params.updated_since);
      if (!Number.isFinite(since)) return fail(100, '(#100) Param updated_since must be an integer');
      list = list.filter((ad) => parseFbTime(ad.updated_time).getTime() / 1000 >= since);
    }
    return paged(request, list.map(adNode), 'id');
  }

  function adNode(ad: FakeAd): Record<string, unknown> {
    const adSet = state.adSets.find((s) => s.id === ad.adset_id)!;
    const campaign = state.campaigns.find((c) => c.id === ad.campaign_id)!;
    return {
      id: ad.id,
      account_id: ad.accountId.slice(4),
      name: ad.name,
      status: ad.status,
      configured_status: ad.configured_status,
      effective_status: ad.effective_status,
      created_time: ad.created_time,
      updated_time: ad.updated_time,
      adset_id: ad.adset_id,
      campaign_id: ad.campaign_id,
      adset: {
        id: adSet.id,
        name: adSet.name,
        status: adSet.status,
        effective_status: adSet.effective_status,
      },
      campaign: {
        id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        objective: campaign.objective,
      },
      creative: ad.creative,
      preview_shareable_link: ad.preview_shareable_link,
    };
  }

  function adImages(request: FakeRequest, accountId: string): FakeAnswer {
    const hashes = listParam(request.params.hashes);
    const images = [...state.images.values()].filter(
      (image) => image.accountId === accountId && (!hashes || hashes.includes(image.hash)),
    );
    return paged(
      request,
      images.map((image) => ({
        id: `${accountId.slice(4)}:${image.hash}`,
        hash: image.hash,
        name: image.name,
        width: image.width,
        height: image.height,
        url: `${url}/_fake/image/${image.hash}.jpg`,
        permalink_url: `${url}/_fake/image/${image.hash}.jpg`,
      })),
      'hash,url',
    );
  }

  function videoNode(video: FakeVideo, request: FakeRequest): Record<string, unknown> {
    const fields = parseFields(request.params.fields || 'id');
    if (fields.has('status') && video.status === 'processing') {
      video.pollsLeft -= 1;
      if (video.pollsLeft <= 0) video.status = 'ready';
    }
    return {
      id: video.id,
      title: video.title,
      length: video.length,
      created_time: video.created_time,
      updated_time: video.created_time,
      picture: `${url}/_fake/picture/${video.id}.jpg`,
      source: `${url}/_fake/video/${video.id}.mp4?_nc=${randomBytes(6).toString('hex')}`,
      status: {
        video_status: video.status,
        processing_progress: video.status === 'processing' ? 50 : 100,
      },
    };
  }

  // --- Insights ---

  interface InsightsScope {
    accountId: string;
    level: 'account' | 'campaign' | 'adset' | 'ad';
    sync: boolean;
    ad?: string;
    adSet?: string;
    campaign?: string;
  }

  function dateRange(request: FakeRequest): { since: string; until: string } | FakeAnswer {
    const today = isoDay(state.now);
    if (request.params.time_range) {
      let range: { since?: string; until?: string };
      try {
        range = JSON.parse(request.params.time_range) as { since?: string; until?: string };
      } catch {
        return fail(100, '(#100) param time_range must be a JSON object with since and until');
      }
      const valid = (d: unknown) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
      if (!valid(range.since) || !valid(range.until) || range.since! > range.until!) {
        return fail(100, '(#100) param time_range must have since and until dates (YYYY-MM-DD), since first');
      }
      return { since: range.since!, until: range.until! };
    }
    const preset = request.params.date_preset ?? 'last_30d';
    const last = preset.match(/^last_(\d+)d$/);
    if (last) return { since: addDays(today, -Number(last[1])), until: addDays(today, -1) };
    if (preset === 'today') return { since: today, until: today };
    if (preset === 'yesterday') return { since: addDays(today, -1), until: addDays(today, -1) };
    if (preset === 'this_month') return { since: `${today.slice(0, 8)}01`, until: today };
    if (preset === 'maximum' || preset === 'data_maximum') {
      const first = [fbTime(state.now), ...state.ads.map((ad) => ad.created_time)].sort()[0]!;
      return { since: isoDay(parseFbTime(first)), until: today };
    }
    return fail(
      100,
      `(#100) date_preset must be one of the following values: today, yesterday, last_Nd, this_month, maximum`,
    );
  }

  function insightRows(request: FakeRequest, scope: InsightsScope, range: { since: string; until: string }) {
    const level = (request.params.level as InsightsScope['level'] | undefined) ?? scope.level;
    let ads = state.ads.filter(
      (ad) =>
        ad.accountId === scope.accountId &&
        (!scope.ad || ad.id === scope.ad) &&
        (!scope.adSet || ad.adset_id === scope.adSet) &&
        (!scope.campaign || ad.campaign_id === scope.campaign),
    );
    if (request.params.filtering) {
      let filters: { field?: string; operator?: string; value?: unknown }[] = [];
      try {
        filters = JSON.parse(request.params.filtering) as typeof filters;
      } catch {
        return fail(100, '(#100) param filtering must be a JSON array');
      }
      for (const filter of filters) {
        const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
        const pick: Record<string, (ad: FakeAd) => string> = {
          'ad.id': (ad) => ad.id,
          'adset.id': (ad) => ad.adset_id,
          'campaign.id': (ad) => ad.campaign_id,
          'ad.effective_status': (ad) => ad.effective_status,
        };
        const get = pick[filter.field ?? ''];
        if (!get) continue;
        const negate = filter.operator === 'NOT_IN' || filter.operator === 'NOT_EQUAL';
        ads = ads.filter((ad) => values.includes(get(ad)) !== negate);
      }
    }
    const daily: Record<string, unknown>[] = [];
    for (let day = range.since; day <= range.until; day = addDays(day, 1)) {
      for (const ad of ads) {
        const row = insightRow(ad.id, day);
        if (row) daily.push(row);
      }
    }
    const increment = request.params.time_increment ?? 'all_days';
    const bucketOf = (day: string): string => {
      if (increment === 'monthly') return day.slice(0, 7);
      const n = Number(increment);
      if (Number.isInteger(n) && n >= 1)
        return String(Math.floor((dayMs(day) - dayMs(range.since)) / (n * DAY_MS)));
      return 'all';
    };
    const keyOf = (row: Record<string, unknown>) =>
      level === 'ad'
        ? String(row.ad_id)
        : level === 'adset'
          ? String(row.adset_id)
          : level === 'campaign'
            ? String(row.campaign_id)
            : 'account';
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const row of daily) {
      const key = `${bucketOf(String(row.date_start))}|${keyOf(row)}`;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    const drop: Record<string, string[]> = {
      account: ['campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name'],
      campaign: ['adset_id', 'adset_name', 'ad_id', 'ad_name'],
      adset: ['ad_id', 'ad_name'],
      ad: [],
    };
    const rows = [...groups.values()].map((group) => {
      const row = group.length === 1 && increment === '1' ? { ...group[0]! } : sumRows(group);
      for (const key of drop[level] ?? []) delete row[key];
      if (increment !== '1' && increment !== 'monthly' && !Number.isInteger(Number(increment))) {
        row.date_start = range.since;
        row.date_stop = range.until;
      }
      return row;
    });
    rows.sort((a, b) =>
      String(a.date_start) === String(b.date_start)
        ? keyOf(a).localeCompare(keyOf(b))
        : String(a.date_start).localeCompare(String(b.date_start)),
    );
    const fields = request.params.fields
      ? parseFields(`${request.params.fields},date_start,date_stop`)
      : parseFields('account_id,spend,impressions,date_start,date_stop');
    return rows.map((row) => project(row, fields) as Record<string, unknown>);
  }

  function insights(request: FakeRequest, scope: InsightsScope): FakeAnswer {
    const range = dateRange(request);
    if ('status' in range) return range;
    const days = (dayMs(range.until) - dayMs(range.since)) / DAY_MS + 1;
    if (scope.sync && state.insightsMaxDays !== null && days > state.insightsMaxDays) {
      return fail(100, undefined, 1487534, 'OAuthException');
    }
    const rows = insightRows(request, scope, range);
    if (!Array.isArray(rows)) return rows;
    return paged(request, rows, null);
  }

  function startRun(request: FakeRequest, account: FakeAdAccount): FakeAnswer {
    const range = dateRange(request);
    if ('status' in range) return range;
    const rows = insightRows(request, { accountId: account.id, level: 'account', sync: false }, range);
    if (!Array.isArray(rows)) return rows;
    const id = String(
      6_000_000_000_000 + hash32(`${seed}:run:${state.reportRuns.size}`) + state.reportRuns.size,
    );
    state.reportRuns.set(id, {
      id,
      accountId: account.id,
      params: { ...request.params },
      rows,
      polls: 0,
      dateStart: range.since,
      dateStop: range.until,
      failure: takeReportRunFailure(request),
    });
    return ok({ report_run_id: id });
  }

  function pollRun(run: FakeReportRun): FakeAnswer {
    run.polls += 1;
    const percent = run.polls <= 1 ? 0 : run.polls === 2 ? 50 : 100;
    const base = {
      id: run.id,
      account_id: run.accountId.slice(4),
      time_ref: Math.floor(Date.now() / 1000),
      date_start: run.dateStart,
      date_stop: run.dateStop,
      is_running: percent < 100,
    };
    if (run.failure && run.polls >= 2) {
      const f = run.failure;
      return ok({
        ...base,
        is_running: false,
        async_status: 'Job Failed',
        async_percent_completion: 50,
        error_code: f.code ?? -2,
        error_subcode: f.subcode ?? 2490547,
        error_message: f.message ?? 'The report failed to run. Please try again later.',
        ...(f.userTitle ? { error_user_title: f.userTitle } : {}),
        ...(f.userMessage ? { error_user_msg: f.userMessage } : {}),
      });
    }
    return ok({
      ...base,
      async_status: percent < 100 ? 'Job Running' : 'Job Completed',
      async_percent_completion: percent,
      ...(percent === 100 ? { time_completed: Math.floor(Date.now() / 1000) } : {}),
    });
  }

  function runResults(request: FakeRequest, run: FakeReportRun): FakeAnswer {
    if (run.failure && run.polls >= 2) return fail(100, '(#100) The report run failed; start a new one');
    if (run.polls < 3) return fail(100, '(#100) The report is not ready yet: check its async_status first');
    return paged(request, run.rows, null);
  }

  // --- Video uploads (reference §6) ---

  function uploadOffsets(upload: FakeUpload) {
    const start = upload.received.length;
    return {
      start_offset: String(start),
      end_offset: String(Math.min(upload.size, start + state.uploadChunkBytes)),
    };
  }

  function advideos(request: FakeRequest, accountId: string): FakeAnswer {
    const phase = request.params.upload_phase;
    if (!phase) {
      // Simple upload: file_url or a multipart source.
      const bytes = request.files.source ?? null;
      if (!bytes && !request.params.file_url)
        return fail(100, '(#100) Upload requires a source file or a file_url');
      const video = addVideo(accountId, request.params.title ?? request.params.name ?? 'Video', bytes);
      return ok({ id: video.id });
    }
    if (phase === 'start') {
      const size = Number(request.params.file_size);
      if (!Number.isInteger(size) || size <= 0)
        return fail(100, '(#100) Param file_size must be a positive integer');
      const videoId = nextId('1200');
      const upload: FakeUpload = {
        id: nextId('7100'),
        videoId,
        accountId,
        size,
        received: Buffer.alloc(0),
        transfers: 0,
        state: 'open',
        title: null,
      };
      state.uploads.set(upload.id, upload);
      return ok({ upload_session_id: upload.id, video_id: videoId, ...uploadOffsets(upload) });
    }
    const upload = state.uploads.get(request.params.upload_session_id ?? '');
    if (!upload || upload.accountId !== accountId) {
      return fail(100, '(#100) Invalid upload_session_id', 1363020);
    }
    if (phase === 'cancel') {
      upload.state = 'cancelled';
      return ok({ success: true });
    }
    if (upload.state !== 'open') return fail(100, `(#100) The upload session is ${upload.state}`, 1363020);
    if (phase === 'transfer') {
      const chunk = request.files.video_file_chunk;
      const expected = uploadOffsets(upload);
      if (!chunk || Number(request.params.start_offset) !== upload.received.length) {
        return errorAnswer({ code: 6000, subcode: 1363037, errorData: expected });
      }
      const want = Number(expected.end_offset) - Number(expected.start_offset);
      if (chunk.length !== want) {
        return errorAnswer({
          code: 6000,
          subcode: 1363037,
          message: `The chunk must be ${want} bytes (from start_offset to end_offset)`,
          errorData: expected,
        });
      }
      upload.received = Buffer.concat([upload.received, chunk]);
      upload.transfers += 1;
      return ok(uploadOffsets(upload));
    }
    if (phase === 'finish') {
      if (upload.received.length !== upload.size) {
        return errorAnswer({
          code: 6000,
          message: 'The video upload is incomplete',
          errorData: uploadOffsets(upload),
        });
      }
      upload.state = 'finished';
      upload.title = request.params.title ?? null;
      addVideo(accountId, upload.title ?? 'Untitled', upload.received, upload.videoId);
      return ok({ success: true });
    }
    return fail(100, `(#100) Param upload_phase must be one of {start, transfer, finish, cancel}`);
  }

  function addVideo(accountId: string, title: string, bytes: Buffer | null, id = nextId('1200')): FakeVideo {
    const video: FakeVideo = {
      id,
      accountId,
      title,
      length: 2,
      bytes,
      status: state.videoProcessingPolls > 0 ? 'processing' : 'ready',
      pollsLeft: state.videoProcessingPolls,
      created_time: fbTime(new Date()),
    };
    state.videos.set(id, video);
    return video;
  }

  let idCounter = 0;
  function nextId(prefix: string): string {
    idCounter += 1;
    return `${prefix}${String(900_000_000 + idCounter).padStart(11, '0')}`;
  }

  // --- Media (CDN-like: no token) ---

  async function media(segments: string[]): Promise<FakeAnswer> {
    const [, kind, file = ''] = segments;
    const id = file.replace(/\.\w+$/, '');
    if (kind === 'picture' || kind === 'image') {
      if (kind === 'picture' ? !state.videos.has(id) : !state.images.has(id))
        return { status: 404, json: null };
      return { status: 200, bytes: { contentType: 'image/jpeg', body: await sampleJpeg() } };
    }
    if (kind === 'video') {
      const video = state.videos.get(id);
      if (!video) return { status: 404, json: null };
      return { status: 200, bytes: { contentType: 'video/mp4', body: video.bytes ?? (await sampleMp4()) } };
    }
    if (kind === 'preview') {
      return {
        status: 200,
        bytes: {
          contentType: 'text/html; charset=utf-8',
          body: Buffer.from(`<!doctype html><title>Ad ${id}</title>`),
        },
      };
    }
    return { status: 404, json: null };
  }

  // --- OAuth (reference §1) ---

  function dialog(request: FakeRequest): FakeAnswer {
    const { client_id, redirect_uri, state: csrf = '', scope = '' } = request.params;
    if (client_id !== appId) return fail(101, 'Error validating application. Invalid application ID.');
    if (!redirect_uri) return fail(100, '(#100) Missing redirect_uri parameter.');
    const target = new URL(redirect_uri);
    if (state.denyLogin) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('state', csrf);
      return { status: 302, redirect: `${target.toString()}#_=_` };
    }
    const requested = scope.split(/[,\s]+/).filter(Boolean);
    const scopes = [...new Set(['public_profile', ...requested])].filter((s) =>
      state.grantedScopes.includes(s),
    );
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    state.codes.set(code, { code, redirectUri: redirect_uri, scopes, used: false });
    target.searchParams.set('code', code);
    target.searchParams.set('state', csrf);
    return { status: 302, redirect: `${target.toString()}#_=_` };
  }

  function accessToken(request: FakeRequest): FakeAnswer {
    const p = request.params;
    if (p.client_id !== appId) return fail(101, 'Error validating application. Invalid application ID.');
    if (p.client_secret !== appSecret)
      return fail(1, 'Error validating client secret.', undefined, 'OAuthException');
    if (p.grant_type === 'client_credentials') return ok({ access_token: appToken, token_type: 'bearer' });
    if (p.grant_type === 'fb_exchange_token') {
      const short = state.tokens.get(p.fb_exchange_token ?? '');
      const problem = tokenProblem(short);
      if (problem) return fail(190, problem.message, problem.subcode, 'OAuthException');
      const token = issueToken({ scopes: short!.scopes, kind: 'long', userId: short!.userId });
      return ok({ access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
    }
    const code = state.codes.get(p.code ?? '');
    if (!code) return fail(100, 'Invalid verification code format.', undefined, 'OAuthException');
    if (code.used) return fail(100, 'This authorization code has been used.', 36009, 'OAuthException');
    if (p.redirect_uri !== code.redirectUri) {
      return fail(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
        'OAuthException',
      );
    }
    code.used = true;
    const token = issueToken({ scopes: code.scopes, kind: 'short' });
    return ok({ access_token: token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS });
  }

  function debugToken(request: FakeRequest): FakeAnswer {
    const input = request.params.input_token;
    if (!input) return fail(100, '(#100) The parameter input_token is required');
    const token = state.tokens.get(input);
    const problem = tokenProblem(token);
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    if (problem) {
      return ok({
        data: {
          ...(token
            ? { app_id: appId, type: 'USER', application: 'Hookline (fake Graph)', user_id: token.userId }
            : {}),
          ...(token ? { expires_at: seconds(token.expiresAt) } : {}),
          error: {
            code: 190,
            message: problem.message,
            ...(problem.subcode ? { subcode: problem.subcode } : {}),
          },
          is_valid: false,
          scopes: [],
        },
      });
    }
    const t = token!;
    return ok({
      data: {
        app_id: appId,
        type: 'USER',
        application: 'Hookline (fake Graph)',
        data_access_expires_at: seconds(t.issuedAt) + 90 * 86_400,
        expires_at: seconds(t.expiresAt),
        is_valid: true,
        issued_at: seconds(t.issuedAt),
        scopes: t.scopes,
        granular_scopes: t.scopes.map((scope) => ({ scope })),
        user_id: t.userId,
      },
    });
  }

  // --- Batch ---

  async function batch(request: FakeRequest): Promise<FakeAnswer> {
    let items: { method?: string; relative_url?: string; body?: string }[];
    try {
      items = JSON.parse(request.params.batch ?? '') as typeof items;
    } catch {
      return fail(100, '(#100) The parameter batch is required and must be a JSON array');
    }
    if (!Array.isArray(items) || items.length === 0) {
      return fail(100, '(#100) The parameter batch is required and must be a JSON array');
    }
    if (items.length > 50)
      return fail(100, '(#100) Too many requests in batch message. Maximum batch size is 50');
    const includeHeaders = request.params.include_headers !== 'false';
    const answers = [];
    for (const item of items) {
      const relative = new URL(`/${(item.relative_url ?? '').replace(/^\/+/, '')}`, url);
      const { path: itemPath, version } = splitVersion(relative.pathname);
      const own: Record<string, string> = {
        ...Object.fromEntries(relative.searchParams),
        ...Object.fromEntries(new URLSearchParams(item.body ?? '')),
      };
      // A request of the batch uses the batch's token and proof unless it names its own token.
      const params: Record<string, string> = own.access_token
        ? { appsecret_proof: '', ...own }
        : {
            ...own,
            access_token: request.params.access_token!,
            appsecret_proof: request.params.appsecret_proof!,
          };
      const sub: FakeRequest = {
        method: (item.method ?? 'GET').toUpperCase(),
        path: itemPath,
        version: version ?? request.version,
        params,
        files: {},
        headers: request.headers,
        inBatch: true,
      };
      record(sub);
      const answer = await route(sub);
      answers.push({
        code: answer.status,
        ...(includeHeaders
          ? { headers: [{ name: 'Content-Type', value: 'text/javascript; charset=UTF-8' }] }
          : {}),
        body: JSON.stringify(answer.json ?? null),
      });
    }
    return ok(answers);
  }

  if (options.prepareMedia) await Promise.all([sampleJpeg(), sampleMp4()]);

  return {
    url,
    appId,
    appSecret,
    version: META_GRAPH_VERSION,
    state,
    calls,
    env: {
      FACEBOOK_APP_ID: appId,
      FACEBOOK_APP_SECRET: appSecret,
      FACEBOOK_GRAPH_VERSION: META_GRAPH_VERSION,
      FACEBOOK_GRAPH_URL: url,
      FACEBOOK_GRAPH_VIDEO_URL: url,
      FACEBOOK_DIALOG_URL: url,
    },
    inject(injection) {
      const rule = { ...injection, remaining: injection.times ?? 1 };
      injections.push(rule);
      return {
        get remaining() {
          return rule.remaining;
        },
      };
    },
    issueToken,
    proof,
    insightRow: (adId, date) => insightRow(adId, date),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  // --- Metrics: the same numbers for the same (seed, ad, day) ---

  function insightRow(adId: string, day: string): Record<string, unknown> | null {
    const ad = state.ads.find((a) => a.id === adId);
    if (!ad) return null;
    const created = isoDay(parseFbTime(ad.created_time));
    const stopped =
      ad.effective_status === 'ACTIVE' ? isoDay(state.now) : isoDay(parseFbTime(ad.updated_time));
    if (day < created || day > stopped || day > isoDay(state.now)) return null;
    const account = state.adAccounts.find((a) => a.id === ad.accountId)!;
    const campaign = state.campaigns.find((c) => c.id === ad.campaign_id)!;
    const adSet = state.adSets.find((s) => s.id === ad.adset_id)!;
    const r = prng(hash32(`${seed}:${ad.id}:${day}`));
    const cpm = 6 + r() * 14;
    const spend = Math.round((5 + r() * 120) * 100) / 100;
    const impressions = Math.max(1, Math.round((spend / cpm) * 1000));
    const reach = Math.max(1, Math.round(impressions * (0.6 + r() * 0.3)));
    const clicks = Math.round(impressions * (0.01 + r() * 0.02));
    const linkClicks = Math.round(clicks * (0.5 + r() * 0.3));
    const outbound = Math.round(linkClicks * 0.9);
    const addToCart = Math.max(1, Math.round(linkClicks * (0.05 + r() * 0.1)));
    const purchases = 1 + Math.floor(r() * 4);
    const omniPurchases = purchases + 1 + Math.floor(r() * 3);
    const orderValue = 25 + r() * 60;
    const stat = (action_type: string, value: number) => ({ action_type, value: String(value) });
    const isVideo = ad.videoId !== null;
    const row: Record<string, unknown> = {
      account_id: account.account_id,
      account_name: account.name,
      account_currency: account.currency,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      adset_id: adSet.id,
      adset_name: adSet.name,
      ad_id: ad.id,
      ad_name: ad.name,
      spend: spend.toFixed(2),
      impressions: String(impressions),
      reach: String(reach),
      clicks: String(clicks),
      inline_link_clicks: String(linkClicks),
      outbound_clicks: [stat('outbound_click', outbound)],
      attribution_setting: '7d_click_1d_view',
      date_start: day,
      date_stop: day,
    };
    const actions = [
      stat('link_click', linkClicks),
      stat('landing_page_view', Math.round(linkClicks * 0.8)),
      stat('add_to_cart', addToCart),
      stat('purchase', purchases),
      stat('omni_purchase', omniPurchases),
      stat('offsite_conversion.fb_pixel_purchase', purchases),
    ];
    row.action_values = [
      { action_type: 'purchase', value: (purchases * orderValue).toFixed(2) },
      { action_type: 'omni_purchase', value: (omniPurchases * orderValue).toFixed(2) },
      { action_type: 'offsite_conversion.fb_pixel_purchase', value: (purchases * orderValue).toFixed(2) },
    ];
    if (isVideo) {
      const views3s = Math.round(impressions * (0.15 + r() * 0.25));
      const plays = Math.max(views3s, Math.round(impressions * (0.4 + r() * 0.3)));
      const p25 = Math.round(views3s * (0.5 + r() * 0.2));
      const p50 = Math.round(p25 * 0.6);
      const p75 = Math.round(p50 * 0.6);
      const p95 = Math.round(p75 * 0.7);
      const p100 = Math.round(p95 * 0.9);
      actions.unshift(stat('video_view', views3s));
      row.video_play_actions = [stat('video_view', plays)];
      row.video_p25_watched_actions = [stat('video_view', p25)];
      row.video_p50_watched_actions = [stat('video_view', p50)];
      row.video_p75_watched_actions = [stat('video_view', p75)];
      row.video_p95_watched_actions = [stat('video_view', p95)];
      row.video_p100_watched_actions = [stat('video_view', p100)];
      row.video_thruplay_watched_actions = [stat('video_view', Math.round(p50 * 0.9))];
      row.video_avg_time_watched_actions = [stat('video_view', 2 + Math.floor(r() * 8))];
      let level = 100;
      const curve = [100];
      for (let i = 1; i < 15; i++) {
        level = Math.max(0, Math.round(level * (i < 4 ? 0.6 + r() * 0.2 : 0.85 + r() * 0.1)));
        curve.push(level);
      }
      curve.push(0, 0, 0, 0, 0, 0);
      row.video_play_curve_actions = [{ action_type: 'video_view', value: curve }];
    }
    row.actions = actions;
    recomputeRatios(row);
    return row;
  }
}

// --- Generated data -----------------------------------------------------------------------

function generate(seed: number, url: string, options: FakeGraphOptions): FakeGraphState {
  const r = prng(hash32(`fake-graph:${seed}`));
  const now = options.now ?? new Date();
  const [ads1, ads2] = options.adsPerAccount ?? [30, 6];
  const campaignsPer = options.campaignsPerAccount ?? 3;
  const adSetsPer = options.adSetsPerCampaign ?? 2;
  let counter = 0;
  const id = (prefix: string) => `${prefix}${String(seed * 100_000 + ++counter).padStart(11, '0')}`;
  const hookWords = [
    'Unboxing',
    'Founder story',
    'Before/after',
    'Street interview',
    'Problem/solution',
    'UGC review',
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;

  const state: FakeGraphState = {
    seed,
    now,
    user: { id: id('10'), name: 'Jordan Meta', email: 'jordan.meta@example.com' },
    adAccounts: [],
    pages: [],
    campaigns: [],
    adSets: [],
    ads: [],
    videos: new Map(),
    images: new Map(),
    sharedVideoId: '',
    userToken: '',
    tokens: new Map(),
    codes: new Map(),
    reportRuns: new Map(),
    uploads: new Map(),
    revocations: [],
    grantedScopes: [...(options.grantedScopes ?? ALL_SCOPES)],
    denyLogin: options.denyLogin ?? false,
    insightsMaxDays: options.insightsMaxDays ?? null,
    videoProcessingPolls: options.videoProcessingPolls ?? 2,
    uploadChunkBytes: options.uploadChunkBytes ?? 1024 * 1024,
    shortPages: options.shortPages ?? false,
    usagePercent: options.usagePercent ?? 1,
  };

  for (const [index, name] of ["Jordan's Shop", 'Jordan Meta Studio'].entries()) {
    const pageId = id('1050');
    state.pages.push({
      id: pageId,
      name,
      link: `https://www.facebook.com/${pageId}`,
      category: index === 0 ? 'Shopping & retail' : 'Brand',
    });
  }

  const accountSpecs = [
    {
      name: 'Hookline Test Store',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      status: 1,
      reason: 0,
      ads: ads1,
    },
    { name: 'Old EU Store', currency: 'EUR', timezone: 'Europe/Berlin', status: 2, reason: 1, ads: ads2 },
  ];
  const statusCycle = [
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'PAUSED',
    'ACTIVE',
    'ADSET_PAUSED',
    'ACTIVE',
    'CAMPAIGN_PAUSED',
    'ACTIVE',
  ];
  const kinds: FakeCreativeKind[] = [
    'video_top_level',
    'video_story_spec',
    'video_asset_feed',
    'image_hash',
    'image_hash',
  ];
  const days = (n: number) => new Date(now.getTime() - n * DAY_MS);

  for (const [accountIndex, spec] of accountSpecs.entries()) {
    const accountNumber = id('1');
    const accountId = `act_${accountNumber}`;
    state.adAccounts.push({
      id: accountId,
      account_id: accountNumber,
      name: spec.name,
      account_status: spec.status,
      disable_reason: spec.reason,
      currency: spec.currency,
      timezone_name: spec.timezone,
    });
    const adSets: FakeAdSet[] = [];
    for (let c = 0; c < campaignsPer; c++) {
      const campaign: FakeCampaign = {
        id: id('2385'),
        accountId,
        name: `${['Prospecting', 'Retargeting', 'Creative testing', 'Evergreen'][c % 4]} ${c + 1}`,
        status: 'ACTIVE',
        effective_status: 'ACTIVE',
        objective: 'OUTCOME_SALES',
        created_time: fbTime(days(120 - c)),
        updated_time: fbTime(days(100 - c)),
      };
      state.campaigns.push(campaign);
      for (let s = 0; s < adSetsPer; s++) {
        const adSet: FakeAdSet = {
          id: id('2386'),
          accountId,
          campaign_id: campaign.id,
          name: `${campaign.name} · ${['Broad', 'Lookalike 1%', 'Interests', 'Advantage+'][s % 4]}`,
          status: 'ACTIVE',
          effective_status: 'ACTIVE',
          created_time: campaign.created_time,
          updated_time: campaign.updated_time,
        };
        adSets.push(adSet);
        state.adSets.push(adSet);
      }
    }
    let sharedVideo: FakeVideo | null = null;
    for (let i = 0; i < spec.ads; i++) {
      const adSet = adSets[Math.floor((i * adSets.length) / Math.max(spec.ads, 1))]!;
      let status = statusCycle[i % statusCycle.length]!;
      if (spec.ads >= 6 && i === spec.ads - 1) status = 'ARCHIVED';
      if (spec.ads >= 6 && i === spec.ads - 2) status = 'DELETED';
      const configured = ['PAUSED', 'ARCHIVED', 'DELETED'].includes(status) ? status : 'ACTIVE';
      const createdDaysAgo = Math.max(5, 90 - i * 2 - accountIndex * 10);
      const created = days(createdDaysAgo);
      const updated = new Date(
        Math.min(now.getTime() - DAY_MS, created.getTime() + ((i % 7) + 1) * DAY_MS * 3),
      );
      const kind = kinds[i % kinds.length]!;
      const page = state.pages[i % 4 === 3 ? 1 : 0]!;
      const hook = pick(hookWords);
      const adId = id('2387');
      const link = 'https://shop.example.com/products/everyday-bottle';
      const cta = { type: 'SHOP_NOW', value: { link } };
      const title = `${hook}: the everyday bottle`;
      const message = `${hook} — why ${1000 + Math.floor(r() * 9000)} people switched. Free shipping this week.`;
      let videoId: string | null = null;
      let imageHash: string | null = null;
      const creative: Record<string, unknown> = {
        id: id('2388'),
        name: `Creative for ${adId}`,
        actor_id: page.id,
        effective_object_story_id: `${page.id}_${id('9')}`,
        call_to_action_type: 'SHOP_NOW',
        url_tags: 'utm_source=facebook&utm_medium=paid',
      };
      if (kind === 'image_hash') {
        imageHash = createHash('md5').update(`${seed}:${adId}:image`).digest('hex');
        state.images.set(imageHash, {
          hash: imageHash,
          accountId,
          name: `${hook}.jpg`,
          width: 1080,
          height: 1080,
        });
        const imageUrl = `${url}/_fake/image/${imageHash}.jpg`;
        Object.assign(creative, {
          title,
          body: message,
          image_hash: imageHash,
          image_url: imageUrl,
          thumbnail_url: `${imageUrl}?size=64`,
          link_url: link,
          object_story_spec: {
            page_id: page.id,
            link_data: { image_hash: imageHash, link, message, name: title, call_to_action: cta },
          },
        });
      } else {
        const share = accountIndex === 0 && i < 3;
        if (share && sharedVideo) videoId = sharedVideo.id;
        else {
          const video: FakeVideo = {
            id: id('1200'),
            accountId,
            title: `${hook} ${i + 1}.mp4`,
            length: Math.round((6 + r() * 39) * 100) / 100,
            bytes: null,
            status: 'ready',
            pollsLeft: 0,
            created_time: fbTime(new Date(created.getTime() - DAY_MS)),
          };
          state.videos.set(video.id, video);
          if (share) sharedVideo = video;
          videoId = video.id;
        }
        const thumbnail = `${url}/_fake/picture/${videoId}.jpg?size=64`;
        const picture = `${url}/_fake/picture/${videoId}.jpg`;
        if (kind === 'video_top_level') {
          Object.assign(creative, {
            title,
            body: message,
            video_id: videoId,
            thumbnail_url: thumbnail,
            image_url: picture,
            object_story_spec: {
              page_id: page.id,
              video_data: { video_id: videoId, image_url: picture, title, message, call_to_action: cta },
            },
          });
        } else if (kind === 'video_story_spec') {
          // Top-level video_id is often empty (reference §3).
          Object.assign(creative, {
            body: message,
            thumbnail_url: thumbnail,
            object_story_spec: {
              page_id: page.id,
              instagram_user_id: `1784${String(seed).padStart(11, '0')}`,
              video_data: { video_id: videoId, image_url: picture, title, message, call_to_action: cta },
            },
          });
        } else {
          Object.assign(creative, {
            thumbnail_url: thumbnail,
            object_story_spec: { page_id: page.id },
            asset_feed_spec: {
              videos: [{ video_id: videoId, thumbnail_url: picture }],
              bodies: [{ text: message }],
              titles: [{ text: title }],
              call_to_action_types: ['SHOP_NOW'],
              link_urls: [{ website_url: link, display_url: 'shop.example.com' }],
            },
          });
        }
      }
      state.ads.push({
        id: adId,
        accountId,
        campaign_id: adSet.campaign_id,
        adset_id: adSet.id,
        name: `${hook} · v${i + 1}`,
        status: configured,
        configured_status: configured,
        effective_status: status,
        created_time: fbTime(created),
        updated_time: fbTime(updated),
        preview_shareable_link: `${url}/_fake/preview/${adId}`,
        kind,
        videoId,
        imageHash,
        pageId: page.id,
        creative,
      });
    }
    if (accountIndex === 0 && sharedVideo) state.sharedVideoId = sharedVideo.id;
  }
  return state;
}

// --- `npm run fake-graph` -------------------------------------------------------------------

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const port = Number(process.env.FAKE_GRAPH_PORT ?? 4790);
  const fake = await startFakeGraph({
    port,
    prepareMedia: true,
    seed: Number(process.env.FAKE_GRAPH_SEED ?? 1),
  });
  const lines = [
    `Fake Meta Graph API on ${fake.url} (${fake.state.adAccounts.length} ad accounts, ${fake.state.ads.length} ads)`,
    'Point Hookline at it with:',
    '',
    ...Object.entries(fake.env).map(([key, value]) => `${key}=${value}`),
    '',
    `A user token for curl (with appsecret_proof=${fake.proof(fake.state.userToken)}):`,
    fake.state.userToken,
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
