import { type ChildProcess, spawn } from 'node:child_process';
import { onExit } from './cleanup.js';

/** Enough of a child's output to explain a failure without holding a chatty log in memory. */
const OUTPUT_TAIL_CHARS = 16_000;

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  process: ChildProcess;
  /** Resolves once the process has exited (or failed to spawn: code null, signal null). */
  exited: Promise<ExitInfo>;
  /** The last few kB of stdout and stderr, interleaved. */
  output(): string;
  isRunning(): boolean;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Spawns a child that is SIGKILLed at exit if nothing stopped it before, so a crashed or
 * interrupted bench never leaves a server holding a port or a database directory.
 */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const collect = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  // Always drain the pipes: a full pipe buffer would block the child mid-benchmark.
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let running = true;
  const unregister = onExit(() => {
    if (running) child.kill('SIGKILL');
  });
  const exited = new Promise<ExitInfo>((resolve) => {
    const done = (info: ExitInfo) => {
      running = false;
      unregister();
      resolve(info);
    };
    child.once('exit', (code, signal) => done({ code, signal }));
    child.once('error', (error) => {
      collect(Buffer.from(`spawn error: ${error.message}\n`));
      done({ code: null, signal: null });
    });
  });

  return { process: child, exited, output: () => tail, isRunning: () => running };
}

/**
 * SIGTERM, then SIGKILL if the child has not exited within graceMs. Returns how it exited so
 * callers can insist on a clean stop where it matters (reusing a database directory).
 */
export async function stopChild(child: Child, graceMs: number): Promise<ExitInfo & { forced: boolean }> {
  if (!child.isRunning()) return { ...(await child.exited), forced: false };
  child.process.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  const first = await Promise.race([child.exited, timedOut]);
  clearTimeout(timer);
  if (first !== 'timeout') return { ...first, forced: false };
  child.process.kill('SIGKILL');
  return { ...(await child.exited), forced: true };
}

/** Runs a command to completion with a hard time limit; rejects with its output on failure. */
export async function runToCompletion(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs: number },
): Promise<void> {
  const child = spawnTracked(command, args, options);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  const result = await Promise.race([child.exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    await stopChild(child, 2_000);
    throw new Error(
      `${command} ${args.join(' ')} timed out after ${options.timeoutMs} ms\n${child.output()}`,
    );
  }
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.code}`})\n${child.output()}`,
    );
  }
}
