import os from 'node:os';
import path from 'node:path';
import { brandVariantNames, brandVariants, UPLOAD_LIMITS } from '@hookline/contract';
import { z } from 'zod';
import { META_GRAPH_VERSION } from './platform/meta/version.js';

/**
 * Every environment variable Hookline reads, parsed once. README's configuration table
 * mirrors this list; keep them in step.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const intWithDefault = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const boolWithDefault = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );

const optionalHttpUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
);

const envSchema = z.object({
  PORT: intWithDefault(8080, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: intWithDefault(10, 1, 200),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an absolute URL' }).optional()),
  ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  API_PROCESSES: z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
        message: 'must be a number from 1 to 64, or auto',
      })
      .default(1),
  ),
  /** Set by the process that forks API processes on its children (not for operators). */
  HOOKLINE_CLUSTER_CHILD: boolWithDefault(false),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['auto', 'json', 'pretty']).default('auto')),
  APP_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['production', 'development', 'test']).default('production'),
  ),
  BRAND_VARIANT: z.preprocess(emptyToUndefined, z.enum(brandVariantNames).default('hookline')),
  SENTRY_DSN: z.preprocess(emptyToUndefined, z.url({ message: 'must be a Sentry DSN URL' }).optional()),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT_BYTES: intWithDefault(1024 * 1024, 1024),
  RATE_LIMIT_MAX: intWithDefault(600, 1),
  RATE_LIMIT_WINDOW_MS: intWithDefault(60_000, 1000),
  TRUST_PROXY: boolWithDefault(false),
  JOB_POLL_INTERVAL_MS: intWithDefault(1000, 500, 60_000),
  JOB_CONCURRENCY: intWithDefault(2, 1, 64),
  JOB_HEARTBEAT_MS: intWithDefault(10_000, 500, 300_000),
  JOB_LEASE_TIMEOUT_MS: intWithDefault(30_000, 1_500, 3_600_000),
  SHUTDOWN_TIMEOUT_MS: intWithDefault(15_000, 1000),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).optional()),
  SEED_DEMO: boolWithDefault(true),
  SIGNUP_MODE: z.preprocess(emptyToUndefined, z.enum(['public', 'secret']).default('public')),
  SIGNUP_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_API_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.googleapis.com')),
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_GRAPH_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v26.0')
      .default(META_GRAPH_VERSION),
  ),
  FACEBOOK_GRAPH_URL: z.preprocess(emptyToUndefined, z.url().default('https://graph.facebook.com')),
  FACEBOOK_GRAPH_VIDEO_URL: z.preprocess(
    emptyToUndefined,
    z.url().default('https://graph-video.facebook.com'),
  ),
  FACEBOOK_DIALOG_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.facebook.com')),
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: z.preprocess(
    emptyToUndefined,
    z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  ),
  AUTH_RATE_LIMIT_PER_IP: intWithDefault(30, 1),
  AUTH_RATE_LIMIT_PER_EMAIL: intWithDefault(10, 1),
  AUTH_RATE_LIMIT_WINDOW_MS: intWithDefault(15 * 60_000, 1000),
  SESSION_TTL_DAYS: intWithDefault(30, 1, 3650),
  INVITE_RATE_LIMIT_PER_ACCOUNT: intWithDefault(50, 1),
  INVITE_RATE_LIMIT_PER_EMAIL: intWithDefault(3, 1),
  INVITE_RATE_LIMIT_WINDOW_MS: intWithDefault(60 * 60_000, 1000),
  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ message: 'must be an absolute URL' }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: boolWithDefault(false),
  SIGNING_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  MEDIA_CONCURRENCY: intWithDefault(2, 1, 32),
  UPLOAD_IMAGE_MAX_BYTES: intWithDefault(UPLOAD_LIMITS.imageMaxBytes, 1),
  UPLOAD_IMAGE_MAX_PIXELS: intWithDefault(UPLOAD_LIMITS.imageMaxPixels, 1),
  UPLOAD_VIDEO_MAX_BYTES: intWithDefault(UPLOAD_LIMITS.videoMaxBytes, 1),
  UPLOAD_VIDEO_MAX_SECONDS: intWithDefault(UPLOAD_LIMITS.videoMaxSeconds, 1),
  UPLOAD_VIDEO_MIN_SECONDS: intWithDefault(UPLOAD_LIMITS.videoMinSeconds, 0),
  UPLOAD_OTHER_MAX_BYTES: intWithDefault(UPLOAD_LIMITS.videoMaxBytes, 1),
  ZIP_MAX_BYTES: intWithDefault(5 * 1024 ** 3, 1),
  ZIP_MAIL_AFTER_MS: intWithDefault(10_000, 0),
  AI_BASE_URL: optionalHttpUrl,
  AI_API_KEY: optionalString,
  AI_CHAT_MODEL: optionalString,
  AI_VISION_MODEL: optionalString,
  AI_EMBED_BASE_URL: optionalHttpUrl,
  AI_EMBED_MODEL: optionalString,
  AI_EMBED_DIMS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_536).optional()),
  AI_IMAGE_EMBED_BASE_URL: optionalHttpUrl,
  AI_IMAGE_EMBED_MODEL: optionalString,
  AI_IMAGE_EMBED_DIMS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_536).optional()),
  AI_TRANSCRIBE_BASE_URL: optionalHttpUrl,
  AI_TRANSCRIBE_MODEL: optionalString,
  AI_LOCAL_TRANSCRIBE: z.preprocess(emptyToUndefined, z.enum(['pocketsphinx']).optional()),
  AI_JSON_MODE: z.preprocess(
    emptyToUndefined,
    z.enum(['json_schema', 'json_object', 'prompt']).default('json_schema'),
  ),
  AI_CONCURRENCY: intWithDefault(2, 1, 64),
  AI_TIMEOUT_MS: intWithDefault(120_000, 1000, 3_600_000),
});

