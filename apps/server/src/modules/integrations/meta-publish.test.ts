import type { Job } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fake-graph.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall, brandPathOf, connectMeta as connectMetaOf } from '../../test/integrations-world.js';
import { video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { processed, uploadFile } from '../../test/uploads.js';

/**
 * Publishing library videos to Meta against the fake Graph server: chunked upload with a
 * failed transfer resumed from Meta's offsets, processing until ready, the video id kept,
 * and cancelling the job.
 */
let fake: FakeGraph;
let t: TestApp;
let admin: TestUser;
let act: string;
let clips: string[];

const _B = brandPathOf;
const call = <T = unknown>(u: TestUser, method: string, path: string, payload?: object) =>
  brandCall<T>(t, u, method, path, payload);
const jobOf = async (id: string) =>
  (await t.app.inject({ url: `/api/jobs/${id}`, headers: admin.headers })).json<Job>();
const settledJob = (id: string) =>
  eventually(async () => {
    const job = await jobOf(id);
    return job.status === 'CREATED' ? undefined : job;
  }, 60_000);
const publish = (entityIds: string[]) =>
  call<Job>(admin, 'POST', '/library/bulk-publish-to-ad-platform', {
    adAccountId: act,
    entityIds,
    library: 'BRAND',
    brandId: admin.brandId,
    platform: 'FACEBOOK',
  });

beforeAll(async () => {
  // Small transfers: a clip takes several, so one can fail and resume.
  fake = await startFakeGraph({ seed: 11, uploadChunkBytes: 64 * 1024, videoProcessingPolls: 2 });
  t = await createTestApp({ env: fake.env });
  admin = await createUser(t);
  const meta = await connectMetaOf(t, admin);
  act = meta.metadata.adAccounts.find((a) => !a.disabled)!.id;
  // Enabled for publishing; the sync start today keeps the sync short.
  await call(admin, 'PUT', `/integrations/${meta.id}`, {
    enabledAdAccountIds: [act],
    adAccountId: act,
    syncStartTimestampUtc: new Date().toISOString(),
  });
  clips = [];
  for (const [index, seconds] of [6, 7].entries()) {
    const uploaded = await uploadFile(
      t,
      admin,
      `Cut ${index + 1}.mp4`,
      await video(seconds, { width: 320, height: 180 }),
    );
    await processed(t, admin, uploaded.completed.id);
    clips.push(uploaded.completed.id);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('publishing to Meta', () => {
  it('uploads each video in chunks, resumes a failed transfer, waits until ready and keeps the video id', async () => {
    const failure = fake.inject({
      method: 'POST',
      pathPattern: /^\/act_\d+\/advideos$/,
      phase: 'transfer',
      error: { code: 6000, subcode: 1363037, message: 'Transfer failed' },
    });
    const started = await publish(clips);
    expect(started.status).toBe(201);
    expect(started.body.type).toBe('PUBLISH_TO_AD_PLATFORM');
    const job = await settledJob(started.body.id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'FINISHED' });
    const result = job.result as { videos: { assetId: string; videoId: string; status: string }[] };
    expect(result.videos.map((v) => v.status)).toEqual(['UPLOADED', 'UPLOADED']);
    const finished = [...fake.state.uploads.values()].filter((u) => u.state === 'finished');
    expect(finished).toHaveLength(2);
    // Meta has every byte, in order, although one transfer failed on the way.
    expect(failure.remaining).toBe(0);
    for (const upload of finished) expect(upload.received.length).toBe(upload.size);
    const { rows } = await t.context.database.execute<{ asset_id: string; video_id: string; status: string }>(
      `select asset_id, video_id, status from asset_ad_platform_videos order by created_at`,
    );
    expect(rows.map((r) => r.asset_id).sort()).toEqual([...clips].sort());
    expect(rows.every((r) => r.status === 'UPLOADED' && fake.state.videos.has(r.video_id))).toBe(true);
    // Meta was polled until the video left 'processing'.
    const polls = fake.calls.filter((c) => c.method === 'GET' && c.params.fields === 'status');
    expect(polls.length).toBeGreaterThanOrEqual(4);
  });

  it('cancelling the job cancels the upload session at Meta', async () => {
    // Small transfers, the first two refused (the client waits 1 s, then 2 s, before trying
    // again): the upload is still in flight when the job's cancel is noticed (every 2 s).
    fake.state.uploadChunkBytes = 1024;
    fake.inject({
      method: 'POST',
      pathPattern: /^\/act_\d+\/advideos$/,
      phase: 'transfer',
      times: 2,
      error: { code: 6000, subcode: 1363037, message: 'Transfer failed' },
    });
    const opened = new Set([...fake.state.uploads.keys()]);
    const started = await publish([clips[0]!]);
    const session = await eventually(async () => {
      const fresh = [...fake.state.uploads.values()].find((u) => !opened.has(u.id));
      return fresh?.state === 'open' ? fresh : undefined;
    }, 30_000);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${started.body.id}/cancel`,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await settledJob(started.body.id)).status).toBe('CANCELLED');
    await eventually(
      async () => (fake.state.uploads.get(session.id)?.state === 'cancelled' ? true : undefined),
      30_000,
    );
    fake.state.uploadChunkBytes = 64 * 1024;
  });

  it('refuses an account that is not enabled', async () => {
    const disabled = fake.state.adAccounts.find((a) => a.id !== act)!.id;
    const response = await call<{ fields: { path: string; message: string }[] }>(
      admin,
      'POST',
      '/library/bulk-publish-to-ad-platform',
      {
        adAccountId: disabled,
        entityIds: clips,
        library: 'BRAND',
        brandId: admin.brandId,
        platform: 'FACEBOOK',
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.fields[0]).toEqual({
      path: 'body.adAccountId',
      message: 'Enable this ad account first',
    });
  });
});
