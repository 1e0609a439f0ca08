import { createHash } from 'node:crypto';
import { MULTIPART_PART_SIZE_BYTES, messages, uploadMessages } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import * as media from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  brandPath,
  completeUpload,
  createUploads,
  fetchUrl,
  getAsset,
  processed,
  putBytes,
  uploadFile,
} from '../../test/uploads.js';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_INTERVAL_MS: '500' } });
  u = await createUser(t);
});
afterAll(async () => t?.close());

describe('upload protocol (single PUT)', () => {
  it('creates the record in UPLOADING with a signed URL, stores the bytes, processes an image', async () => {
    const bytes = await media.image(1600, 900);
    const batch = await createUploads(t, u, [{ name: 'Hero shot.jpg', size: bytes.length, clientId: 'c-1' }]);
    expect(batch.skipped).toEqual([]);
    const [created] = batch.assets;
    expect(created).toMatchObject({
      name: 'Hero shot.jpg',
      type: 'IMAGE',
      uploadingState: 'UPLOADING',
      clientId: 'c-1',
      size: bytes.length,
      canRetry: true,
      retryCount: 0,
      previewURL: null,
    });
    expect(created!.presignedURL).toMatch(/^\/api\/storage\/object\?g=/);
    expect(created!.uploadHeaders).toMatchObject({
      'Content-Type': 'image/jpeg',
      'Cache-Control': expect.stringContaining('max-age=15552000'),
      'Content-Disposition': expect.stringContaining('filename="Hero_shot.jpg"'),
    });

    await putBytes(t, created!, bytes);
    const complete = await completeUpload(t, u, created!);
    expect(complete.statusCode).toBe(200);
    expect(complete.json().uploadingState).toBe('UPLOADED_GENERATING_THUMBNAIL');

    const done = await processed(t, u, created!.id);
    expect(done).toMatchObject({ uploadingState: 'UPLOADED', metadata: { width: 1600, height: 900 } });
    const original = await fetchUrl(t, done.url!);
    expect(original.status).toBe(200);
    expect(sha(original.body)).toBe(sha(bytes));
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toContain('max-age=15552000');
    const thumbnail = await fetchUrl(t, done.previewURL!);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toContain('max-age=2592000');
    const meta = await sharp(thumbnail.body).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    const preview = await sharp((await fetchUrl(t, done.transcodingUrls!.preview!)).body).metadata();
    expect(preview.width).toBe(1280);
  });

  it('serves byte ranges of the original (video seeking)', async () => {
    const bytes = await media.image(400, 400, 'png');
    const { completed } = await uploadFile(t, u, 'range.png', bytes);
    const done = await processed(t, u, completed.id);
    const partial = await fetchUrl(t, done.url!, { range: 'bytes=10-19' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(partial.body.equals(bytes.subarray(10, 20))).toBe(true);
    expect((await fetchUrl(t, done.url!, { range: `bytes=${bytes.length + 5}-` })).status).toBe(416);
  });

  it('an upload URL used again after completion changes nothing that was checked or served (security review)', async () => {
    const png = await media.image(300, 300, 'png');
    const { created, completed } = await uploadFile(t, u, 'swap.png', png);
    // The attacker PUTs other bytes (a playlist that would make ffmpeg read a local file) to the same URL.
    const playlist = Buffer.from('#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n'.padEnd(png.length, ' '));
    await t.app.inject({
      method: 'PUT',
      url: created.presignedURL!,
      payload: playlist,
      headers: { ...created.uploadHeaders },
    });
    const again = await completeUpload(t, u, created);
    expect(again.statusCode).toBe(200);
    const done = await processed(t, u, completed.id);
    expect(done.uploadingState).toBe('UPLOADED');
    const served = await fetchUrl(t, done.url!);
    expect(sha(served.body)).toBe(sha(png));
  });

  it('refuses a tampered or expired storage URL', async () => {
    const bytes = await media.image(300, 300);
    const { completed } = await uploadFile(t, u, 'tamper.jpg', bytes);
    const done = await processed(t, u, completed.id);
    const url = new URL(done.url!, 'http://x');
    url.searchParams.set('s', `${url.searchParams.get('s')!.slice(0, -2)}xx`);
    const refused = await fetchUrl(t, url.pathname + url.search);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString()).message).toBe(messages.auth.linkExpired);
  });
});

