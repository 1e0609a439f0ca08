import type { UploadSource } from './upload-manager';

/**
 * Files from a drop or a file input, with their folder paths for folder uploads
 * (000 §4 "Folder upload"). Dropped folders are walked with the File System entries API.
 */

interface FileSystemEntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(success: (file: File) => void, failure: (error: unknown) => void): void;
  createReader?(): {
    readEntries(success: (entries: FileSystemEntryLike[]) => void, failure: (e: unknown) => void): void;
  };
}

function readFile(entry: FileSystemEntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file!(resolve, reject));
}

/** readEntries answers at most ~100 entries a call: read until it answers none. */
async function readAll(entry: FileSystemEntryLike): Promise<FileSystemEntryLike[]> {
  const reader = entry.createReader!();
  const all: FileSystemEntryLike[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntryLike[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntryLike, prefix: string, out: UploadSource[]): Promise<void> {
  if (entry.isFile) {
    const file = await readFile(entry);
    out.push({ file, name: file.name, ...(prefix ? { relativePath: `${prefix}${file.name}` } : {}) });
  } else if (entry.isDirectory) {
    for (const child of await readAll(entry)) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

/** Whether a drag carries files from the computer (not a card being dragged inside the page). */
export function hasFiles(dataTransfer: DataTransfer | null): boolean {
  return Boolean(dataTransfer && Array.from(dataTransfer.types).includes('Files'));
}

export async function sourcesFromDataTransfer(dataTransfer: DataTransfer): Promise<UploadSource[]> {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  // Entries must be taken synchronously, before the drop event ends.
  const entries: FileSystemEntryLike[] = [];
  for (const item of items) {
    const entry = (item.webkitGetAsEntry?.() ?? null) as unknown as FileSystemEntryLike | null;
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) return sourcesFromFiles(Array.from(dataTransfer.files));
  const out: UploadSource[] = [];
  for (const entry of entries) await walk(entry, '', out);
  return out;
}

/** Files of an <input type="file"> (webkitRelativePath is set for folder pickers). */
export function sourcesFromFiles(files: readonly File[]): UploadSource[] {
  return files.map((file) => {
    const relative = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    return { file, name: file.name, ...(relative ? { relativePath: relative } : {}) };
  });
}
