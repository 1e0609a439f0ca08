import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onExit } from './cleanup.js';

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

/** A fresh directory under the OS temp dir, removed by remove() or, failing that, at exit. */
export async function makeTempDir(label: string): Promise<TempDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `hookline-bench-${label}-`));
  const unregister = onExit(() => rmSync(dir, { recursive: true, force: true }));
  return {
    path: dir,
    async remove() {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      unregister();
    },
  };
}
