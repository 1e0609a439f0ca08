/**
 * Startup: spawn → first 200 from GET /api/health, polled every 25 ms.
 *  - empty DATA_DIR: a fresh temp dir each run, so PGlite initdb, migrations and the queue
 *    install are all included;
 *  - existing DATA_DIR: the first run's dir reopened after a clean SIGTERM stop;
 *  - PostgreSQL: only when DATABASE_URL is set in the bench's environment.
 * Knobs: BENCH_STARTUP_EMPTY_RUNS (3), BENCH_STARTUP_EXISTING_RUNS (5).
 */
import { envInt } from './lib/env.js';
import { READY_POLL_MS, startHookline } from './lib/server.js';
import { round, type Summary, summarize } from './lib/stats.js';
import type { Cell } from './lib/table.js';
import { makeTempDir, type TempDir } from './lib/tempdir.js';
import type { Bench, BenchContext } from './lib/types.js';

interface Case {
  label: string;
  samplesMs: number[];
  summary: Summary;
  driver: string;
}

/** Starts, records the time to ready and the driver /api/health reports, then stops cleanly. */
async function timeOneStart(dataDir: string, databaseUrl?: string): Promise<{ ms: number; driver: string }> {
  const server = await startHookline({ dataDir, databaseUrl });
  try {
    const health = JSON.parse(server.readyBody) as { database?: { driver?: string } };
    return { ms: server.readyMs, driver: health.database?.driver ?? 'unknown' };
  } finally {
    // A clean stop matters: the next "existing DATA_DIR" run reopens this database.
    await server.stop();
  }
}

async function measure(
  context: BenchContext,
  label: string,
  runs: number,
  dataDirFor: (run: number) => Promise<string>,
  databaseUrl?: string,
): Promise<Case> {
  const samplesMs: number[] = [];
  let driver = 'unknown';
  for (let run = 0; run < runs; run++) {
    const result = await timeOneStart(await dataDirFor(run), databaseUrl);
    samplesMs.push(round(result.ms, 1));
    driver = result.driver;
    context.progress(`startup: ${label} #${run + 1}/${runs}: ${Math.round(result.ms)} ms`);
  }
  return { label, samplesMs, summary: summarize(samplesMs), driver };
}

/** host:port/database only: the URL's credentials must never reach stdout or results JSON. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export const startup: Bench = {
  name: 'startup',
  description: 'Time from spawning the server to the first 200 from GET /api/health',
  async run(context) {
    const emptyRuns = envInt('BENCH_STARTUP_EMPTY_RUNS', 3);
    const existingRuns = envInt('BENCH_STARTUP_EXISTING_RUNS', 5);
    const dirs: TempDir[] = [];
    const freshDir = async () => {
      const dir = await makeTempDir('startup');
      dirs.push(dir);
      return dir.path;
    };
    const cases: Case[] = [];
    try {
      cases.push(await measure(context, 'PGlite, empty DATA_DIR', emptyRuns, freshDir));
      // Reuse the first, already initialised and cleanly stopped, directory.
      const existing = dirs[0]!.path;
      cases.push(await measure(context, 'PGlite, existing DATA_DIR', existingRuns, async () => existing));

      const databaseUrl = process.env.DATABASE_URL;
      if (databaseUrl) {
        const label = `PostgreSQL ${describeDatabaseUrl(databaseUrl)}`;
        // DATA_DIR is still required but unused by PostgreSQL; one scratch dir serves all runs.
        const scratch = await freshDir();
        // The first start may also apply migrations to that database, so it gets its own row.
        cases.push(await measure(context, `${label}, first start`, 1, async () => scratch, databaseUrl));
        cases.push(
          await measure(context, `${label}, restart`, existingRuns, async () => scratch, databaseUrl),
        );
      }
    } finally {
      await Promise.all(dirs.map((dir) => dir.remove()));
    }

    const rows: Cell[][] = cases.map((c) => [
      c.label,
      c.driver,
      c.summary.runs,
      round(c.summary.min),
      round(c.summary.median),
      round(c.summary.max),
    ]);
    const parts = cases.map((c) => `${c.label} ${round(c.summary.median)} ms`);
    return {
      table: { columns: ['case', 'driver', 'runs', 'min ms', 'median ms', 'max ms'], rows },
      summary: `startup median: ${parts.join('; ')}`,
      notes: [
        `readiness polled every ${READY_POLL_MS} ms, so figures carry up to ~${READY_POLL_MS} ms of slack`,
      ],
      data: { pollIntervalMs: READY_POLL_MS, cases },
    };
  },
};
