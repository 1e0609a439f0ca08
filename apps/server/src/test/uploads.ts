import type { Asset, CreateUploadsResponse, UploadAsset } from '@hookline/contract';
import type { TestUser } from './factories.js';
import { eventually, type TestApp } from './test-app.js';

export const brandPath = (u: TestUser, rest: string) =>
  `/api/accounts/${u.accountId}/brands/${u.brandId}${rest}`;

/** POST assets/batch for files described by name and bytes. */
export async function createUploads(
  t: TestApp,
  u: TestUser,
  files: { name: string; size: number; parentId?: string; clientId?: string }[],
): Promise<CreateUploadsResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: brandPath(u, '/assets/batch'),
    headers: u.headers,
    payload: { assets: files.map((f) => ({ parentId: 'root', ...f })) },
  });
  if (response.statusCode !== 201) throw new Error(`batch create: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** PUTs the bytes where the record says (one URL, or each part), answering the parts for completion. */
export async function putBytes(t: TestApp, target: UploadAsset, bytes: Buffer) {
  if (target.presignedURL) {
    const put = await t.app.inject({
      method: 'PUT',
      url: target.presignedURL,
      payload: bytes,
      headers: { ...target.uploadHeaders },
    });
    if (put.statusCode !== 200) throw new Error(`PUT: ${put.statusCode} ${put.body}`);
    return undefined;
  }
  const parts: { partNumber: number; eTag: string }[] = [];
  for (const [index, url] of target.presignedUrls!.entries()) {
    const slice = bytes.subarray(index * target.partSize!, (index + 1) * target.partSize!);
    const put = await t.app.inject({ method: 'PUT', url, payload: slice });
    if (put.statusCode !== 200) throw new Error(`PUT part ${index + 1}: ${put.statusCode} ${put.body}`);
    parts.push({ partNumber: index + 1, eTag: String(put.headers.etag) });
  }
  return parts;
}

export async function completeUpload(
  t: TestApp,
  u: TestUser,
  target: UploadAsset,
  parts?: { partNumber: number; eTag: string }[],
) {
  return t.app.inject({
    method: 'POST',
    url: brandPath(u, `/assets/${target.id}/complete-upload`),
    headers: u.headers,
    payload: parts ? { uploadId: target.uploadId, parts } : {},
  });
}

export async function getAsset(t: TestApp, u: TestUser, id: string): Promise<Asset> {
  const response = await t.app.inject({
    method: 'GET',
    url: brandPath(u, `/library/BRAND/${id}`),
    headers: u.headers,
  });
  if (response.statusCode !== 200) throw new Error(`get: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Waits until processing has finished (any state but UPLOADING / GENERATING). */
export function processed(t: TestApp, u: TestUser, id: string, timeoutMs = 60_000): Promise<Asset> {
  return eventually(async () => {
    const asset = await getAsset(t, u, id);
    return asset.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL' || asset.uploadingState === 'UPLOADING'
      ? undefined
      : asset;
  }, timeoutMs);
}

/** The whole protocol for one file: create, PUT, complete; answers the completed record. */
export async function uploadFile(
  t: TestApp,
  u: TestUser,
  name: string,
  bytes: Buffer,
  options: { parentId?: string } = {},
): Promise<{ created: UploadAsset; completed: Asset }> {
  const batch = await createUploads(t, u, [{ name, size: bytes.length, ...options }]);
  const created = batch.assets[0];
  if (!created) throw new Error(`not created: ${JSON.stringify(batch.skipped)}`);
  const parts = await putBytes(t, created, bytes);
  const complete = await completeUpload(t, u, created, parts);
  if (complete.statusCode !== 200) throw new Error(`complete: ${complete.statusCode} ${complete.body}`);
  return { created, completed: complete.json() };
}

/** GET a storage URL through the app; answers status, headers and bytes. */
export async function fetchUrl(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Reads a zip's entries (name → bytes) from its central directory; stored or deflated entries. */
export async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const { inflateRawSync } = await import('node:zlib');
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
