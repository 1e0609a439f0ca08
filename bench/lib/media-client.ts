import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';

/**
 * A bench's side of the upload protocol over real HTTP: JSON calls with a bearer token,
 * file slices streamed to the signed PUT URLs, and the server's memory read from /proc.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export interface UploadRecord {
  id: string;
  name: string;
  uploadingState: string | null;
  presignedURL?: string;
  presignedUrls?: string[];
  partSize?: number;
  uploadId?: string;
  uploadHeaders?: Record<string, string>;
  url: string | null;
}

export class BenchApi {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
    readonly brandPath: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(
      `${this.baseUrl}${path.startsWith('/api') ? path : `${this.brandPath}${path}`}`,
      {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async folder(name: string, parentId = 'root'): Promise<string> {
    return (await this.call<{ id: string }>('POST', `/assets/${parentId}/folders`, { name })).id;
  }

  /** Batch create, 100 files a call (the API's limit). */
  async createUploads(files: { name: string; size: number; parentId: string }[]) {
    const assets: UploadRecord[] = [];
    for (let i = 0; i < files.length; i += 100) {
      const answer = await this.call<{ assets: UploadRecord[] }>('POST', '/assets/batch', {
        assets: files.slice(i, i + 100).map((f) => ({ ...f, library: 'BRAND', clientId: f.name })),
      });
      assets.push(...answer.assets);
    }
    return { assets };
  }

  /** Sends a file's bytes where its record says, part after part as a browser does. */
  async putFile(
    record: UploadRecord,
    file: string,
    size: number,
  ): Promise<{ partNumber: number; eTag: string }[] | undefined> {
    if (record.presignedURL) {
      await put(`${this.baseUrl}${record.presignedURL}`, file, 0, size, record.uploadHeaders);
      return undefined;
    }
    const parts: { partNumber: number; eTag: string }[] = [];
    for (const [index, url] of record.presignedUrls!.entries()) {
      const start = index * record.partSize!;
      const end = Math.min(size, start + record.partSize!);
      parts.push({ partNumber: index + 1, eTag: await put(`${this.baseUrl}${url}`, file, start, end) });
    }
    return parts;
  }

  complete(id: string, parts?: { partNumber: number; eTag: string }[]) {
    return this.call<UploadRecord>('POST', `/assets/${id}/complete-upload`, parts ? { parts } : {});
  }

  list(parentId: string, limit = 200) {
    return this.call<UploadRecord[]>('GET', `/assets?parentId=${parentId}&limit=${limit}`);
  }

  get(id: string) {
    return this.call<UploadRecord>('GET', `/library/BRAND/${id}`);
  }
}

/** PUTs bytes [start, end) of a file; answers the ETag. */
export function put(
  url: string,
  file: string,
  start: number,
  end: number,
  headers: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', agent, headers: { ...headers, 'content-length': end - start } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(String(response.headers.etag ?? ''))
            : reject(new Error(`PUT ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    if (end > start) createReadStream(file, { start, end: end - 1, highWaterMark: 1 << 20 }).pipe(request);
    else request.end();
  });
}

/** Resident memory of a process (MB): now, and its peak since the last reset. */
export async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * Samples a process's resident memory every 50 ms while fn runs; answers fn's result and
 * the highest sample (the kernel's own peak counter also, when it could be reset).
 */
export async function withPeakMemory<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  const { writeFile } = await import('node:fs/promises');
  let kernelPeak = true;
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {
    kernelPeak = false;
  });
  let peak = (await memoryOf(pid)).rssMb;
  const timer = setInterval(() => {
    memoryOf(pid)
      .then((m) => {
        peak = Math.max(peak, m.rssMb);
      })
      .catch(() => {});
  }, 50);
  try {
    const result = await fn();
    const after = await memoryOf(pid);
    return { result, peakMb: Math.max(peak, kernelPeak ? after.peakMb : 0) };
  } finally {
    clearInterval(timer);
  }
}

export async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
