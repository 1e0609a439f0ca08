import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MULTIPART_PART_SIZE_BYTES, type UploadAsset } from '@hookline/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import * as media from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { brandPath, completeUpload, createUploads, processed } from '../../test/uploads.js';

/**
 * The s3 driver against s3rver (an S3-protocol server): bytes go straight from the client to
 * the store with presigned URLs, and the API's media links redirect to presigned GETs.
 */
const BUCKET = 'hookline-test';
let server: S3rver;
let directory: string;
let endpoint: string;
let t: TestApp;
let u: TestUser;
const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  u = await createUser(t);
});

afterAll(async () => {
  await t?.close();
  await server?.close();
  await fs.rm(directory, { recursive: true, force: true });
});

/** The browser's side: PUT to the store's presigned URLs with the headers the server asked for. */
async function putToStore(target: UploadAsset, bytes: Buffer) {
  if (target.presignedURL) {
    expect(target.presignedURL.startsWith(endpoint)).toBe(true);
    const put = await fetch(target.presignedURL, {
      method: 'PUT',
      body: bytes,
      headers: target.uploadHeaders,
    });
    expect(put.status).toBe(200);
    return undefined;
  }
  const parts = [];
  for (const [index, url] of target.presignedUrls!.entries()) {
    const put = await fetch(url, {
      method: 'PUT',
      body: bytes.subarray(index * target.partSize!, (index + 1) * target.partSize!),
    });
    expect(put.status).toBe(200);
    parts.push({ partNumber: index + 1, eTag: put.headers.get('etag')! });
  }
  return parts;
}

/** Follows the API's media link (302) to the store. */
async function download(url: string): Promise<{ bytes: Buffer; headers: Headers }> {
  const redirect = await t.app.inject({ method: 'GET', url });
  expect(redirect.statusCode).toBe(302);
  const response = await fetch(String(redirect.headers.location));
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

describe('s3 storage driver', () => {
  it('uploads a file with one presigned PUT, processes it and serves it back', async () => {
    const bytes = await media.image(640, 480);
    const [created] = (await createUploads(t, u, [{ name: 'store.jpg', size: bytes.length }])).assets;
    await putToStore(created!, bytes);
    expect((await completeUpload(t, u, created!)).statusCode).toBe(200);
    const done = await processed(t, u, created!.id);
    expect(done.uploadingState).toBe('UPLOADED');
    const original = await download(done.url!);
    expect(sha(original.bytes)).toBe(sha(bytes));
    const thumbnail = await download(done.previewURL!);
    expect((await sharp(thumbnail.bytes).metadata()).format).toBe('webp');
  });

  it('uploads a file over 20 MB in presigned parts and completes the multipart upload', async () => {
    const size = MULTIPART_PART_SIZE_BYTES + 5 * 1024 * 1024;
    const bytes = Buffer.alloc(size, 'id,name\n1,Launch\n');
    const [created] = (await createUploads(t, u, [{ name: 'big.csv', size }])).assets;
    expect(created!.presignedUrls).toHaveLength(2);
    const parts = await putToStore(created!, bytes);
    expect((await completeUpload(t, u, created!, parts)).statusCode).toBe(200);
    const done = await processed(t, u, created!.id);
    expect(sha((await download(done.url!)).bytes)).toBe(sha(bytes));
  });

  it('a download link carries the attachment name; deleted files leave the store after a sweep', async () => {
    const bytes = await media.image(100, 100, 'png');
    const [created] = (await createUploads(t, u, [{ name: 'Final logo.png', size: bytes.length }])).assets;
    await putToStore(created!, bytes);
    await completeUpload(t, u, created!);
    const done = await processed(t, u, created!.id);
    const href = (
      await t.app.inject({
        method: 'POST',
        url: brandPath(u, '/library/download-stream'),
        headers: u.headers,
        payload: { id: done.id },
      })
    ).json().href;
    const file = await fetch(href);
    expect(file.headers.get('content-disposition')).toContain('filename="Final_logo.png"');
    await t.app.inject({ method: 'DELETE', url: brandPath(u, `/assets/${done.id}`), headers: u.headers });
    await t.context.services.sweeper.sweep();
    expect((await fetch(href)).status).toBe(404);
  });
});
