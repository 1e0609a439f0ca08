import path from 'node:path';
import { brandVariants } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.js';
import { runsWorkers } from './config.js';
import { modules, type Services } from './modules/index.js';
import { creationOrder, type Platform } from './modules/manifest.js';
import { type DatabaseHandle, openDatabase } from './platform/db/client.js';
import { migrateDatabase } from './platform/db/migrate.js';
import { RateLimiter } from './platform/http/rate-limiter.js';
import { JobQueue } from './platform/jobs/queue.js';
import { JobRegistry } from './platform/jobs/registry.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { resolveMediaBinaries } from './platform/media/binaries.js';
import { MediaTools } from './platform/media/media-tools.js';
import { prettyDestination, wantsPrettyLogs } from './platform/observability/log-format.js';
import { createStorage } from './platform/storage/create-storage.js';
import type { UrlSigner } from './platform/storage/signed-urls.js';
import type { Storage } from './platform/storage/storage.js';

/**
 * Everything a process needs, wired once: the database, the queue, the job registry and
 * the services. API and worker processes build the same context; only the API listens.
 */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  queue: JobQueue;
  registry: JobRegistry;
  storage: Storage;
  signer: UrlSigner;
  services: Services;
}

export interface CreateContextOptions {
  log?: FastifyBaseLogger;
  /** Job types to register besides the built-in ones (tests add their own). */
  registry?: JobRegistry;
  /** Use an already open database (tests share one per file). */
  database?: DatabaseHandle;
  /** PGlite in memory instead of under DATA_DIR (tests). */
  inMemory?: boolean;
  /** Replace the SMTP / file-outbox mailer (tests capture messages). */
  mailer?: Mailer;
}

export function createLogger(
  config: Pick<Config, 'logLevel' | 'appEnv'> & Partial<Pick<Config, 'logFormat'>>,
): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    base: { service: 'hookline' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-share-token"]'],
      remove: true,
    },
  };
  return wantsPrettyLogs(config.logFormat ?? 'json', process.stdout)
    ? pino(options, prettyDestination(process.stdout))
    : pino(options);
}

export async function createContext(config: Config, options: CreateContextOptions = {}): Promise<AppContext> {
  const log = options.log ?? createLogger(config);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemory ? undefined : config.dataDir,
      poolMax: config.databasePoolMax,
    }));
  try {
    await migrateDatabase(database);
    const registry = options.registry ?? new JobRegistry();
    const queue = new JobQueue(database, log, {
      runWorkers: runsWorkers(config.role),
      pollIntervalMs: config.jobs.pollIntervalMs,
      concurrency: config.jobs.concurrency,
      heartbeatMs: config.jobs.heartbeatMs,
      leaseTimeoutMs: config.jobs.leaseTimeoutMs,
    });
    const mailer =
      options.mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outboxDir: path.join(config.dataDir, 'mail'),
        log,
      });
    const { storage, signer } = await createStorage(config);
    const media = new MediaTools(
      resolveMediaBinaries(config.media),
      // Headers are checked against the pixel limit first; this guards the decoder itself.
      (config.uploadLimits.imageMaxPixels + 1) ** 2,
    );
    const platform: Platform = {
      config,
      log,
      database,
      queue,
      registry,
      storage,
      signer,
      mailer,
      media,
      limiter: new RateLimiter(database),
      productName: brandVariants[config.brandVariant].name,
    };
    const services = createServices(platform);
    return {
      config,
      log,
      database,
      queue,
      registry,
      storage,
      signer,
      services,
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}

/** Every module's service, created in the order of their needs, then their background work. */
function createServices(platform: Platform): Services {
  const services = {} as Record<string, unknown>;
  const ordered = creationOrder(modules);
  for (const manifest of ordered) {
    services[manifest.name] = manifest.create(platform, services as unknown as Services);
  }
  const created = services as unknown as Services;
  for (const manifest of ordered) manifest.jobs?.(created[manifest.name] as never, platform);
  // After every module has registered its job types.
  created.jobs.registerQueues();
  return created;
}

/** Starts the queue (and its workers when the role runs them). */
export async function startContext(context: AppContext): Promise<void> {
  await context.queue.start();
}

/** Stops the queue (letting running handlers finish), then closes the database. */
export async function closeContext(
  context: AppContext,
  options: { keepDatabase?: boolean } = {},
): Promise<void> {
  await context.queue.stop(context.config.shutdownTimeoutMs);
  if (!options.keepDatabase) await context.database.close();
}
