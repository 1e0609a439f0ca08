import {
  type Asset,
  type CreateUploadItem,
  type CreateUploadsResponse,
  type CustomFieldValue,
  checkUploadFile,
  FOLDER_CREATION_BATCH,
  isJunkFile,
  UPLOAD_CONCURRENCY,
  UPLOAD_HTTP_RETRIES,
  type UploadAsset,
  type UploadRefusal,
} from '@hookline/contract';

/**
 * The client uploader (000 §4 "Upload", §9): checks files first, creates folders for folder
 * uploads in batches of 100, creates the records in batches, sends the bytes (one PUT, or
 * 20 MB parts) for up to 20 files at once with 3 HTTP retries and exponential back-off,
 * completes each upload, and reports failures to the server. Cancelling a group aborts its
 * requests silently and deletes its unfinished assets. No React here: the UI subscribes.
 */

export interface UploadSource {
  file: Blob;
  name: string;
  /** 'Shoot/Day 1/a.jpg' for files of a folder upload (the folders are created first). */
  relativePath?: string;
}

/** Custom field values for every file of an upload (fields required on upload must have one). */
export type UploadFieldValues = Record<string, CustomFieldValue | null>;

export interface UploadTransport {
  createFolders(
    parentId: string,
    folders: { key: string; name: string; parentKey?: string; parentId?: string }[],
  ): Promise<{ key: string; id: string }[]>;
  /** `boardId`: the files land in the board's folder and on the board. */
  createUploads(
    items: CreateUploadItem[],
    customFields?: UploadFieldValues,
    boardId?: string,
  ): Promise<CreateUploadsResponse>;
  /** PUTs bytes; answers the ETag. Rejects with an Error on failure (status in `status`). */
  put(
    url: string,
    body: Blob,
    headers: Record<string, string>,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<string | undefined>;
  complete(id: string, parts?: { partNumber: number; eTag: string }[]): Promise<Asset>;
  reportFailure(id: string, reason: string): Promise<void>;
  retry(id: string): Promise<UploadAsset>;
  remove(ids: string[]): Promise<void>;
}

export type UploadItemStatus =
  | 'queued'
  | 'uploading'
  | 'completing'
  | 'done'
  | 'failed'
  | 'skipped'
  | 'cancelled';
export type FailureLabel = 'unsupported' | 'tooLarge' | null;

export interface UploadItem {
  clientId: string;
  name: string;
  size: number;
  status: UploadItemStatus;
  loaded: number;
  assetId?: string;
  reason?: string;
  label: FailureLabel;
}

export type GroupPhase = 'creatingFolders' | 'creating' | 'uploading' | 'finished' | 'cancelled';

export interface UploadGroup {
  id: string;
  phase: GroupPhase;
  items: UploadItem[];
  /** Bytes of the files that are being sent (skipped ones excluded). */
  totalBytes: number;
  loadedBytes: number;
  /** A request failed before any file could start (the error's message). */
  error?: string;
}

export interface UploadSummary {
  uploaded: number;
  failed: UploadItem[];
  skipped: UploadItem[];
  cancelled: boolean;
  error?: string;
}

export interface UploadManagerOptions {
  concurrency?: number;
  httpRetries?: number;
  /** Back-off before HTTP retry n (1-based): 1 s, 2 s, 4 s by default. */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onGroupFinished?: (group: UploadGroup, summary: UploadSummary) => void;
  /** Records were created (the lists can show them uploading). */
  onRecordsCreated?: (group: UploadGroup) => void;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const labelOf = (reason: UploadRefusal): FailureLabel => (reason === 'tooLarge' ? 'tooLarge' : 'unsupported');

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/** Splits a folder upload's paths into the folders to create (parents first) and each file's folder key. */
export function folderPlan(
  sources: readonly UploadSource[],
): { key: string; name: string; parentKey?: string }[] {
  const folders = new Map<string, { key: string; name: string; parentKey?: string }>();
  for (const source of sources) {
    const parts = (source.relativePath ?? '').split('/').slice(0, -1);
    for (let depth = 0; depth < parts.length; depth++) {
      const key = parts.slice(0, depth + 1).join('/');
      if (folders.has(key)) continue;
      folders.set(key, {
        key,
        name: parts[depth]!,
        ...(depth > 0 ? { parentKey: parts.slice(0, depth).join('/') } : {}),
      });
    }
  }
  // Parents before children: shallower keys first.
  return [...folders.values()].sort((a, b) => a.key.split('/').length - b.key.split('/').length);
}

/** Whether anything in a path is junk (a dot-folder such as .git, a .DS_Store). */
const isJunkPath = (source: UploadSource) =>
  (source.relativePath ?? source.name).split('/').some((segment) => isJunkFile(segment));

export class UploadManager {
  private groups: UploadGroup[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();
  /** Files kept for 'Try again' (by asset id) while this page lives. */
  private readonly files = new Map<string, { file: Blob; groupId: string; clientId: string }>();
  private readonly options: Required<Omit<UploadManagerOptions, 'onGroupFinished' | 'onRecordsCreated'>> &
    UploadManagerOptions;

  constructor(
    private readonly transport: UploadTransport,
    options: UploadManagerOptions = {},
  ) {
    this.options = {
      concurrency: UPLOAD_CONCURRENCY,
      httpRetries: UPLOAD_HTTP_RETRIES,
      retryDelayMs: (attempt) => 1000 * 2 ** (attempt - 1),
      sleep: defaultSleep,
      ...options,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadGroup[] => this.groups;

  private emit(): void {
    this.groups = [...this.groups];
    for (const listener of this.listeners) listener();
  }

  private update(groupId: string, change: (group: UploadGroup) => UploadGroup): void {
    this.groups = this.groups.map((g) => (g.id === groupId ? change(g) : g));
    for (const listener of this.listeners) listener();
  }

  private updateItem(groupId: string, clientId: string, change: Partial<UploadItem>): void {
    this.update(groupId, (group) => {
      const items = group.items.map((item) => (item.clientId === clientId ? { ...item, ...change } : item));
      return {
        ...group,
        items,
        loadedBytes: items.reduce((sum, i) => sum + (i.status === 'skipped' ? 0 : i.loaded), 0),
      };
    });
  }

  /** Progress (0–1) of an asset being uploaded in this page, if it is. */
  progressOf(assetId: string): number | undefined {
    for (const group of this.groups) {
      const item = group.items.find((i) => i.assetId === assetId);
      if (item && (item.status === 'uploading' || item.status === 'completing' || item.status === 'queued'))
        return item.size > 0 ? item.loaded / item.size : 0;
    }
    return undefined;
  }

  canRetryLocally(assetId: string): boolean {
    return this.files.has(assetId);
  }

  /**
   * Starts uploading files into a folder, each file created with `customFields` (the values
   * asked for before the upload), or onto a board (`boardId`: the server puts them in the
   * board's folder). Junk is left out silently; files the rules refuse are counted as skipped.
   * Answers the group id, or undefined when nothing was allowed.
   */
  start(
    sources: readonly UploadSource[],
    parentId: string,
    options: { customFields?: UploadFieldValues; boardId?: string } = {},
  ): string | undefined {
    const kept = sources.filter((s) => !isJunkPath(s));
    if (kept.length === 0) return undefined;
    const id = nextId('upload');
    const items: UploadItem[] = kept.map((source) => {
      const check = checkUploadFile({ name: source.name, size: source.file.size });
      return {
        clientId: nextId('file'),
        name: source.name,
        size: source.file.size,
        status: check.ok ? 'queued' : 'skipped',
        loaded: 0,
        label: check.ok ? null : labelOf(check.reason),
        ...(check.ok ? {} : { reason: check.message }),
      };
    });
    const hasFolders = kept.some((s) => (s.relativePath ?? '').includes('/'));
    const group: UploadGroup = {
      id,
      phase: hasFolders ? 'creatingFolders' : 'creating',
      items,
      totalBytes: items.reduce((sum, i) => sum + (i.status === 'queued' ? i.size : 0), 0),
      loadedBytes: 0,
    };
    this.groups = [...this.groups, group];
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.emit();
    void this.run(id, kept, parentId, controller.signal, options.customFields, options.boardId);
    return id;
  }

  private async run(
    groupId: string,
    sources: UploadSource[],
    parentId: string,
    signal: AbortSignal,
    customFields: UploadFieldValues | undefined,
    boardId?: string,
  ) {
    try {
      const group = this.groups.find((g) => g.id === groupId)!;
      const folderIds =
        group.phase === 'creatingFolders' ? await this.createFolders(sources, parentId) : new Map();
      if (signal.aborted) return;
      this.update(groupId, (g) => ({ ...g, phase: 'creating' }));
      const queued = group.items
        .map((item, index) => ({ item, source: sources[index]! }))
        .filter(({ item }) => item.status === 'queued');
      const records = new Map<string, UploadAsset>();
      for (let i = 0; i < queued.length; i += 100) {
        const chunk = queued.slice(i, i + 100);
        const answer = await this.transport.createUploads(
          chunk.map(({ item, source }) => {
            const folderKey = (source.relativePath ?? '').split('/').slice(0, -1).join('/');
            return {
              name: item.name,
              size: item.size,
              parentId: folderKey ? folderIds.get(folderKey)! : parentId,
              library: 'BRAND' as const,
              contentType: source.file.type || undefined,
              clientId: item.clientId,
            };
          }),
          customFields,
          boardId,
        );
        for (const record of answer.assets) if (record.clientId) records.set(record.clientId, record);
        for (const skipped of answer.skipped) {
          if (skipped.clientId)
            this.updateItem(groupId, skipped.clientId, {
              status: 'skipped',
              reason: skipped.message,
              label: labelOf(skipped.reason),
            });
        }
      }
      if (signal.aborted) return;
      this.update(groupId, (g) => ({
        ...g,
        phase: 'uploading',
        items: g.items.map((item) => {
          const record = records.get(item.clientId);
          return record ? { ...item, assetId: record.id } : item;
        }),
        totalBytes: g.items.reduce((sum, i) => sum + (records.has(i.clientId) ? i.size : 0), 0),
      }));
      this.options.onRecordsCreated?.(this.groups.find((g) => g.id === groupId)!);
      const work = queued.filter(({ item }) => records.has(item.clientId));
      for (const { item, source } of work) {
        this.files.set(records.get(item.clientId)!.id, {
          file: source.file,
          groupId,
          clientId: item.clientId,
        });
      }
      await pool(work, this.options.concurrency, async ({ item, source }) => {
        if (signal.aborted) return;
        await this.send(groupId, item.clientId, records.get(item.clientId)!, source.file, signal);
      });
    } catch (error) {
      if (signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      this.update(groupId, (g) => ({
        ...g,
        error: message,
        items: g.items.map((i) => (i.status === 'queued' ? { ...i, status: 'failed', reason: message } : i)),
      }));
    }
    if (!signal.aborted) this.finish(groupId);
  }

  private async createFolders(sources: UploadSource[], parentId: string): Promise<Map<string, string>> {
    const plan = folderPlan(sources.filter((s) => !isJunkPath(s)));
    const ids = new Map<string, string>();
    for (let i = 0; i < plan.length; i += FOLDER_CREATION_BATCH) {
      const chunk = plan.slice(i, i + FOLDER_CREATION_BATCH);
      const inChunk = new Set(chunk.map((f) => f.key));
      const created = await this.transport.createFolders(
        parentId,
        chunk.map((folder) =>
          // A parent made by an earlier batch is named by its id.
          folder.parentKey && !inChunk.has(folder.parentKey)
            ? { key: folder.key, name: folder.name, parentId: ids.get(folder.parentKey)! }
            : folder,
        ),
      );
      for (const { key, id } of created) ids.set(key, id);
    }
    return ids;
  }

  /** Sends one file's bytes (with HTTP retries) and completes it; failures are reported. */
  private async send(
    groupId: string,
    clientId: string,
    record: UploadAsset,
    file: Blob,
    signal: AbortSignal,
  ) {
    this.updateItem(groupId, clientId, { status: 'uploading', loaded: 0 });
    try {
      let parts: { partNumber: number; eTag: string }[] | undefined;
      if (record.presignedURL) {
        await this.withRetries(signal, () =>
          this.transport.put(
            record.presignedURL!,
            file,
            record.uploadHeaders ?? {},
            (loaded) => this.updateItem(groupId, clientId, { loaded }),
            signal,
          ),
        );
      } else {
        parts = [];
        const partSize = record.partSize!;
        for (const [index, url] of (record.presignedUrls ?? []).entries()) {
          const start = index * partSize;
          const eTag = await this.withRetries(signal, () =>
            this.transport.put(
              url,
              file.slice(start, start + partSize),
              record.uploadHeaders ?? {},
              (loaded) => this.updateItem(groupId, clientId, { loaded: start + loaded }),
              signal,
            ),
          );
          parts.push({ partNumber: index + 1, eTag: eTag ?? '' });
        }
      }
      if (signal.aborted) return;
      this.updateItem(groupId, clientId, { status: 'completing', loaded: file.size });
      await this.transport.complete(record.id, parts);
      this.updateItem(groupId, clientId, { status: 'done', loaded: file.size });
      this.files.delete(record.id);
    } catch (error) {
      if (signal.aborted) return;
      const status = (error as { status?: number }).status;
      const reason = error instanceof Error ? error.message : String(error);
      // A 400 from complete-upload is the server refusing the file (its state is already failed).
      if (status !== 400) await this.transport.reportFailure(record.id, reason).catch(() => {});
      this.updateItem(groupId, clientId, {
        status: 'failed',
        reason,
        label: status === 400 ? 'unsupported' : status === 413 ? 'tooLarge' : null,
      });
    }
  }

  private async withRetries<T>(signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        const status = (error as { status?: number }).status ?? 0;
        // Client errors other than timeouts will not get better by trying again.
        const retryable = status === 0 || status === 408 || status === 429 || status >= 500;
        if (signal.aborted || !retryable || n >= this.options.httpRetries) throw error;
        await this.options.sleep(this.options.retryDelayMs(n + 1), signal);
      }
    }
  }

  private finish(groupId: string): void {
    this.update(groupId, (g) => ({ ...g, phase: 'finished' }));
    const group = this.groups.find((g) => g.id === groupId)!;
    this.options.onGroupFinished?.(group, summarize(group));
  }

  /** Cancels a group: requests abort silently; unfinished assets are deleted. */
  async cancel(groupId: string): Promise<void> {
    const controller = this.controllers.get(groupId);
    if (!controller || controller.signal.aborted) return;
    controller.abort();
    const group = this.groups.find((g) => g.id === groupId);
    if (!group) return;
    const unfinished = group.items.filter((i) => i.assetId && i.status !== 'done');
    this.update(groupId, (g) => ({
      ...g,
      phase: 'cancelled',
      items: g.items.map((i) =>
        i.status === 'done' || i.status === 'skipped' ? i : { ...i, status: 'cancelled' },
      ),
    }));
    for (const item of unfinished) this.files.delete(item.assetId!);
    if (unfinished.length > 0) await this.transport.remove(unfinished.map((i) => i.assetId!)).catch(() => {});
    this.options.onGroupFinished?.(this.groups.find((g) => g.id === groupId)!, {
      ...summarize(group),
      cancelled: true,
    });
  }

  /** 'Try again' on a failed row: new upload URLs from the server, then the kept file again. */
  async retry(assetId: string): Promise<void> {
    const kept = this.files.get(assetId);
    if (!kept) throw new Error('The file is no longer available in this page; upload it again.');
    const record = await this.transport.retry(assetId);
    const signal = this.controllers.get(kept.groupId)?.signal ?? new AbortController().signal;
    await this.send(kept.groupId, kept.clientId, record, kept.file, signal);
  }

  /** Forgets finished and cancelled groups (their toasts are gone). */
  prune(): void {
    this.groups = this.groups.filter((g) => g.phase !== 'finished' && g.phase !== 'cancelled');
    this.emit();
  }
}

export function summarize(group: UploadGroup): UploadSummary {
  return {
    uploaded: group.items.filter((i) => i.status === 'done').length,
    failed: group.items.filter((i) => i.status === 'failed'),
    skipped: group.items.filter((i) => i.status === 'skipped'),
    cancelled: group.phase === 'cancelled',
    ...(group.error ? { error: group.error } : {}),
  };
}

/** Runs task for every item with at most `size` running at once. */
async function pool<T>(items: readonly T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
