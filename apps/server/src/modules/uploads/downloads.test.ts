import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Job, messages, type ZipJob } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import * as media from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { brandPath, fetchUrl, getAsset, processed, readZip, uploadFile } from '../../test/uploads.js';

let t: TestApp;
let u: TestUser;
let other: TestUser;

beforeAll(async () => {
  // Every zip is "slow" here, so its link is always mailed too.
  t = await createTestApp({ env: { ZIP_MAIL_AFTER_MS: '0' } });
  u = await createUser(t);
  other = await createUser(t);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: TestUser = u) =>
  t.app.inject({ method, url: brandPath(who, url), headers: who.headers, ...(payload ? { payload } : {}) });

async function makeFolder(name: string, parentId = 'root'): Promise<string> {
  const response = await call('POST', `/assets/${parentId}/folders`, { name });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

function ffprobeDuration(bytes: Buffer): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clip-')), 'clip.mp4');
  fs.writeFileSync(file, bytes);
  return Number(
    execFileSync(media.binaries.ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim(),
  );
}

describe('single download', () => {
  it('answers a signed link that downloads the original under its sanitised name', async () => {
    const bytes = await media.image(300, 200);
    const { completed } = await uploadFile(t, u, 'Été campaign #1.jpg', bytes);
    await processed(t, u, completed.id);
    const response = await call('POST', '/library/download-stream', { id: completed.id, library: 'BRAND' });
    expect(response.statusCode).toBe(200);
    const file = await fetchUrl(t, response.json().href);
    expect(file.status).toBe(200);
    expect(file.body.equals(bytes)).toBe(true);
    // Both forms carry the seeds' rule (000 §5): browsers prefer filename*, so it must not carry the raw name.
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="_t__campaign__1.jpg"; filename*=UTF-8''_t__campaign__1.jpg`,
    );
    // The redirecting form answers 302 to the same kind of link.
    const redirect = await call('GET', `/assets/${completed.id}/download`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(/^\/api\/storage\/object\?/);
    // Someone else's brand: not found.
    expect((await call('POST', '/library/download-stream', { id: completed.id }, other)).statusCode).toBe(
      404,
    );
  });
  it('a right-to-left override or control character never reaches the saved name', async () => {
    // Upload names with them are refused before upload (uploads.test.ts); a download may still ask for one.
    const { completed } = await uploadFile(t, u, 'invoice.jpg', await media.image(40, 40));
    await processed(t, u, completed.id);
    for (const filename of [undefined, 'report\u202Efdp.exe', 'a\u0000b\u200Fc.jpg']) {
      const response = await call('POST', '/library/download-stream', { id: completed.id, filename });
      const disposition = String((await fetchUrl(t, response.json().href)).headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\w.-]+"; filename\*=UTF-8''[\w.-]+$/);
      expect(disposition).not.toMatch(/%E2%80|%00|\u202E/);
    }
  });
});

describe('zip download', () => {
  it('zips folders with their structure and loose files, streams it, and mails the link', async () => {
    const campaign = await makeFolder('Campaign');
    const cuts = await makeFolder('Cuts', campaign);
    const a = await media.image(120, 80);
    const b = await media.image(80, 120, 'png');
    await uploadFile(t, u, 'cover.jpg', a, { parentId: campaign });
    await uploadFile(t, u, 'cover.jpg', a, { parentId: cuts });
    const loose = await uploadFile(t, u, 'logo.png', b);
    const requested = await call('POST', '/library/download', {
      entities: [
        { id: campaign, library: 'BRAND' },
        { id: loose.completed.id, library: 'BRAND' },
      ],
    });
    expect(requested.statusCode).toBe(200);
    const job: ZipJob = requested.json();
    expect(['pending', 'running']).toContain(job.status);
    const done = await eventually(async () => {
      const status: ZipJob = (await call('GET', `/library/download/${job.jobId}`)).json();
      return status.status === 'success' ? status : undefined;
    });
    const zip = await fetchUrl(t, done.result!);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await readZip(zip.body);
    expect([...entries.keys()].sort()).toEqual(['Campaign/Cuts/cover.jpg', 'Campaign/cover.jpg', 'logo.png']);
    expect(entries.get('Campaign/Cuts/cover.jpg')!.equals(a)).toBe(true);
    expect(entries.get('logo.png')!.equals(b)).toBe(true);
    expect(t.mail.last(u.email, /download is ready/i)?.link).toContain('/api/storage/object?');
    // The job is invisible from another brand.
    expect((await call('GET', `/library/download/${job.jobId}`, undefined, other)).statusCode).toBe(404);
  });

  it('answers 413 with the seeds’ message above ZIP_MAX_BYTES', async () => {
    const small = await createTestApp({ env: { ZIP_MAX_BYTES: '1000' } });
    try {
      const owner = await createUser(small);
      const { completed } = await uploadFile(small, owner, 'big.jpg', await media.image(300, 300));
      const response = await small.app.inject({
        method: 'POST',
        url: brandPath(owner, '/library/download'),
        headers: owner.headers,
        payload: { entities: [{ id: completed.id, library: 'BRAND' }] },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(messages.library.zipTooLarge);
    } finally {
      await small.close();
    }
  });
});

describe('GIF and clips', () => {
  let videoId: string;
  beforeAll(async () => {
    const { completed } = await uploadFile(
      t,
      u,
      'Spot.mp4',
      await media.video(6, { width: 640, height: 360 }),
    );
    videoId = (await processed(t, u, completed.id)).id;
  });

  it('makes a looping GIF at the chosen frame rate from a range of the video', async () => {
    const response = await call('POST', '/assets/gif', {
      id: videoId,
      framesPerSec: '12',
      timeStart: 1000,
      timeEnd: 3000,
      isLoop: true,
    });
    expect(response.statusCode).toBe(200);
    const gif = await fetchUrl(t, response.json().data.url);
    const meta = await sharp(gif.body, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(24);
    expect(meta.loop).toBe(0);
    // Made by a job on the workers (bounded concurrency), never by ffmpeg in the API process.
    const { rows } = await t.context.database.execute<{ status: string }>(
      `select status from jobs where type = 'CREATE_GIF' and brand_id = $1`,
      [u.brandId],
    );
    expect(rows).toEqual([{ status: 'FINISHED' }]);
    const refused = await call('POST', '/assets/gif', {
      id: videoId,
      framesPerSec: '12',
      timeStart: 3000,
      timeEnd: 1000,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call('POST', '/assets/gif', { id: videoId, framesPerSec: '15', timeStart: 0, timeEnd: 1000 }))
        .statusCode,
    ).toBe(400);
  });

  const runJob = async (type: string, customParams: object): Promise<Job> => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: u.headers,
      payload: { brandId: u.brandId, type, customParams },
    });
    expect(created.statusCode).toBe(201);
    const job: Job = created.json();
    return eventually(async () => {
      const current: Job = (
        await t.app.inject({ method: 'GET', url: job.actions.self.href, headers: u.headers })
      ).json();
      return current.status === 'CREATED' ? undefined : current;
    }, 60_000);
  };

  it('DOWNLOAD_CLIP cuts the range and answers a download URL', async () => {
    const job = await runJob('DOWNLOAD_CLIP', { assetId: videoId, startOffsetMs: 1000, endOffsetMs: 3500 });
    expect(job.status).toBe('FINISHED');
    const clip = await fetchUrl(t, (job.result as { url: string }).url);
    expect(ffprobeDuration(clip.body)).toBeCloseTo(2.5, 0);
  });

  it('SAVE_CLIP_AS_ASSET makes a new processed video in the target folder', async () => {
    const target = await makeFolder('Clips');
    const job = await runJob('SAVE_CLIP_AS_ASSET', {
      assetId: videoId,
      startOffsetMs: 0,
      endOffsetMs: 5000,
      clipSubType: 'Hook',
      targetFolderId: target,
    });
    expect(job.status).toBe('FINISHED');
    const asset = await processed(t, u, (job.result as { assetId: string }).assetId);
    expect(asset).toMatchObject({ parentId: target, type: 'VIDEO', uploadingState: 'UPLOADED' });
    expect(asset.name).toBe('Spot Hook clip 0.00-0.05.mp4');
    expect(asset.length).toBeCloseTo(5, 0);
  });

  it('the internal zip type cannot be started through the jobs API', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: u.headers,
      payload: { brandId: u.brandId, type: 'DOWNLOAD_ZIP', customParams: { ids: [videoId], name: 'x.zip' } },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('storage sweeper', () => {
  it('deletes the bytes of deleted files, but only once no copy uses them', async () => {
    const bytes = await media.image(100, 100);
    const { completed } = await uploadFile(t, u, 'shared.jpg', bytes);
    const original = await processed(t, u, completed.id);
    const folder = await makeFolder('Copies');
    const copied = await t.app.inject({
      method: 'POST',
      url: brandPath(u, `/assets/copy?assetIds=${original.id}`),
      headers: u.headers,
      payload: { folderId: folder },
    });
    const copy = copied.json().assets[0];
    expect((await call('DELETE', `/assets/${original.id}`)).statusCode).toBe(200);
    await t.context.services.sweeper.sweep();
    const copyUrl = (await getAsset(t, u, copy.id)).url!;
    expect((await fetchUrl(t, copyUrl)).body.equals(bytes)).toBe(true);
    expect((await call('DELETE', `/assets/${copy.id}`)).statusCode).toBe(200);
    const result = await t.context.services.sweeper.sweep();
    expect(result.deletedPrefixes).toBeGreaterThanOrEqual(1);
    expect((await fetchUrl(t, copyUrl)).status).toBe(404);
  });

  it('cancelling an upload group deletes its unfinished assets and their partial bytes', async () => {
    const bytes = Buffer.alloc(45 * 1024 * 1024, 'a,b\n');
    const batch = await call('POST', '/assets/batch', {
      assets: [{ name: 'cancelled.csv', size: bytes.length, parentId: 'root' }],
    });
    const created = batch.json().assets[0];
    const first = await t.app.inject({
      method: 'PUT',
      url: created.presignedUrls[0],
      payload: bytes.subarray(0, 20 * 1024 * 1024),
    });
    expect(first.statusCode).toBe(200);
    // The client cancels: it deletes the group's unfinished assets.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: brandPath(u, '/assets/bulk'),
          headers: u.headers,
          payload: { ids: [created.id] },
        })
      ).statusCode,
    ).toBe(200);
    await t.context.services.sweeper.sweep();
    expect((await call('GET', `/library/BRAND/${created.id}`)).statusCode).toBe(404);
    // The multipart upload was aborted: its other parts lead nowhere.
    const late = await t.app.inject({
      method: 'PUT',
      url: created.presignedUrls[1],
      payload: Buffer.alloc(10),
    });
    expect(late.statusCode).toBe(404);
  });

  it('bytes PUT after their file was deleted do not stay in storage (security review)', async () => {
    const bytes = Buffer.from('late,bytes\n');
    const batch = await call('POST', '/assets/batch', {
      assets: [{ name: 'late.csv', size: bytes.length, parentId: 'root' }],
    });
    const created = batch.json().assets[0];
    expect((await call('DELETE', `/assets/${created.id}`)).statusCode).toBe(200);
    await t.context.services.sweeper.sweep();
    // The upload URL is still signed: the bytes land after the deletion's own clean-up.
    const put = await t.app.inject({ method: 'PUT', url: created.presignedURL, payload: bytes });
    expect(put.statusCode).toBe(200);
    const prefix = `${u.accountId}/${created.id}/`;
    const stored = async () => {
      const keys: string[] = [];
      for await (const object of t.context.storage.listObjects(prefix)) keys.push(object.key);
      return keys;
    };
    expect(await stored()).toHaveLength(1);
    // Within the grace hour they stay (a row may still be on its way); after it they go.
    expect(await t.context.services.sweeper.sweepOrphans()).toBe(0);
    expect(
      await t.context.services.sweeper.sweepOrphans(new Date(Date.now() + 2 * 3600_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
  });

  it('an upload that receives no bytes for 15 minutes fails, with retry allowed (000 §4)', async () => {
    const batch = await call('POST', '/assets/batch', {
      assets: [{ name: 'idle.png', size: 100, parentId: 'root' }],
    });
    const idle = batch.json().assets[0];
    expect((await t.context.services.sweeper.sweep(new Date(Date.now() + 10 * 60_000))).stalledUploads).toBe(
      0,
    );
    const result = await t.context.services.sweeper.sweep(new Date(Date.now() + 16 * 60_000));
    expect(result.stalledUploads).toBeGreaterThanOrEqual(1);
    const failed = (await call('GET', `/library/BRAND/${idle.id}`)).json();
    expect(failed).toMatchObject({ uploadingState: 'FAILED_TO_UPLOAD', canRetry: true });
    expect(failed.failureReason).toBeTruthy();
    const retried = await call('PUT', `/assets/${idle.id}/uploading-state`, { uploadingState: 'UPLOADING' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ uploadingState: 'UPLOADING', retryCount: 1 });
  });

  it('scratch files left by a cut-off PUT or media job go once untouched for 15 minutes, not after 24 h', async () => {
    const scratch = t.context.storage.scratchDir();
    const cutOff = path.join(scratch, 'cut-off-put');
    fs.writeFileSync(cutOff, Buffer.alloc(1024));
    const job = fs.mkdtempSync(path.join(scratch, 'hookline-media-'));
    fs.writeFileSync(path.join(job, 'frame.jpg'), Buffer.alloc(10));
    expect((await t.context.services.sweeper.sweep(new Date(Date.now() + 10 * 60_000))).scratchFiles).toBe(0);
    expect(fs.existsSync(cutOff)).toBe(true);
    const result = await t.context.services.sweeper.sweep(new Date(Date.now() + 16 * 60_000));
    expect(result.scratchFiles).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(cutOff)).toBe(false);
    expect(fs.existsSync(job)).toBe(false);
  });

  it('gives up uploads never completed after 24 hours, with their partial bytes', async () => {
    const bytes = Buffer.alloc(45 * 1024 * 1024, 'a,b\n');
    const batch = await call('POST', '/assets/batch', {
      assets: [{ name: 'never.csv', size: bytes.length, parentId: 'root' }],
    });
    const created = batch.json().assets[0];
    const part = await t.app.inject({
      method: 'PUT',
      url: created.presignedUrls[0],
      payload: bytes.subarray(0, 20 * 1024 * 1024),
    });
    expect(part.statusCode).toBe(200);
    const result = await t.context.services.sweeper.sweep(new Date(Date.now() + 25 * 3600_000));
    expect(result.abandonedAssets).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/library/BRAND/${created.id}`)).statusCode).toBe(404);
    // The part's URL leads nowhere now.
    const late = await t.app.inject({
      method: 'PUT',
      url: created.presignedUrls[1],
      payload: Buffer.alloc(10),
    });
    expect(late.statusCode).toBe(404);
  });
});