describe('upload protocol (multipart)', () => {
  it('takes a file over 20 MB in 20 MB parts and assembles it exactly', async () => {
    const size = MULTIPART_PART_SIZE_BYTES * 2 + 12_345;
    const line = 'date,campaign,spend\n2026-11-01,Launch,12.50\n';
    const bytes = Buffer.alloc(size, line);
    const batch = await createUploads(t, u, [{ name: 'export.csv', size }]);
    const [created] = batch.assets;
    expect(created!.uploadId).toBeTruthy();
    expect(created!.presignedUrls).toHaveLength(3);
    expect(created!.partSize).toBe(MULTIPART_PART_SIZE_BYTES);
    const parts = await putBytes(t, created!, bytes);
    // Completing without every part is refused and the upload fails (retryable).
    const missing = await completeUpload(t, u, created!, parts!.slice(0, 2));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(uploadMessages.missingParts);
    const failed = await getAsset(t, u, created!.id);
    expect(failed).toMatchObject({ uploadingState: 'FAILED_TO_UPLOAD', canRetry: true });

    // Retry: new URLs, the bytes again, complete.
    const retry = await t.app.inject({
      method: 'PUT',
      url: brandPath(u, `/assets/${created!.id}/uploading-state`),
      headers: u.headers,
      payload: { uploadingState: 'UPLOADING' },
    });
    expect(retry.statusCode).toBe(200);
    const again = retry.json();
    expect(again).toMatchObject({ uploadingState: 'UPLOADING', retryCount: 1 });
    const newParts = await putBytes(t, again, bytes);
    expect((await completeUpload(t, u, again, newParts)).statusCode).toBe(200);
    const done = await processed(t, u, created!.id);
    expect(done.uploadingState).toBe('UPLOADED_WITHOUT_THUMBNAIL');
    expect(sha((await fetchUrl(t, done.url!)).body)).toBe(sha(bytes));
  });
});

describe('validation', () => {
  it('skips unsupported, executable, dot, over-long and control- or bidi-character names before any bytes move', async () => {
    const batch = await createUploads(t, u, [
      { name: 'setup.exe', size: 10, clientId: 'a' },
      { name: 'notes.xyz', size: 10, clientId: 'b' },
      { name: '.DS_Store', size: 10, clientId: 'c' },
      { name: `${'n'.repeat(252)}.jpg`, size: 10, clientId: 'd' },
      { name: 'huge.jpg', size: 11 * 1024 * 1024, clientId: 'e' },
      { name: 'no-extension', size: 10, clientId: 'f' },
      { name: 'invoice\u202Egnp.exe', size: 10, clientId: 'g' },
      { name: 'tab\tname.jpg', size: 10, clientId: 'h' },
    ]);
    expect(batch.assets).toEqual([]);
    expect(batch.skipped.map((s) => [s.clientId, s.reason, s.message])).toEqual([
      ['a', 'unsupported', uploadMessages.executable],
      ['b', 'unsupported', 'Unsupported file type: .xyz'],
      ['c', 'dotFile', uploadMessages.dotFile],
      ['d', 'nameTooLong', uploadMessages.nameTooLong],
      ['e', 'tooLarge', 'Images can be at most 10 MB'],
      ['f', 'unsupported', uploadMessages.noExtension],
      ['g', 'invalidName', uploadMessages.invalidName],
      ['h', 'invalidName', uploadMessages.invalidName],
    ]);
  });

  it('refuses a renamed executable and a PNG named .jpg after sniffing, for good', async () => {
    for (const [name, bytes, reason] of [
      ['photo.jpg', media.executable(), uploadMessages.executable],
      ['logo.jpg', await media.image(200, 200, 'png'), "The file's content is not a .jpg file"],
    ] as const) {
      const batch = await createUploads(t, u, [{ name, size: bytes.length }]);
      await putBytes(t, batch.assets[0]!, bytes);
      const complete = await completeUpload(t, u, batch.assets[0]!);
      expect(complete.statusCode).toBe(400);
      expect(complete.json().message).toBe(reason);
      const asset = await getAsset(t, u, batch.assets[0]!.id);
      expect(asset).toMatchObject({
        uploadingState: 'FAILED_TO_UPLOAD',
        canRetry: false,
        failureReason: reason,
        url: null,
      });
    }
  });

  it('refuses an image wider than 2000 px after probing', async () => {
    const bytes = await media.image(2001, 300, 'png');
    const { completed } = await uploadFile(t, u, 'wide.png', bytes);
    const done = await processed(t, u, completed.id);
    expect(done).toMatchObject({
      uploadingState: 'FAILED_TO_UPLOAD',
      canRetry: false,
      failureReason: 'Images can be at most 2000 px on their longer side',
    });
  });

  it('refuses a video shorter than 5 s with its reason', async () => {
    const bytes = await media.video(4, { width: 320, height: 180 });
    const { completed } = await uploadFile(t, u, 'short.mp4', bytes);
    const done = await processed(t, u, completed.id);
    expect(done).toMatchObject({
      uploadingState: 'FAILED_TO_UPLOAD',
      canRetry: false,
      failureReason: 'Videos must be at least 5 seconds long',
    });
  });
});

