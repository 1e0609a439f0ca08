/**
 * HTTP throughput through the full stack against a bare Fastify hello-world, with the same
 * autocannon settings, one target at a time so they never compete for the 2 cores:
 * - GET /api/feature-flags (public; flags read from the database on every request);
 * - an authenticated, brand-scoped list: GET …/assets, a page of 40 items (session, the
 *   caller's standing in the brand and the access check, then the page and its count).
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set. autocannon runs in this
 * process; each server runs in its own child process.
 * Knobs: BENCH_HTTP_CONNECTIONS (10), BENCH_HTTP_DURATION (10 s), BENCH_HTTP_WARMUP (2 s).
 */
import autocannon from 'autocannon';
import { type CreatedUser, createBenchUser, signIn } from './lib/accounts.js';
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
async function load(
  url: string,
  connections: number,
  durationS: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const samples: number[] = [];
  // duration bounds the run; the 10 s per-request timeout keeps a hung server from stalling it.
  const instance = autocannon({ url, connections, duration: durationS, timeout: 10, headers });
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
  headers: Record<string, string> = {},
): Promise<Measurement> {
  context.progress(`http-throughput: ${target}: warm-up ${settings.warmupS} s (JIT, connection pools)`);
  await load(url, settings.connections, settings.warmupS, headers);
  context.progress(`http-throughput: ${target}: measuring ${settings.durationS} s`);
  const { result, latenciesMs } = await load(url, settings.connections, settings.durationS, headers);
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

const LIST_PAGE = 40;
// One address per run: a PostgreSQL database outlives the run (the PGlite one is a fresh folder).
const BENCH_EMAIL = `throughput-${Date.now()}@bench.local`;
const BENCH_PASSWORD = 'throughput bench password';

/** A signed-in user with a folder of more than one page of items; answers the list URL and headers. */
async function prepareList(baseUrl: string, user: CreatedUser) {
  const token = await signIn(baseUrl, BENCH_EMAIL, BENCH_PASSWORD);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const brand = `${baseUrl}/api/accounts/${user.accountId}/brands/${user.brandId}`;
  const post = async (path: string, body: object) => {
    const response = await fetch(`${brand}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ id: string; folders: { key: string; id: string }[] }>;
  };
  const folder = await post('/assets/root/folders', { name: 'Throughput' });
  await post('/assets/folders/batch', {
    parentId: folder.id,
    folders: Array.from({ length: LIST_PAGE + 20 }, (_, i) => ({ key: `k${i}`, name: `Item ${i}` })),
  });
  const url = `${brand}/assets?parentId=${folder.id}&limit=${LIST_PAGE}`;
  const check = await httpGet(url, 5_000, { authorization: headers.authorization });
  const items = JSON.parse(check.body) as unknown[];
  if (check.status !== 200 || items.length !== LIST_PAGE)
    throw new Error(`GET ${url} answered ${check.status} with ${items.length} items`);
  return { url, headers: { authorization: headers.authorization } };
}

/** Both routes on one server: the public flags and the authenticated list. */
async function measureHookline(
  context: BenchContext,
  settings: LoadSettings,
  label: string,
  databaseUrl: string | undefined,
): Promise<{ flags: Measurement; list: Measurement; flagCount: number }> {
  return withDataDir(async (dir) => {
    const user = await createBenchUser(dir, { email: BENCH_EMAIL, password: BENCH_PASSWORD }, databaseUrl);
    return withServer(
      () => startHookline({ dataDir: dir, ...(databaseUrl ? { databaseUrl } : {}) }),
      async (baseUrl) => {
        const flagsUrl = `${baseUrl}/api/feature-flags`;
        const flagCount = await assertJsonObject(flagsUrl);
        const flags = await measure(context, `hookline /api/feature-flags (${label})`, flagsUrl, settings);
        const list = await prepareList(baseUrl, user);
        const listed = await measure(
          context,
          `hookline signed-in list of ${LIST_PAGE} (${label})`,
          list.url,
          settings,
          list.headers,
        );
        return { flags, list: listed, flagCount };
      },
    );
  });
}

export const httpThroughput: Bench = {
  name: 'http-throughput',
  description:
    'req/s of GET /api/feature-flags and of a signed-in, brand-scoped list of 40 assets (full stack) vs a bare Fastify hello-world',
  async run(context) {
    const settings: LoadSettings = {
      connections: envInt('BENCH_HTTP_CONNECTIONS', 10),
      durationS: envInt('BENCH_HTTP_DURATION', 10),
      warmupS: envInt('BENCH_HTTP_WARMUP', 2),
    };

    const baseline = await withServer(startHelloFastify, (baseUrl) =>
      measure(context, 'fastify hello-world', `${baseUrl}/`, settings),
    );
    const pglite = await measureHookline(context, settings, 'PGlite', undefined);
    // With DATABASE_URL set, the same routes on PostgreSQL show the stack without PGlite's
    // single serialised connection.
    const databaseUrl = process.env.DATABASE_URL;
    const postgres = databaseUrl
      ? await measureHookline(context, settings, 'PostgreSQL', databaseUrl)
      : undefined;

    const ratio = (m: Measurement) =>
      baseline.requestsPerSecond > 0 ? m.requestsPerSecond / baseline.requestsPerSecond : 0;
    const measured = [
      baseline,
      pglite.flags,
      pglite.list,
      ...(postgres ? [postgres.flags, postgres.list] : []),
    ];
    const rows = measured.map((m) => [
      m.target,
      m.requestsPerSecond,
      m === baseline ? '1.00' : ratio(m).toFixed(2),
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
      `autocannon: ${settings.connections} connections, ${settings.durationS} s after a ${settings.warmupS} s warm-up, 127.0.0.1; feature flags in database: ${pglite.flagCount}`,
      'latency: per-response hrtime samples (nearest-rank percentiles), not autocannon 1 ms histogram',
      'goal on PostgreSQL: the signed-in list at least 0.3 of hello-world',
    );
    const describe = (m: Measurement) =>
      `${m.requestsPerSecond.toLocaleString('en-US')} req/s = ${ratio(m).toFixed(2)}`;
    return {
      table: {
        columns: [
          'target',
          'req/s',
          'ratio to hello-world',
          'mean ms',
          'p50 ms',
          'p99 ms',
          'non-2xx',
          'errors',
        ],
        rows,
      },
      summary:
        `http-throughput: hello-world ${baseline.requestsPerSecond.toLocaleString('en-US')} req/s; ` +
        `PGlite flags ${describe(pglite.flags)}, signed-in list ${describe(pglite.list)}` +
        (postgres
          ? `; PostgreSQL flags ${describe(postgres.flags)}, signed-in list ${describe(postgres.list)} (goal ≥ 0.30: ${ratio(postgres.list) >= 0.3 ? 'met' : 'NOT met'})`
          : ''),
      notes,
      data: {
        settings,
        baseline,
        pglite,
        postgres,
        ratios: {
          pgliteFlags: round(ratio(pglite.flags), 4),
          pgliteList: round(ratio(pglite.list), 4),
          ...(postgres
            ? { postgresFlags: round(ratio(postgres.flags), 4), postgresList: round(ratio(postgres.list), 4) }
            : {}),
        },
      },
    };
  },
};