/** Every variable the configuration reads (the README's configuration table must list each). */
export const configVariables = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];
/** Set by the server on processes it forks itself: not for operators, so not in the README's table. */
export const internalConfigVariables: readonly string[] = ['HOOKLINE_CLUSTER_CHILD'];

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  publicUrl: string;
  role: Role;
  /** HTTP processes on this machine (Node's cluster, one port); 'auto' = one per core. */
  apiProcesses: number;
  /** This process was forked by an API cluster's primary (it shares the primary's DATA_DIR). */
  clusterChild: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** 'auto': readable lines on a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  appEnv: 'production' | 'development' | 'test';
  brandVariant: (typeof brandVariantNames)[number];
  sentryDsn: string | undefined;
  webDistDir: string;
  bodyLimitBytes: number;
  rateLimit: { max: number; windowMs: number };
  trustProxy: boolean;
  jobs: { pollIntervalMs: number; concurrency: number; heartbeatMs: number; leaseTimeoutMs: number };
  shutdownTimeoutMs: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  seedDemo: boolean;
  signup: { mode: 'public' | 'secret'; secret: string | undefined };
  google: { clientId: string | undefined; apiBaseUrl: string };
  recaptcha: { secret: string | undefined; siteKey: string | undefined; verifyUrl: string };
  /** The Meta app behind the Facebook integration (README "Meta app"); configured = id and secret set. */
  meta: {
    appId: string | undefined;
    appSecret: string | undefined;
    version: string;
    graphUrl: string;
    videoUrl: string;
    dialogUrl: string;
    configured: boolean;
  };
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  sessionTtlDays: number;
  inviteRateLimit: { perAccount: number; perEmail: number; windowMs: number };
  storage: {
    driver: 'local' | 's3';
    /** local: bytes under DATA_DIR/storage. */
    localDir: string;
    s3: {
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };
  };
  /** Signs upload and download URLs; unset = generated once into DATA_DIR (single machine). */
  signingSecret: string | undefined;
  media: {
    ffmpegPath: string | undefined;
    ffprobePath: string | undefined;
    concurrency: number;
  };
  uploadLimits: {
    imageMaxBytes: number;
    imageMaxPixels: number;
    videoMaxBytes: number;
    videoMaxSeconds: number;
    videoMinSeconds: number;
    otherMaxBytes: number;
  };
  zip: { maxBytes: number; mailAfterMs: number };
  /**
   * The OpenAI-compatible AI server(s) (platform/ai). Base URLs end in /v1; an unset model
   * turns its capability off.
   */
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    chatModel: string | undefined;
    visionModel: string | undefined;
    /** AI_EMBED_BASE_URL, else AI_BASE_URL. */
    embedBaseUrl: string | undefined;
    embedModel: string | undefined;
    embedDims: number | undefined;
    /** AI_IMAGE_EMBED_BASE_URL, else the embeddings' server (AI_EMBED_BASE_URL, else AI_BASE_URL). */
    imageEmbedBaseUrl: string | undefined;
    /** A multimodal embedding model for pictures (more like this); unset = off. */
    imageEmbedModel: string | undefined;
    imageEmbedDims: number | undefined;
    transcribeBaseUrl: string | undefined;
    transcribeModel: string | undefined;
    localTranscribe: 'pocketsphinx' | undefined;
    jsonMode: 'json_schema' | 'json_object' | 'prompt';
    /** Upstream AI calls at once per process. */
    concurrency: number;
    /** Each try of a whole AI call, and a stream's first event (transcription gets 4×). */
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDistDir = () =>
  // Same depth from src/ (tests, tsx) and dist/ (built): apps/server/{src,dist} → apps/web/dist.
  path.resolve(import.meta.dirname, '../../web/dist');