describe('another brand', () => {
  it('cannot complete, retry or read the state of someone else’s upload', async () => {
    const other = await createUser(t);
    const bytes = await media.image(200, 200);
    const batch = await createUploads(t, u, [{ name: 'private.jpg', size: bytes.length }]);
    const id = batch.assets[0]!.id;
    // Their own brand path with my asset id: not found.
    const theirs = await t.app.inject({
      method: 'POST',
      url: brandPath(other, `/assets/${id}/complete-upload`),
      headers: other.headers,
      payload: {},
    });
    expect(theirs.statusCode).toBe(404);
    // My brand path with their session: the brand is not theirs (404, nothing leaks).
    const mine = await t.app.inject({
      method: 'POST',
      url: brandPath(u, `/assets/${id}/complete-upload`),
      headers: other.headers,
      payload: {},
    });
    expect(mine.statusCode).toBe(404);
    expect((await getAsset(t, u, id)).uploadingState).toBe('UPLOADING');
  });
});

describe('processing', () => {
  const probe = async (bytes: Buffer) => {
    const { execFileSync } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'probe-')), 'f');
    fs.writeFileSync(file, bytes);
    return JSON.parse(
      execFileSync(media.binaries.ffprobe, [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_streams',
        '-show_format',
        file,
      ]).toString(),
    ) as {
      streams: { codec_type: string; codec_name: string; height?: number }[];
      format: { duration: string };
    };
  };

  it('a video gets its length, poster, a 480p h264 variant and an audio track that play', async () => {
    const bytes = await media.video(6, { width: 1280, height: 720 });
    const { completed } = await uploadFile(t, u, 'Ad cut.mp4', bytes);
    const done = await processed(t, u, completed.id);
    expect(done).toMatchObject({
      uploadingState: 'UPLOADED',
      metadata: { width: 1280, height: 720, videoCodec: 'h264', audioCodec: 'aac' },
    });
    expect(done.length).toBeCloseTo(6, 0);
    const short = await probe((await fetchUrl(t, done.transcodingUrls!.short!)).body);
    const video = short.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', height: 480 });
    expect(Number(short.format.duration)).toBeCloseTo(6, 0);
    const audio = await probe((await fetchUrl(t, done.transcodingUrls!.audio!)).body);
    expect(audio.streams.map((s) => s.codec_type)).toEqual(['audio']);
    const poster = await sharp((await fetchUrl(t, done.transcodingUrls!.poster!)).body).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 1280, height: 720 });
  });

  it('an audio file gets its length and a waveform picture', async () => {
    const { completed } = await uploadFile(t, u, 'voice.wav', await media.audio(3));
    const done = await processed(t, u, completed.id);
    expect(done.uploadingState).toBe('UPLOADED');
    expect(done.length).toBeCloseTo(3, 0);
    expect((await sharp((await fetchUrl(t, done.transcodingUrls!.waveform!)).body).metadata()).format).toBe(
      'webp',
    );
  });

  it('a PDF gets its first page as the preview and its page count', async () => {
    const { completed } = await uploadFile(t, u, 'brief.pdf', media.pdf());
    const done = await processed(t, u, completed.id);
    expect(done).toMatchObject({ uploadingState: 'UPLOADED', metadata: { pages: 1 } });
    const preview = await sharp((await fetchUrl(t, done.transcodingUrls!.preview!)).body)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(preview.info.height).toBe(1280); // a portrait page fits the 1280 px box
    // The page is not blank: the blue box was drawn.
    const stats = await sharp(preview.data, { raw: preview.info }).stats();
    expect(stats.channels[0]!.min).toBeLessThan(100);
  });

  it('an SVG is rasterised for its thumbnail and only ever downloaded as a file', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="red"/><script>alert(1)</script></svg>',
    );
    const { completed } = await uploadFile(t, u, 'mark.svg', svg);
    const done = await processed(t, u, completed.id);
    expect(done.uploadingState).toBe('UPLOADED');
    expect((await sharp((await fetchUrl(t, done.previewURL!)).body).metadata()).format).toBe('webp');
    const original = await fetchUrl(t, done.url!);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(original.headers['content-security-policy']).toContain('sandbox');
  });

  it('a txt document is kept without a thumbnail', async () => {
    const { completed } = await uploadFile(
      t,
      u,
      'notes.txt',
      Buffer.from('Hook ideas\n- open on the product\n'),
    );
    expect((await processed(t, u, completed.id)).uploadingState).toBe('UPLOADED_WITHOUT_THUMBNAIL');
  });
});

