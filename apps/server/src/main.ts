import { type App, buildApp } from './app.js';
import { type ApiCluster, forkApiProcesses, shouldFork } from './cluster.js';
import { ConfigError, loadConfig, runsApi } from './config.js';
import { type AppContext, closeContext, createContext, createLogger, startContext } from './context.js';
import { installProcessGuards } from './platform/observability/process-guards.js';
import { flushSentry, initSentry } from './platform/observability/sentry.js';
import { VERSION } from './version.js';

/** Process entry: config → context → HTTP (api/all) and workers (worker/all) → clean shutdown. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const log = createLogger(config);
  installProcessGuards(log);
  initSentry({ dsn: config.sentryDsn, environment: config.appEnv, release: VERSION });
  const started = Date.now();
  let context: AppContext | undefined;
  let app: App | undefined;
  let apiCluster: ApiCluster | undefined;
  let stopping = false;

  if (shouldFork(config)) {
    if (!config.databaseUrl) {
      log.warn(
        { apiProcesses: config.apiProcesses },
        'API_PROCESSES needs DATABASE_URL: the embedded database serves one process, so this runs one',
      );
    } else {
      apiCluster = forkApiProcesses(config, log);
      // This primary serves no HTTP; with ROLE=all it runs the job workers.
      config = { ...config, role: config.role === 'all' ? 'worker' : config.role };
    }
  }

  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await apiCluster?.stop();
      await app?.close();
      if (context) await closeContext(context);
      await flushSentry();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (apiCluster && config.role === 'api') return; // ROLE=api primary: only the forked processes work
  try {
    context = await createContext(config, { log });
    await startContext(context);
    if (runsApi(config.role) && config.seedDemo) {
      const demo = await context.services.demo.seed();
      if (demo) {
        log.info(
          { email: demo.email, password: demo.password, url: `${config.publicUrl}/signin`, highlight: true },
          `Demo workspace created. Sign in at ${config.publicUrl}/signin as ${demo.email} with password ${demo.password}`,
        );
      }
    }
    if (runsApi(config.role)) {
      app = await buildApp(context);
      await app.listen({ port: config.port, host: config.host });
    }
    log.info(
      {
        role: config.role,
        database: context.database.driver,
        url: runsApi(config.role) ? config.publicUrl : undefined,
        startupMs: Date.now() - started,
      },
      runsApi(config.role) ? `Hookline is running at ${config.publicUrl}` : 'Hookline worker is running',
    );
  } catch (error) {
    log.fatal({ err: error }, 'could not start');
    await app?.close().catch(() => {});
    if (context) await closeContext(context).catch(() => {});
    process.exit(1);
  }
}

void main();
