/**
 * Load: virtual library users on PostgreSQL, each doing what a library user does (list
 * pages, open an asset, star, rename, create a folder, move, upload a small file).
 *
 * - Think-time mode: BENCH_LOAD_USERS (200) users with 0.5–1.5 s between actions for
 *   BENCH_LOAD_DURATION seconds (300) on one API process: req/s, p50/p95/p99 per kind of
 *   request, errors, RSS per server process, and the job backlog after.
 * - Saturation mode: BENCH_LOAD_SATURATION_USERS (50) users with no think time for
 *   BENCH_LOAD_SATURATION_DURATION seconds (30), once per API process count in
 *   BENCH_LOAD_PROCESSES ("1,2"): the most the server does per second.
 * Each run also prints where the machine's CPU went (the API processes, PostgreSQL, the
 * bench's own users: they share the cores) and the API's CPU per request, the figure that
 * says what one process could serve if it had a core to itself.
 * Needs DATABASE_URL (a PostgreSQL server it may create scratch databases on). The users
 * run in this process; the server in child processes on 127.0.0.1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { type CreatedUser, createBenchUser, signIn } from './lib/accounts.js';
import { envInt } from './lib/env.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { startHookline } from './lib/server.js';
import { percentile, round } from './lib/stats.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext } from './lib/types.js';

const KINDS = ['list', 'open', 'star', 'rename', 'createFolder', 'move', 'upload'] as const;
type Kind = (typeof KINDS)[number];
/** How often each action comes up, out of 100. */
const WEIGHTS: Record<Kind, number> = {
  list: 40,
  open: 15,
  star: 10,
  rename: 10,
  createFolder: 10,
  move: 10,
  upload: 5,
};
const ACCOUNTS = 4;
const PASSWORD = 'load bench password';

/** What is timed: every action, and each of an upload's three requests on its own. */
const UPLOAD_STEPS = ['upload: create', 'upload: PUT bytes', 'upload: complete'] as const;
type Measured = Kind | (typeof UPLOAD_STEPS)[number];
/** Rows of the table, one request each (the whole upload is its three steps). */
const REQUESTS: Measured[] = [...KINDS.filter((k) => k !== 'upload'), ...UPLOAD_STEPS];

interface Sample {
  kind: Measured;
  ms: number;
  ok: boolean;
}

class Recorder {
  readonly samples: Sample[] = [];
  readonly errors = new Map<string, number>();
  /** Whole uploads (create, PUT, complete), in ms: reported apart from the requests. */
  readonly uploads: number[] = [];
  record(kind: Measured, ms: number, status: number) {
    const ok = status >= 200 && status < 400;
    this.samples.push({ kind, ms, ok });
    if (!ok) this.errors.set(`${kind} ${status}`, (this.errors.get(`${kind} ${status}`) ?? 0) + 1);
  }
}

/** One virtual user: a session of its own, a folder of its own, and a random walk through the actions. */
class VirtualUser {
  private folders: string[] = [];
  private items: string[] = [];
  private home = '';
  private readonly headers: Record<string, string>;

  constructor(
    private readonly base: string,
    token: string,
    private readonly recorder: Recorder,
  ) {
    this.headers = { authorization: `Bearer ${token}` };
  }

