import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { UrlSigner } from './signed-urls.js';
import type { Storage, UploadTargetRequest } from './storage.js';

/**
 * Issue #10 (5b, LOW): "storage URLs carry a duplicated query parameter". Every URL a driver
 * makes, built with the real AWS SDK presigner against an endpoint nothing listens on
 * (presigning is offline), must name each query parameter once: a store or proxy that reads
 * the first copy and a signature computed over the last would disagree.
 */
const PART = 20 * 1024 * 1024;
const upload = (size: number): UploadTargetRequest => ({
  key: 'acc/brand/asset/upload',
  size,
  contentType: 'image/png',
  cacheControl: 'private, max-age=31536000, immutable',
  contentDisposition: `attachment; filename="Final logo.png"; filename*=UTF-8''Final%20logo%20%C3%A9.png`,
  partSize: PART,
  expiresInSeconds: 3600,
});

function repeatedParams(url: string): string[] {
  const names = [...new URL(url, 'http://api.test').searchParams.keys()].map((name) => name.toLowerCase());
  return names.filter((name, index) => names.indexOf(name) !== index);
}

/** Every URL kind a driver hands out: original download, preview, single PUT, each part. */
async function urlsOf(storage: Storage): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  urls.original = await storage.downloadUrl('acc/brand/asset/original', {
    expiresInSeconds: 600,
    contentDisposition: `attachment; filename="Final logo.png"; filename*=UTF-8''Final%20logo%20%C3%A9.png`,
    contentType: 'image/png',
    cacheControl: 'private, max-age=2592000',
  });
  urls.inline = await storage.downloadUrl('acc/brand/asset/original', {
    expiresInSeconds: 600,
    contentDisposition: 'inline; filename="clip.gif"',
    contentType: 'image/gif',
  });
  urls.preview = await storage.downloadUrl('acc/brand/asset/thumbnail.webp', {
    expiresInSeconds: 600,
    cacheControl: 'public, max-age=31536000, immutable',
  });
  const single = await storage.createUploadTarget(upload(1024));
  urls.put = single.presignedURL!;
  const parts = await storage.createUploadTarget(upload(PART * 2 + 1));
  expect(parts.presignedUrls).toHaveLength(3);
  for (const [index, url] of parts.presignedUrls!.entries()) urls[`part${index + 1}`] = url;
  return urls;
}

describe('s3 presigned URLs (real SDK presigner, no network)', () => {
  for (const forcePathStyle of [true, false]) {
    it(`name every query parameter once (${forcePathStyle ? 'path' : 'virtual-host'} style)`, async () => {
      const storage = new S3Storage({
        bucket: 'hookline-bucket',
        region: 'eu-west-1',
        // Nothing listens there (an IP would make the SDK fall back to path style).
        endpoint: 'http://store.hookline.invalid:9',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        forcePathStyle,
      });
      // Starting a multipart upload is the one call that needs the store: answered here.
      const client = (storage as unknown as { client: { send: (command: unknown) => Promise<unknown> } })
        .client;
      const send = client.send.bind(client);
      client.send = async (command) =>
        command instanceof CreateMultipartUploadCommand ? { UploadId: 'upload-1' } : send(command);

      const urls = await urlsOf(storage);
      for (const [kind, url] of Object.entries(urls)) {
        expect({ kind, repeated: repeatedParams(url) }).toEqual({ kind, repeated: [] });
        const params = new URL(url).searchParams;
        expect(params.get('X-Amz-Signature'), kind).toMatch(/^[0-9a-f]{64}$/);
        expect(params.get('X-Amz-Expires'), kind).toBe(/^(put|part\d)$/.test(kind) ? '3600' : '600');
        expect(params.get('X-Amz-Credential'), kind).toMatch(
          /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
        );
      }
      // What the response headers come from is signed in once, exactly as given.
      const original = new URL(urls.original!).searchParams;
      expect(original.getAll('response-content-disposition')).toEqual([
        `attachment; filename="Final logo.png"; filename*=UTF-8''Final%20logo%20%C3%A9.png`,
      ]);
      expect(original.getAll('response-content-type')).toEqual(['image/png']);
      expect(new URL(urls.preview!).searchParams.has('response-content-disposition')).toBe(false);
      const part = new URL(urls.part2!).searchParams;
      expect([part.getAll('partNumber'), part.getAll('uploadId')]).toEqual([['2'], ['upload-1']]);
      expect(new URL(urls.put!).pathname).toBe(
        forcePathStyle ? '/hookline-bucket/acc/brand/asset/upload' : '/acc/brand/asset/upload',
      );
    });
  }
});

describe('local signed URLs', () => {
  let root: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-url-params-'));
    storage = new LocalStorage(root, new UrlSigner(Buffer.from('test secret')));
    await storage.init();
  });
  afterAll(async () => fs.rm(root, { recursive: true, force: true }));

  it('carry the grant and its signature once each', async () => {
    for (const [kind, url] of Object.entries(await urlsOf(storage))) {
      expect({ kind, repeated: repeatedParams(url) }).toEqual({ kind, repeated: [] });
      expect([...new URL(url, 'http://api.test').searchParams.keys()], kind).toEqual(['g', 's']);
    }
  });
});
