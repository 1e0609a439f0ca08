import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is one process's database. Two processes on one DATA_DIR would corrupt it, so the
 * first one takes a lock file holding its pid; a stale file (dead pid) is taken over.
 */
export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return {
        async release() {
          await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by process ${holder}; stop it first or use another DATA_DIR (or PostgreSQL via DATABASE_URL for several processes)`,
        );
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
