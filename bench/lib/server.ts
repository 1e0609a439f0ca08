import path from 'node:path';
import { waitFor200 } from './http.js';
import { benchDir, repoRoot, serverEntry } from './paths.js';
import { getFreePort } from './ports.js';
import { type Child, spawnTracked, stopChild } from './processes.js';

/** PGlite initdb + migrations on a slow disk can take a while; anything beyond this is a hang. */
const READY_TIMEOUT_MS = 90_000;
/** Above Hookline's own forced-exit delay (SHUTDOWN_TIMEOUT_MS 15 s + 5 s). */
const STOP_GRACE_MS = 25_000;
/** The brief's polling cadence; it bounds startup resolution to ~25 ms. */
export const READY_POLL_MS = 25;

export interface RunningServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  /** Milliseconds from spawn() to the first 200 on the readiness path. */
  readyMs: number;
  /** Body of that first 200. */
  readyBody: string;
  child: Child;
  /** SIGTERM and wait; throws unless the process exited 0 on its own. */
  stop(): Promise<void>;
}

interface StartOptions {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
}

async function startService(options: StartOptions): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // Timed from just before spawn so node boot and module loading count, as they do for users.
  const started = performance.now();
  const child = spawnTracked(process.execPath, options.args, { cwd: repoRoot, env: options.env });
  try {
    const ready = await waitFor200(`${baseUrl}${options.readyPath}`, {
      timeoutMs: READY_TIMEOUT_MS,
      intervalMs: READY_POLL_MS,
      isAlive: child.isRunning,
      describeFailure: child.output,
    });
    const readyMs = performance.now() - started;
    return {
      baseUrl,
      readyMs,
      readyBody: ready.body,
      child,
      async stop() {
        const exit = await stopChild(child, STOP_GRACE_MS);
        if (exit.forced || exit.code !== 0) {
          const how = exit.forced ? 'had to be killed' : `exited with ${exit.signal ?? exit.code}`;
          throw new Error(`${options.name} did not stop cleanly: ${how}\n${child.output()}`);
        }
      },
    };
  } catch (error) {
    await stopChild(child, 2_000);
    throw error;
  }
}

export interface HooklineOptions {
  dataDir: string;
  /** postgres://… to run against PostgreSQL; undefined for the embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** More environment (limits, concurrency) for benches that need it. */
  env?: Record<string, string>;
}

/** Starts the built server (apps/server/dist/main.js) and waits for GET /api/health → 200. */
export async function startHookline(options: HooklineOptions): Promise<RunningServer> {
  const port = await getFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ROLE: 'all',
    // Logging to a pipe costs CPU that would skew both startup and throughput.
    LOG_LEVEL: 'warn',
    APP_ENV: 'production',
    // Rate limiting is opt-in per route; if a measured route ever opts in, the load test must
    // measure the handler, not a wall of 429s.
    RATE_LIMIT_MAX: '1000000000',
  };
  // Never report bench noise to a real Sentry project, and never inherit a database by accident.
  delete env.SENTRY_DSN;
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in
  // Chrome DevTools or speedscope) — how the hot requests were profiled (issue 20).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  return startService({
    name: 'Hookline',
    args: [...profile, serverEntry],
    env,
    port,
    readyPath: '/api/health',
  });
}

/**
 * Starts the bare Fastify hello-world baseline in its own process (so it never shares an
 * event loop with autocannon). It runs under tsx's loader, which only affects module loading,
 * not request handling.
 */
export async function startHelloFastify(): Promise<RunningServer> {
  const port = await getFreePort();
  const script = path.join(benchDir, 'fixtures', 'hello-fastify.ts');
  return startService({
    name: 'hello-fastify',
    args: ['--import', 'tsx', script],
    env: { ...process.env, PORT: String(port) },
    port,
    readyPath: '/',
  });
}