/** Parses the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  if (e.SIGNUP_MODE === 'secret' && !e.SIGNUP_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SIGNUP_MODE=secret needs SIGNUP_SECRET (the /secret-signup code)',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: ROLE=${e.ROLE} needs DATABASE_URL (the embedded database serves one process only)`,
    );
  }
  // Cluster children share their primary's DATA_DIR, and so its stored signing secret.
  if (e.ROLE !== 'all' && !e.SIGNING_SECRET && !e.HOOKLINE_CLUSTER_CHILD) {
    throw new ConfigError(
      `Invalid configuration: ROLE=${e.ROLE} needs SIGNING_SECRET (every API and worker process must sign URLs alike)`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    role: e.ROLE,
    apiProcesses: e.API_PROCESSES === 'auto' ? os.availableParallelism() : e.API_PROCESSES,
    clusterChild: e.HOOKLINE_CLUSTER_CHILD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    appEnv: e.APP_ENV,
    brandVariant: e.BRAND_VARIANT,
    sentryDsn: e.SENTRY_DSN,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir(),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    jobs: {
      pollIntervalMs: e.JOB_POLL_INTERVAL_MS,
      concurrency: e.JOB_CONCURRENCY,
      heartbeatMs: e.JOB_HEARTBEAT_MS,
      leaseTimeoutMs: Math.max(e.JOB_LEASE_TIMEOUT_MS, e.JOB_HEARTBEAT_MS * 2),
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${brandVariants[e.BRAND_VARIANT].name} <no-reply@${mailDomain(e.PUBLIC_URL)}>`,
      supportEmail: e.SUPPORT_EMAIL ?? brandVariants[e.BRAND_VARIANT].supportEmail,
    },
    seedDemo: e.SEED_DEMO,
    signup: { mode: e.SIGNUP_MODE, secret: e.SIGNUP_SECRET },
    google: { clientId: e.GOOGLE_CLIENT_ID, apiBaseUrl: e.GOOGLE_API_BASE_URL.replace(/\/+$/, '') },
    recaptcha: {
      secret: e.RECAPTCHA_SECRET,
      siteKey: e.RECAPTCHA_SITE_KEY,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    meta: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      version: e.FACEBOOK_GRAPH_VERSION,
      graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
      videoUrl: e.FACEBOOK_GRAPH_VIDEO_URL.replace(/\/+$/, ''),
      dialogUrl: e.FACEBOOK_DIALOG_URL.replace(/\/+$/, ''),
      configured: Boolean(e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET),
    },
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    inviteRateLimit: {
      perAccount: e.INVITE_RATE_LIMIT_PER_ACCOUNT,
      perEmail: e.INVITE_RATE_LIMIT_PER_EMAIL,
      windowMs: e.INVITE_RATE_LIMIT_WINDOW_MS,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: path.join(path.resolve(e.DATA_DIR), 'storage'),
      s3: {
        bucket: e.S3_BUCKET ?? '',
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    },
    signingSecret: e.SIGNING_SECRET,
    media: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH, concurrency: e.MEDIA_CONCURRENCY },
    uploadLimits: {
      imageMaxBytes: e.UPLOAD_IMAGE_MAX_BYTES,
      imageMaxPixels: e.UPLOAD_IMAGE_MAX_PIXELS,
      videoMaxBytes: e.UPLOAD_VIDEO_MAX_BYTES,
      videoMaxSeconds: e.UPLOAD_VIDEO_MAX_SECONDS,
      videoMinSeconds: e.UPLOAD_VIDEO_MIN_SECONDS,
      otherMaxBytes: e.UPLOAD_OTHER_MAX_BYTES,
    },
    zip: { maxBytes: e.ZIP_MAX_BYTES, mailAfterMs: e.ZIP_MAIL_AFTER_MS },
    ai: {
      baseUrl: trimUrl(e.AI_BASE_URL),
      apiKey: e.AI_API_KEY,
      chatModel: e.AI_CHAT_MODEL,
      visionModel: e.AI_VISION_MODEL,
      embedBaseUrl: trimUrl(e.AI_EMBED_BASE_URL ?? e.AI_BASE_URL),
      embedModel: e.AI_EMBED_MODEL,
      embedDims: e.AI_EMBED_DIMS,
      imageEmbedBaseUrl: trimUrl(e.AI_IMAGE_EMBED_BASE_URL ?? e.AI_EMBED_BASE_URL ?? e.AI_BASE_URL),
      imageEmbedModel: e.AI_IMAGE_EMBED_MODEL,
      imageEmbedDims: e.AI_IMAGE_EMBED_DIMS,
      transcribeBaseUrl: trimUrl(e.AI_TRANSCRIBE_BASE_URL),
      transcribeModel: e.AI_TRANSCRIBE_MODEL,
      /** A rough English transcript on this server when no transcription server is set. */
      localTranscribe: e.AI_LOCAL_TRANSCRIBE,
      jsonMode: e.AI_JSON_MODE,
      concurrency: e.AI_CONCURRENCY,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
  };
}

const trimUrl = (url: string | undefined) => url?.replace(/\/+$/, '');

function mailDomain(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return host === 'localhost' || /^[\d.]+$/.test(host) ? 'hookline.local' : host;
}

export const runsApi = (role: Role) => role === 'all' || role === 'api';
export const runsWorkers = (role: Role) => role === 'all' || role === 'worker';
