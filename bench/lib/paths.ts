import path from 'node:path';

/** bench/ sits directly under the repository root; resolving from here makes every bench cwd-independent. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const benchDir = path.join(repoRoot, 'bench');
export const resultsDir = path.join(benchDir, 'results');
export const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