describe('small uploads (POST /upload/url)', () => {
  it('gives a signed PUT for a logo under 2 MB that becomes the brand logo', async () => {
    // Campaign management (the logo) is for super users.
    const admin = await createUser(t, { isSuperUser: true });
    const png = await media.image(200, 200, 'png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/upload/url',
      headers: u.headers,
      payload: {
        fileName: 'huge.png',
        contentType: 'image/png',
        size: 2 * 1024 * 1024,
        purpose: 'brandLogo',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.library.fileTooLarge);

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/upload/url',
      headers: u.headers,
      payload: { fileName: 'logo.png', contentType: 'image/png', size: png.length },
    });
    expect(answer.statusCode).toBe(200);
    const { presignedURL, uploadHeaders, url } = answer.json();
    expect(url).toMatch(/^\/api\/public-files\/[0-9a-f-]+\.png$/);
    expect(
      (await t.app.inject({ method: 'PUT', url: presignedURL, payload: png, headers: uploadHeaders }))
        .statusCode,
    ).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/brands/${admin.brandId}/creative_kit`,
      headers: admin.headers,
      payload: { logoURL: url },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().logoURL).toBe(url);
    const redirect = await t.app.inject({ method: 'GET', url });
    expect(redirect.statusCode).toBe(302);
    const file = await fetchUrl(t, String(redirect.headers.location));
    expect(file.body.equals(png)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');

    // The URL used again cannot change the public file (it was made from the first bytes).
    await t.app.inject({ method: 'PUT', url: presignedURL, payload: Buffer.from('<html>phish</html>') });
    const again = await fetchUrl(t, String((await t.app.inject({ method: 'GET', url })).headers.location));
    expect(again.body.equals(png)).toBe(true);
  });

  it('bytes that are not the image the name says are never served (security review)', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/upload/url',
      headers: u.headers,
      payload: { fileName: 'logo.png', contentType: 'image/png', size: html.length },
    });
    const { presignedURL, url } = answer.json();
    await t.app.inject({ method: 'PUT', url: presignedURL, payload: html });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('plan allocation (storage)', () => {
  it('uploads in flight reserve their size: two batches cannot overshoot the plan; usage counts completed bytes', async () => {
    const v = await createUser(t);
    await t.context.services.plans.setAllocation(v.accountId, { storageBytes: 1000 });
    const batch = (size: number, name: string) =>
      t.app.inject({
        method: 'POST',
        url: brandPath(v, '/assets/batch'),
        headers: v.headers,
        payload: { assets: [{ parentId: 'root', name, size }] },
      });
    const first = await batch(600, 'first.png');
    expect(first.statusCode).toBe(201);
    // The first upload has not sent a byte, yet it holds its 600 bytes.
    const second = await batch(600, 'second.png');
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ resourceName: 'storage', allocation: 1000 });
    const usage = await t.app.inject({ url: `/api/accounts/${v.accountId}/usage`, headers: v.headers });
    expect(usage.json()).toMatchObject({ assetsCount: 0, storageBytes: 0 });
    // The first upload fails: its reservation ends and the second fits.
    const created = first.json().assets[0];
    const failed = await t.app.inject({
      method: 'PUT',
      url: brandPath(v, `/assets/${created.id}/uploading-state`),
      headers: v.headers,
      payload: { uploadingState: 'FAILED_TO_UPLOAD', reason: 'network' },
    });
    expect(failed.statusCode).toBe(200);
    expect((await batch(600, 'second.png')).statusCode).toBe(201);
  });

  it('parallel batches of one account are checked one after another', async () => {
    const v = await createUser(t);
    await t.context.services.plans.setAllocation(v.accountId, { storageBytes: 1000 });
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        t.app.inject({
          method: 'POST',
          url: brandPath(v, '/assets/batch'),
          headers: v.headers,
          payload: { assets: [{ parentId: 'root', name: `parallel-${n}.png`, size: 400 }] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 402]);
  });
});
