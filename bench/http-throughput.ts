/**
 * HTTP throughput: GET /api/feature-flags through the full stack (built server on PGlite,
 * flags read from the database on every request) against a bare Fastify hello-world, with the
 * same autocannon settings, one target at a time so they never compete for the 2 cores.
 * autocannon runs in this process; each server runs in its own child process.
 * Knobs: BENCH_HTTP_CONNECTIONS (10), BENCH_HTTP_DURATION (10 s), BENCH_HTTP_WARMUP (2 s).
 */
import autocannon from 'autocannon';
import { envInt } from './lib/env.js';
import { httpGet } from './lib/http.js';
import { type RunningServer, startHelloFastify, startHookline } from './lib/server.js';
import { percentile, round } from './lib/stats.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext } from './lib/types.js';

interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

interface Measurement {
  target: string;
  url: string;
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface LoadResult {
  result: autocannon.Result;
  /** Every response time in ms, ascending. */
  latenciesMs: Float64Array;
}

/**
 * autocannon's latency histogram stores whole milliseconds, which reads as 0 ms for a fast
 * route; its per-response event carries the hrtime duration, so percentiles come from that.
 */
async function load(url: string, connections: number, durationS: number): Promise<LoadResult> {
  const samples: number[] = [];
  // duration bounds the run; the 10 s per-request timeout keeps a hung server from stalling it.
  const instance = autocannon({ url, connections, duration: durationS, timeout: 10 });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    samples.push(responseTime);
  });
  const result = await instance;
  return { result, latenciesMs: Float64Array.from(samples).sort() };
}

async function measure(
  context: BenchContext,
  target: string,
  url: string,
  settings: LoadSettings,
): Promise<Measurement> {
  context.progress(`http-throughput: ${target}: warm-up ${settings.warmupS} s (JIT, connection pools)`);
  await load(url, settings.connections, settings.warmupS);
  context.progress(`http-throughput: ${target}: measuring ${settings.durationS} s`);
  const { result, latenciesMs } = await load(url, settings.connections, settings.durationS);
  const meanMs = latenciesMs.reduce((sum, v) => sum + v, 0) / latenciesMs.length;
  return {
    target,
    url,
    requestsPerSecond: round(result.requests.average),
    totalRequests: result.requests.total,
    latencyP50Ms: round(percentile(latenciesMs, 50), 2),
    latencyP99Ms: round(percentile(latenciesMs, 99), 2),
    latencyMeanMs: round(meanMs, 2),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Starts a server, hands its base URL to fn and always stops it, even when fn throws. */
async function withServer<T>(start: () => Promise<RunningServer>, fn: (baseUrl: string) => Promise<T>) {
  const server = await start();
  try {
    return await fn(server.baseUrl);
  } finally {
    await server.stop();
  }
}

async function withDataDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dataDir = await makeTempDir('http');
  try {
    return await fn(dataDir.path);
  } finally {
    await dataDir.remove();
  }
}

/** Fails before loading if the route is broken: req/s of error responses would mean nothing. */
async function assertJsonObject(url: string): Promise<number> {
  const response = await httpGet(url, 5_000);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body}`);
  const body: unknown = JSON.parse(response.body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`GET ${url} did not return a JSON object: ${response.body}`);
  }
  return Object.keys(body).length;
}

export const httpThroughput: Bench = {
  name: 'http-throughput',
  description: 'req/s of GET /api/feature-flags (full stack, PGlite) vs a bare Fastify hello-world',
  async run(context) {
    const settings: LoadSettings = {
      connections: envInt('BENCH_HTTP_CONNECTIONS', 10),
      durationS: envInt('BENCH_HTTP_DURATION', 10),
      warmupS: envInt('BENCH_HTTP_WARMUP', 2),
    };

    const baseline = await withServer(startHelloFastify, (baseUrl) =>
      measure(context, 'fastify hello-world', `${baseUrl}/`, settings),
    );

    const dataDir = await makeTempDir('http');
    let flagCount = 0;
    let hookline: Measurement;
    try {
      hookline = await withServer(
        () => startHookline({ dataDir: dataDir.path }),
        async (baseUrl) => {
          const url = `${baseUrl}/api/feature-flags`;
          flagCount = await assertJsonObject(url);
          return measure(context, 'hookline /api/feature-flags', url, settings);
        },
      );
    } finally {
      await dataDir.remove();
    }

    // With DATABASE_URL set, the same route on PostgreSQL shows the stack without PGlite's
    // single serialised connection.
    const databaseUrl = process.env.DATABASE_URL;
    const postgres = databaseUrl
      ? await withDataDir((dir) =>
          withServer(
            () => startHookline({ dataDir: dir, databaseUrl }),
            (baseUrl) =>
              measure(
                context,
                'hookline /api/feature-flags (PostgreSQL)',
                `${baseUrl}/api/feature-flags`,
                settings,
              ),
          ),
        )
      : undefined;

    const ratio =
      baseline.requestsPerSecond > 0 ? hookline.requestsPerSecond / baseline.requestsPerSecond : 0;
    const measured = postgres ? [baseline, hookline, postgres] : [baseline, hookline];
    const rows = measured.map((m) => [
      m.target,
      m.requestsPerSecond,
      m.latencyMeanMs,
      m.latencyP50Ms,
      m.latencyP99Ms,
      m.non2xx,
      m.errors,
    ]);
    const notes = measured
      .filter((m) => m.non2xx > 0 || m.errors > 0)
      .map((m) => `WARNING: ${m.target} had ${m.non2xx} non-2xx responses and ${m.errors} errors`);
    notes.push(
      `autocannon: ${settings.connections} connections, ${settings.durationS} s after a ${settings.warmupS} s warm-up, 127.0.0.1; feature flags in database: ${flagCount}`,
      'latency: per-response hrtime samples (nearest-rank percentiles), not autocannon 1 ms histogram',
    );
    return {
      table: { columns: ['target', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'], rows },
      summary:
        `http-throughput: /api/feature-flags ${hookline.requestsPerSecond.toLocaleString('en-US')} req/s = ` +
        `${(ratio * 100).toFixed(1)}% of bare Fastify (${baseline.requestsPerSecond.toLocaleString('en-US')} req/s); ` +
        `p99 ${hookline.latencyP99Ms} ms vs ${baseline.latencyP99Ms} ms` +
        (postgres
          ? `; on PostgreSQL ${postgres.requestsPerSecond.toLocaleString('en-US')} req/s = ${((postgres.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`
          : ''),
      notes,
      data: { settings, flagCount, ratio: round(ratio, 4), baseline, hookline, postgres },
    };
  },
};
