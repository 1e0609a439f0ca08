import fs from 'node:fs/promises';
import path from 'node:path';

/** Our scratch folders in a shared temp folder start with this (media jobs, GIFs, clips). */
export const SCRATCH_PREFIX = 'hookline-';

/** Removes the entries of `dir` that `matches` and nothing inside has touched since the cutoff. */
export async function removeUntouched(
  dir: string,
  olderThan: Date,
  matches: (name: string) => boolean,
): Promise<number> {
  let removed = 0;
  for (const entry of await fs.readdir(dir).catch(() => [])) {
    if (!matches(entry)) continue;
    const file = path.join(dir, entry);
    if ((await lastTouched(file)) < olderThan) {
      await fs.rm(file, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** The latest change of a file, or of anything in a folder (a media job writes inside its own). */
async function lastTouched(file: string): Promise<Date> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) return new Date();
  if (!stat.isDirectory()) return stat.mtime;
  let latest = stat.mtime;
  for (const entry of await fs.readdir(file).catch(() => [])) {
    const inner = await lastTouched(path.join(file, entry));
    if (inner > latest) latest = inner;
  }
  return latest;
}