  private async call(kind: Measured | null, method: string, path: string, body?: unknown) {
    const started = performance.now();
    let status = 0;
    let data: unknown;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.status;
      data = response.headers.get('content-type')?.includes('json')
        ? await response.json()
        : await response.text();
    } catch {
      status = 0;
    }
    if (kind) this.recorder.record(kind, performance.now() - started, status);
    return { status, data };
  }

  async setUp(index: number) {
    const home = await this.call(null, 'POST', '/assets/root/folders', {
      name: `User ${index} ${Date.now()}`,
    });
    this.home = (home.data as { id: string }).id;
    for (let i = 0; i < 3; i++) {
      const made = await this.call(null, 'POST', `/assets/${this.home}/folders`, { name: `Folder ${i}` });
      this.folders.push((made.data as { id: string }).id);
    }
    this.items = [...this.folders];
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(Math.random() * list.length)]!;
  }

  async act() {
    let roll = Math.random() * 100;
    let kind: Kind = 'list';
    for (const k of KINDS) {
      roll -= WEIGHTS[k];
      if (roll < 0) {
        kind = k;
        break;
      }
    }
    switch (kind) {
      case 'list': {
        const parent = Math.random() < 0.5 ? this.home : this.pick(this.folders);
        await this.call('list', 'GET', `/assets?parentId=${parent}&limit=40`);
        return;
      }
      case 'open':
        await this.call('open', 'GET', `/library/BRAND/${this.pick(this.items)}`);
        return;
      case 'star':
        await this.call(
          'star',
          'POST',
          `/library/BRAND/${this.pick(this.items)}/${Math.random() < 0.5 ? 'favorite' : 'unfavorite'}`,
        );
        return;
      case 'rename':
        await this.call('rename', 'PUT', `/assets/${this.pick(this.items)}`, {
          name: `Renamed ${Math.random().toString(36).slice(2, 8)}`,
        });
        return;
      case 'createFolder': {
        const made = await this.call('createFolder', 'POST', `/assets/${this.pick(this.folders)}/folders`, {
          name: `New ${Math.random().toString(36).slice(2, 8)}`,
        });
        if (made.status === 201) this.items.push((made.data as { id: string }).id);
        return;
      }
      case 'move': {
        const item = this.pick(this.items.filter((id) => !this.folders.includes(id)));
        if (!item)
          return this.call('list', 'GET', `/assets?parentId=${this.home}&limit=40`).then(() => undefined);
        await this.call('move', 'PUT', `/assets/move?assetIds=${item}`, {
          parentId: this.pick(this.folders),
        });
        return;
      }
      case 'upload': {
        const bytes = Buffer.from(`notes ${Date.now()}\n`);
        const started = performance.now();
        const batch = await this.call('upload: create', 'POST', '/assets/batch', {
          assets: [
            {
              name: `note-${Math.random().toString(36).slice(2, 8)}.txt`,
              size: bytes.length,
              parentId: this.pick(this.folders),
            },
          ],
        });
        const target = (
          batch.data as {
            assets?: { id: string; presignedURL: string; uploadHeaders: Record<string, string> }[];
          }
        ).assets?.[0];
        let status = batch.status;
        if (target) {
          const url = target.presignedURL.startsWith('http')
            ? target.presignedURL
            : `${new URL(this.base).origin}${target.presignedURL}`;
          const putStarted = performance.now();
          const put = await fetch(url, { method: 'PUT', headers: target.uploadHeaders, body: bytes }).catch(
            () => undefined,
          );
          status = put?.status ?? 0;
          this.recorder.record('upload: PUT bytes', performance.now() - putStarted, status);
          if (status === 200)
            status = (await this.call('upload: complete', 'POST', `/assets/${target.id}/complete-upload`, {}))
              .status;
          if (status === 200) this.items.push(target.id);
        }
        // The whole flow apart: it is three requests, not one.
        if (status === 200) this.recorder.uploads.push(performance.now() - started);
        return;
      }
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS of a process and its children (an API cluster), in MB, from /proc. */
function rssOf(pid: number): Record<number, number> {
  const result: Record<number, number> = {};
  const read = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      result[p] = round(kb / 1024);
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      for (const child of children) read(Number(child));
    } catch {
      // gone
    }
  };
  read(pid);
  return result;
}

/** The process tree under pid (an API cluster: the primary and its workers). */
function treeOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [pid, ...children.flatMap((child) => treeOf(Number(child)))];
  } catch {
    return [];
  }
}

/** CPU seconds a process has used (user + system), from /proc; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in 1/100 s on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** Every PostgreSQL process on this machine (the server under test runs on 127.0.0.1). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/**
 * CPU seconds used during a run by the API processes, PostgreSQL and the bench's own virtual
 * users, which share this machine's cores: where the ceiling is. A process that ends during
 * the run (a PostgreSQL backend) loses its share, so the figures are a floor.
 */
class CpuSplit {
  private readonly start: { api: Map<number, number>; postgres: Map<number, number>; bench: NodeJS.CpuUsage };
  constructor(private readonly apiPid: number) {
    this.start = {
      api: this.sample(treeOf(apiPid)),
      postgres: this.sample(postgresPids()),
      bench: process.cpuUsage(),
    };
  }
  private sample(pids: number[]) {
    return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
  }
  private used(before: Map<number, number>, pids: number[]) {
    return pids.reduce((sum, pid) => sum + Math.max(0, cpuSecondsOf(pid) - (before.get(pid) ?? 0)), 0);
  }
  finish(): { api: number; postgres: number; bench: number } {
    const bench = process.cpuUsage(this.start.bench);
    return {
      api: this.used(this.start.api, treeOf(this.apiPid)),
      postgres: this.used(this.start.postgres, postgresPids()),
      bench: (bench.user + bench.system) / 1e6,
    };
  }
}

