import path from 'node:path';
import { repoRoot } from './paths.js';
import { runToCompletion } from './processes.js';

/**
 * Always runs the incremental build: tsc -b is a no-op when dist is current, and that is
 * cheaper and more reliable than comparing file times ourselves.
 */
export async function buildServer(): Promise<void> {
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  await runToCompletion(process.execPath, [tsc, '-b', 'packages/contract', 'apps/server'], {
    cwd: repoRoot,
    timeoutMs: 300_000,
  });
}
