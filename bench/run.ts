/**
 * Benchmark runner: `npm run bench` runs every bench, `npm run bench -- startup` one (or more)
 * by name. Figures go to stdout, progress to stderr, and each bench's results to
 * bench/results/<name>.json (git-ignored). Add a bench by exporting a Bench from a module in
 * bench/ and listing it in `benches` below.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ai } from './ai.js';
import { analytics } from './analytics.js';
import { crash } from './crash.js';
import { httpThroughput } from './http-throughput.js';
import { buildServer } from './lib/build.js';
import { envInt } from './lib/env.js';
import { repoRoot, resultsDir } from './lib/paths.js';
import { formatTable } from './lib/table.js';
import type { Bench, BenchContext } from './lib/types.js';
import { library } from './library.js';
import { load } from './load.js';
import { search } from './search.js';
import { searchKnn } from './search-knn.js';
import { startup } from './startup.js';
import { uploads } from './uploads.js';
import { web } from './web.js';

const benches: readonly Bench[] = [
  startup,
  httpThroughput,
  library,
  uploads,
  crash,
  load,
  web,
  ai,
  search,
  searchKnn,
  analytics,
];

const context: BenchContext = {
  progress: (message) => process.stderr.write(`… ${message}\n`),
};

function selectBenches(names: string[]): Bench[] {
  if (names.length === 0) return [...benches];
  const unknown = names.filter((name) => !benches.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    const known = benches.map((bench) => `  ${bench.name}  ${bench.description}`).join('\n');
    throw new Error(`unknown bench: ${unknown.join(', ')}\navailable:\n${known}`);
  }
  return benches.filter((bench) => names.includes(bench.name));
}

/** Where and on what the figures were taken: results are meaningless without it. */
function environment() {
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, timeout: 5_000 })
      .toString()
      .trim();
  } catch {
    commit = undefined;
  }
  return {
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    commit,
  };
}

async function main(): Promise<number> {
  const selected = selectBenches(process.argv.slice(2));
  // The whole run must end by itself even if a server hangs in a way no inner timeout caught;
  // process.exit fires the exit cleanup that kills children and removes temp dirs.
  const limitMs = envInt('BENCH_TIMEOUT_S', 900) * 1000;
  setTimeout(() => {
    process.stderr.write(`bench: gave up after ${limitMs / 1000} s (BENCH_TIMEOUT_S)\n`);
    process.exit(1);
  }, limitMs).unref();

  context.progress('building packages/contract and apps/server (tsc -b)');
  await buildServer();
  await mkdir(resultsDir, { recursive: true });
  const env = environment();

  const summaries: string[] = [];
  let failures = 0;
  for (const bench of selected) {
    const started = Date.now();
    context.progress(`${bench.name}: ${bench.description}`);
    try {
      const report = await bench.run(context);
      const tables = report.tables
        ? report.tables.flatMap(({ title, table }) => [`### ${title}\n`, formatTable(table), ''])
        : [formatTable(report.table), ''];
      const lines = [`\n## ${bench.name}: ${bench.description}\n`, ...tables];
      for (const note of report.notes ?? []) lines.push(`note: ${note}`);
      lines.push(`summary: ${report.summary}`);
      process.stdout.write(`${lines.join('\n')}\n`);
      summaries.push(report.summary);
      const file = path.join(resultsDir, `${bench.name}.json`);
      const json = {
        bench: bench.name,
        description: bench.description,
        finishedAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        environment: env,
        summary: report.summary,
        table: report.table,
        notes: report.notes ?? [],
        data: report.data,
      };
      await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
      context.progress(`${bench.name}: wrote ${path.relative(repoRoot, file)}`);
    } catch (error) {
      failures++;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`\n${bench.name} FAILED: ${message}\n`);
      summaries.push(`${bench.name}: FAILED`);
    }
  }

  process.stdout.write(`\n## summary (${env.node}, ${env.cpus} CPUs, ${env.commit ?? 'no commit'})\n`);
  process.stdout.write(`${summaries.map((line) => `- ${line}`).join('\n')}\n`);
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
