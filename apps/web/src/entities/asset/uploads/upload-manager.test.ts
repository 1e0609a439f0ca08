import type { CreateUploadItem, UploadAsset } from '@hookline/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  folderPlan,
  type UploadGroup,
  UploadManager,
  type UploadSummary,
  type UploadTransport,
} from './upload-manager';

const MB = 1024 * 1024;

function fakeFile(name: string, size: number) {
  return { file: new Blob([new Uint8Array(size)]), name };
}

/** A server in memory: records what the uploader asked for. */
function fakeTransport(options: { failPuts?: number; partSize?: number; refuseComplete?: string } = {}) {
  let puts = 0;
  let failuresLeft = options.failPuts ?? 0;
  const calls = {
    folders: [] as {
      parentId: string;
      folders: { key: string; name: string; parentKey?: string; parentId?: string }[];
    }[],
    created: [] as CreateUploadItem[],
    completed: [] as string[],
    failures: [] as string[],
    removed: [] as string[],
    putUrls: [] as string[],
    maxInFlight: 0,
  };
  let inFlight = 0;
  let folderId = 0;
  const transport: UploadTransport = {
    createFolders: async (parentId, folders) => {
      calls.folders.push({ parentId, folders });
      return folders.map((f) => ({ key: f.key, id: `folder-${++folderId}` }));
    },
    createUploads: async (items) => {
      calls.created.push(...items);
      const partSize = options.partSize ?? 20 * MB;
      return {
        assets: items.map(
          (item) =>
            ({
              id: `asset-${item.clientId}`,
              clientId: item.clientId ?? null,
              ...(item.size > partSize
                ? {
                    uploadId: 'u1',
                    partSize,
                    presignedUrls: Array.from(
                      { length: Math.ceil(item.size / partSize) },
                      (_, i) => `/part/${item.clientId}/${i + 1}`,
                    ),
                  }
                : { presignedURL: `/put/${item.clientId}` }),
              uploadHeaders: {},
            }) as unknown as UploadAsset,
        ),
        skipped: [],
      };
    },
    put: async (url, body, _headers, onProgress) => {
      puts++;
      inFlight++;
      calls.maxInFlight = Math.max(calls.maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (failuresLeft > 0) {
        failuresLeft--;
        throw Object.assign(new Error('Service unavailable'), { status: 503 });
      }
      calls.putUrls.push(url);
      onProgress(body.size);
      return `"etag-${puts}"`;
    },
    complete: async (id) => {
      if (options.refuseComplete) throw Object.assign(new Error(options.refuseComplete), { status: 400 });
      calls.completed.push(id);
      return {} as never;
    },
    reportFailure: async (id) => {
      calls.failures.push(id);
    },
    retry: async (id) =>
      ({ id, presignedURL: `/put/retry-${id}`, uploadHeaders: {}, clientId: null }) as never,
    remove: async (ids) => {
      calls.removed.push(...ids);
    },
  };
  return { transport, calls };
}

function run(manager: UploadManager, start: () => string | undefined) {
  return new Promise<{ group: UploadGroup; summary: UploadSummary }>((resolve) => {
    (manager as unknown as { options: { onGroupFinished: unknown } }).options.onGroupFinished = (
      group: UploadGroup,
      summary: UploadSummary,
    ) => resolve({ group, summary });
    start();
  });
}

const noDelay = { retryDelayMs: () => 0, sleep: async () => {} };

describe('UploadManager', () => {
  it('uploads files, completes each, and counts unsupported and too-large files as skipped', async () => {
    const { transport, calls } = fakeTransport();
    const manager = new UploadManager(transport, noDelay);
    const { summary } = await run(manager, () =>
      manager.start(
        [
          fakeFile('a.jpg', 100),
          fakeFile('b.mp4', 200),
          fakeFile('notes.xyz', 10),
          fakeFile('huge.png', 11 * MB),
        ],
        'root',
      ),
    );
    expect(calls.created.map((c) => c.name)).toEqual(['a.jpg', 'b.mp4']);
    expect(calls.completed).toHaveLength(2);
    expect(summary.uploaded).toBe(2);
    expect(summary.skipped.map((s) => [s.name, s.label])).toEqual([
      ['notes.xyz', 'unsupported'],
      ['huge.png', 'tooLarge'],
    ]);
  });

  it('leaves junk out silently and answers nothing when nothing is left', () => {
    const { transport } = fakeTransport();
    const manager = new UploadManager(transport, noDelay);
    expect(manager.start([fakeFile('.DS_Store', 10), fakeFile('Thumbs.db', 10)], 'root')).toBeUndefined();
  });

  it('sends large files in parts and completes with their ETags', async () => {
    const { transport, calls } = fakeTransport({ partSize: 1000 });
    const complete = vi.spyOn(transport, 'complete');
    const manager = new UploadManager(transport, noDelay);
    await run(manager, () => manager.start([fakeFile('long.mp4', 2500)], 'root'));
    expect(calls.putUrls.filter((u) => u.startsWith('/part/'))).toHaveLength(3);
    expect(complete.mock.calls[0]![1]).toEqual([
      { partNumber: 1, eTag: '"etag-1"' },
      { partNumber: 2, eTag: '"etag-2"' },
      { partNumber: 3, eTag: '"etag-3"' },
    ]);
  });

  it('retries a failed PUT 3 times with growing delays, then reports the failure', async () => {
    const { transport, calls } = fakeTransport({ failPuts: 4 });
    const delays: number[] = [];
    const manager = new UploadManager(transport, {
      retryDelayMs: (n) => 1000 * 2 ** (n - 1),
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const { summary } = await run(manager, () => manager.start([fakeFile('a.jpg', 100)], 'root'));
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(summary.failed).toHaveLength(1);
    expect(calls.failures).toEqual([calls.created[0] && `asset-${calls.created[0].clientId}`]);
  });

  it('recovers when a retry succeeds', async () => {
    const { transport, calls } = fakeTransport({ failPuts: 2 });
    const manager = new UploadManager(transport, noDelay);
    const { summary } = await run(manager, () => manager.start([fakeFile('a.jpg', 100)], 'root'));
    expect(summary.uploaded).toBe(1);
    expect(calls.failures).toEqual([]);
  });

  it('a file the server refuses at completion fails as unsupported without a report', async () => {
    const { transport, calls } = fakeTransport({ refuseComplete: "The file's content is not a .jpg file" });
    const manager = new UploadManager(transport, noDelay);
    const { summary } = await run(manager, () => manager.start([fakeFile('a.jpg', 100)], 'root'));
    expect(summary.failed[0]).toMatchObject({
      label: 'unsupported',
      reason: "The file's content is not a .jpg file",
    });
    expect(calls.failures).toEqual([]);
  });

  it('runs at most 20 uploads at once', async () => {
    const { transport, calls } = fakeTransport();
    const manager = new UploadManager(transport, noDelay);
    await run(manager, () =>
      manager.start(
        Array.from({ length: 45 }, (_, i) => fakeFile(`f${i}.jpg`, 10)),
        'root',
      ),
    );
    expect(calls.maxInFlight).toBe(20);
    expect(calls.completed).toHaveLength(45);
  });

  it('creates a folder upload’s folders in batches of 100, parents first, then files into them', async () => {
    const { transport, calls } = fakeTransport();
    const manager = new UploadManager(transport, noDelay);
    const sources = Array.from({ length: 150 }, (_, i) => ({
      ...fakeFile(`clip${i}.mp4`, 10),
      relativePath: `Shoot/Day ${i}/clip${i}.mp4`,
    }));
    await run(manager, () =>
      manager.start(
        [...sources, { ...fakeFile('.DS_Store', 1), relativePath: 'Shoot/.DS_Store' }],
        'parent-1',
      ),
    );
    expect(calls.folders.map((c) => c.folders.length)).toEqual([100, 51]);
    expect(calls.folders[0]!.folders[0]).toEqual({ key: 'Shoot', name: 'Shoot' });
    // A folder whose parent was made by the first call names it by id.
    expect(calls.folders[1]!.folders[0]).toMatchObject({ parentId: 'folder-1' });
    expect(calls.created).toHaveLength(150);
    expect(new Set(calls.created.map((c) => c.parentId)).has('parent-1')).toBe(false);
  });

  it('cancelling aborts silently and deletes the unfinished uploads', async () => {
    const { transport, calls } = fakeTransport();
    let release: () => void = () => {};
    transport.put = (_url, _body, _headers, _progress, signal) =>
      new Promise((_resolve, reject) => {
        release = () => reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const manager = new UploadManager(transport, noDelay);
    const finished = run(manager, () =>
      manager.start([fakeFile('a.jpg', 100), fakeFile('b.jpg', 100)], 'root'),
    );
    await vi.waitFor(() => expect(manager.getSnapshot()[0]!.phase).toBe('uploading'));
    const groupId = manager.getSnapshot()[0]!.id;
    await manager.cancel(groupId);
    release();
    const { summary } = await finished;
    expect(summary.cancelled).toBe(true);
    expect(calls.removed.sort()).toEqual(calls.created.map((c) => `asset-${c.clientId}`).sort());
    expect(calls.failures).toEqual([]);
  });
});

describe('folderPlan', () => {
  it('lists each folder once, parents before children', () => {
    expect(
      folderPlan([
        { ...fakeFile('a.jpg', 1), relativePath: 'A/B/a.jpg' },
        { ...fakeFile('b.jpg', 1), relativePath: 'A/b.jpg' },
      ]),
    ).toEqual([
      { key: 'A', name: 'A' },
      { key: 'A/B', name: 'B', parentKey: 'A' },
    ]);
  });
});