interface RunResult {
  seconds: number;
  requests: number;
  /** p95 of a whole upload (its three requests one after the other). */
  uploadP95: number;
  perKind: Record<string, { count: number; errors: number; p50: number; p95: number; p99: number }>;
  errors: Record<string, number>;
  rssMb: Record<number, number>;
  /** CPU seconds used during the run, by who. */
  cpu: { api: number; postgres: number; bench: number };
  backlog: number;
}

async function runLoad(
  context: BenchContext,
  label: string,
  options: { users: number; seconds: number; thinkMs: [number, number]; processes: number; adminUrl: string },
): Promise<RunResult> {
  const database = await createScratchDatabase(options.adminUrl, 'load');
  const dataDir = await makeTempDir('load');
  try {
    const accounts: CreatedUser[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      accounts.push(
        await createBenchUser(
          dataDir.path,
          { email: `load${i}@bench.local`, password: PASSWORD, brand: `Load brand ${i}` },
          database.url,
        ),
      );
    }
    const server = await startHookline({
      dataDir: dataDir.path,
      databaseUrl: database.url,
      env: {
        API_PROCESSES: String(options.processes),
        DATABASE_POOL_MAX: '20',
        // Every virtual user signs in from 127.0.0.1 with one of four addresses; real users
        // come from their own addresses, so the sign-in limits would only measure themselves.
        AUTH_RATE_LIMIT_PER_IP: '1000000',
        AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      },
    });
    try {
      context.progress(`load: ${label}: signing in ${options.users} users`);
      const recorder = new Recorder();
      const users: VirtualUser[] = [];
      for (let i = 0; i < options.users; i++) {
        const account = accounts[i % ACCOUNTS]!;
        const token = await signIn(server.baseUrl, `load${i % ACCOUNTS}@bench.local`, PASSWORD);
        const user = new VirtualUser(
          `${server.baseUrl}/api/accounts/${account.accountId}/brands/${account.brandId}`,
          token,
          recorder,
        );
        await user.setUp(i);
        users.push(user);
      }
      context.progress(`load: ${label}: ${options.users} users for ${options.seconds} s`);
      const rss: Record<number, number> = {};
      const sampler = setInterval(() => {
        for (const [pid, mb] of Object.entries(rssOf(server.child.process.pid!)))
          rss[Number(pid)] = Math.max(rss[Number(pid)] ?? 0, mb);
      }, 2000);
      const cpu = new CpuSplit(server.child.process.pid!);
      const started = performance.now();
      const deadline = Date.now() + options.seconds * 1000;
      await Promise.all(
        users.map(async (user) => {
          // Spread the first actions over the think time so users do not march in step.
          await sleep(Math.random() * options.thinkMs[1]);
          while (Date.now() < deadline) {
            await user.act();
            const [low, high] = options.thinkMs;
            if (high > 0) await sleep(low + Math.random() * (high - low));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpuUsed = cpu.finish();
      clearInterval(sampler);
      const perKind: RunResult['perKind'] = {};
      for (const kind of REQUESTS) {
        const of = recorder.samples.filter((s) => s.kind === kind);
        const sorted = Float64Array.from(of.map((s) => s.ms)).sort();
        perKind[kind] = {
          count: of.length,
          errors: of.filter((s) => !s.ok).length,
          p50: round(percentile(sorted, 50), 1),
          p95: round(percentile(sorted, 95), 1),
          p99: round(percentile(sorted, 99), 1),
        };
      }
      await sleep(3000);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const backlog = Number(
        (
          await client.query(
            "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
          )
        ).rows[0]?.n ?? 0,
      );
      await client.end();
      return {
        seconds: round(seconds, 1),
        requests: recorder.samples.length,
        uploadP95: round(percentile(Float64Array.from(recorder.uploads).sort(), 95), 1),
        perKind,
        errors: Object.fromEntries(recorder.errors),
        rssMb: rss,
        cpu: cpuUsed,
        backlog,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await dataDir.remove();
    await database.drop();
  }
}

const READS: Measured[] = ['list', 'open'];

export const load: Bench = {
  name: 'load',
  description:
    'virtual library users on PostgreSQL: think-time load on one API process, then saturation for 1 and N processes',
  async run(context) {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      return {
        table: {
          columns: ['note'],
          rows: [['set DATABASE_URL to a PostgreSQL server: this bench measures PostgreSQL deployments']],
        },
        summary: 'load: skipped (needs DATABASE_URL)',
        data: { skipped: true },
      };
    }
    const users = envInt('BENCH_LOAD_USERS', 200);
    const seconds = envInt('BENCH_LOAD_DURATION', 300);
    const saturationUsers = envInt('BENCH_LOAD_SATURATION_USERS', 50);
    const saturationSeconds = envInt('BENCH_LOAD_SATURATION_DURATION', 30);
    const processCounts = (process.env.BENCH_LOAD_PROCESSES ?? '1,2')
      .split(',')
      .map(Number)
      .filter((n) => n >= 1);

    const think = await runLoad(context, 'think time', {
      users,
      seconds,
      thinkMs: [500, 1500],
      processes: 1,
      adminUrl,
    });
    const saturation: { processes: number; result: RunResult }[] = [];
    for (const processes of processCounts) {
      saturation.push({
        processes,
        result: await runLoad(context, `saturation, ${processes} API process(es)`, {
          users: saturationUsers,
          seconds: saturationSeconds,
          thinkMs: [0, 0],
          processes,
          adminUrl,
        }),
      });
    }

    const rows = REQUESTS.map((kind) => {
      const k = think.perKind[kind]!;
      return [kind, k.count, k.errors, k.p50, k.p95, k.p99];
    });
    const worst = (kinds: Measured[]) => Math.max(...kinds.map((k) => think.perKind[k]!.p95));
    const readP95 = worst(READS);
    const writeP95 = worst(REQUESTS.filter((k) => !READS.includes(k)));
    const errors = Object.values(think.errors).reduce((a, b) => a + b, 0);
    const rate = (r: RunResult) => round(r.requests / r.seconds);
    const cores = (r: RunResult) =>
      [r.cpu.api, r.cpu.postgres, r.cpu.bench].map((used) => round(used / r.seconds, 2)).join(' / ');
    return {
      table: { columns: ['request', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'], rows },
      tables: [
        {
          title: `${users} users, 0.5–1.5 s think time, ${think.seconds} s, one API process`,
          table: { columns: ['request', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'], rows },
        },
        {
          title: `saturation: ${saturationUsers} users, no think time, ${saturationSeconds} s`,
          table: {
            columns: [
              'API processes',
              'req/s',
              'errors',
              'RSS MB per process',
              'API CPU ms per request',
              'cores used: API / PostgreSQL / bench',
            ],
            rows: saturation.map(({ processes, result }) => [
              processes,
              rate(result),
              Object.values(result.errors).reduce((a, b) => a + b, 0),
              Object.values(result.rssMb).join(' / '),
              round((result.cpu.api * 1000) / result.requests, 2),
              cores(result),
            ]),
          },
        },
      ],
      summary:
        `load: ${users} users ${rate(think)} req/s, ${errors} errors, p95 reads ${readP95} ms (goal ≤ 200), writes ${writeP95} ms (goal ≤ 400); ` +
        `RSS ${Object.values(think.rssMb).join(' / ')} MB; job backlog after ${think.backlog}; saturation ` +
        saturation
          .map(({ processes, result }) => `${processes} process(es) ${rate(result)} req/s`)
          .join(', '),
      notes: [
        ...Object.entries(think.errors).map(([what, count]) => `errors: ${what} × ${count}`),
        `the users run in the bench process on the same ${os.cpus().length} cores as the server and PostgreSQL: saturation is the machine's, and the API's CPU per request is what one process would do alone (1000 ÷ it = its ceiling in req/s)`,
        `think time: API CPU ${round((think.cpu.api * 1000) / think.requests, 2)} ms per request; cores used: API / PostgreSQL / bench ${cores(think)}`,
        `a whole upload (create, PUT bytes, complete, one after the other): p95 ${think.uploadP95} ms`,
      ],
      data: { users, seconds, think, saturation },
    };
  },
};
