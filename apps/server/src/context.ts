import path from 'node:path';
import { brandVariants } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.js';
import { runsWorkers } from './config.js';
import { AccessRepository } from './modules/access/repository.js';
import { AccessService } from './modules/access/service.js';
import { DemoService } from './modules/demo/service.js';
import { FeatureFlagsRepository } from './modules/feature-flags/repository.js';
import { FeatureFlagsService } from './modules/feature-flags/service.js';
import { HealthService } from './modules/health/service.js';
import { AccountsRepository } from './modules/identity/accounts-repository.js';
import { AccountsService } from './modules/identity/accounts-service.js';
import { AuthRepository } from './modules/identity/auth-repository.js';
import { AuthService } from './modules/identity/auth-service.js';
import { createGoogleIdentity } from './modules/identity/google.js';
import { JobsRepository } from './modules/jobs/repository.js';
import { JobsService } from './modules/jobs/service.js';
import { MediaUrls } from './modules/library/media-urls.js';
import { LibraryRepository } from './modules/library/repository.js';
import { LibraryService } from './modules/library/service.js';
import { DownloadsService } from './modules/uploads/downloads-service.js';
import { ProcessingService } from './modules/uploads/processing-service.js';
import { UploadsRepository } from './modules/uploads/repository.js';
import { UploadsService } from './modules/uploads/service.js';
import { StorageSweeper } from './modules/uploads/sweeper.js';
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
import { VERSION } from './version.js';

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
  services: {
    health: HealthService;
    featureFlags: FeatureFlagsService;
    jobs: JobsService;
    access: AccessService;
    accounts: AccountsService;
    auth: AuthService;
    library: LibraryService;
    uploads: UploadsService;
    processing: ProcessingService;
    sweeper: StorageSweeper;
    downloads: DownloadsService;
    demo: DemoService;
  };
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
    const featureFlags = new FeatureFlagsService(new FeatureFlagsRepository(database.db), config.appEnv);
    const accountsRepository = new AccountsRepository(database.db);
    const access = new AccessService(new AccessRepository(database.db));
    let auth: AuthService | undefined;
    const accounts = new AccountsService(
      accountsRepository,
      access,
      () => auth!,
      mailer,
      config.mail.supportEmail,
    );
    auth = new AuthService(
      new AuthRepository(database.db),
      accountsRepository,
      accounts,
      featureFlags,
      new RateLimiter(database),
      mailer,
      createGoogleIdentity(config.google.apiBaseUrl),
      config,
      brandVariants[config.brandVariant].name,
      log,
      access,
    );
    const jobs = new JobsService(new JobsRepository(database.db), registry, queue, access, log);
    const { storage, signer } = await createStorage(config);
    const media = new MediaTools(
      resolveMediaBinaries(config.media),
      // Headers are checked against the pixel limit first; this guards the decoder itself.
      (config.uploadLimits.imageMaxPixels + 1) ** 2,
    );
    const library = new LibraryService(
      new LibraryRepository(database.db),
      access,
      queue,
      log,
      new MediaUrls(signer),
    );
    library.registerQueues();
    const uploadsRepository = new UploadsRepository(database.db);
    const uploads = new UploadsService(
      uploadsRepository,
      access,
      library,
      accounts,
      storage,
      signer,
      queue,
      config,
    );
    const processing = new ProcessingService(uploadsRepository, uploads, storage, media, queue, config, log);
    processing.registerQueues();
    const sweeper = new StorageSweeper(uploadsRepository, storage, queue, log);
    sweeper.registerQueues();
    const downloads = new DownloadsService(
      uploadsRepository,
      access,
      library,
      jobs,
      accounts,
      storage,
      media,
      mailer,
      queue,
      config,
      log,
    );
    downloads.registerJobs(registry);
    // After every module has registered its job types.
    jobs.registerQueues();
    return {
      config,
      log,
      database,
      queue,
      registry,
      storage,
      signer,
      services: {
        health: new HealthService(database, queue, config.role, VERSION),
        featureFlags,
        jobs,
        access,
        accounts,
        auth,
        library,
        uploads,
        processing,
        sweeper,
        downloads,
        demo: new DemoService(accounts, library, uploads, media.binaries.ffmpeg, log),
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
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
