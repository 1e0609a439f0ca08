import { randomUUID } from 'node:crypto';
import type { AssetAnalysis, AssetBreakdown, AssetTranscript } from '@hookline/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hang, rateLimited, serverError } from '../../../test/fake-openai.js';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { brandCall } from '../../test/integrations-world.js';
import { image, video } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { getAsset, processed, uploadFile } from '../../test/uploads.js';
import { AI_CLIPS_QUEUE } from './clips.js';
import { AI_TRANSCRIBE_QUEUE } from './transcription.js';

/**
 * The AI provider failing (issue 15 "Security and tests"): the fake server's 500s and 429s
 * end the vision, transcription and clips features FAILED, the API still answering 200; and
 * an AI job whose worker process was lost mid-job ends FAILED, or runs again, never stuck in
 * PROCESSING.
 */

const ANALYSIS_QUEUES = [AI_TRANSCRIBE_QUEUE, AI_CLIPS_QUEUE];

describe('AI analysis when the provider fails (fake OpenAI-compatible server)', () => {
  const fake = useFakeOpenAi();
  let t: TestApp;
  let member: TestUser;
  let hurrying: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...fake.env,
        // A lost worker's lease runs out in 2 s (the worker-lease test's figures).
        JOB_HEARTBEAT_MS: '500',
        JOB_LEASE_TIMEOUT_MS: '2000',
        // Room for the jobs the lost-worker tests leave hanging, and for their calls: a lost
        // worker's calls end with its process, these run on until the file's end.
        JOB_CONCURRENCY: '4',
        AI_CONCURRENCY: '8',
      },
    });
    member = await createUser(t, { role: 'member' });
  });
  afterEach(() => clearInterval(hurrying));
  afterAll(async () => {
    // The hanging answers end when the fake closes their connections.
    await fake.close();
    await t?.close();
  });

  /**
   * The AI jobs wait 30 s (and more) before each retry: here a retry's wait is cut short, so
   * a job's three attempts run in seconds. Only the wait changes; pg-boss still counts them.
   */
  function hurryRetries() {
    hurrying = setInterval(() => {
      void t.context.database
        .execute(
          `update pgboss.job set start_after = now() where name = any($1) and state = 'retry' and start_after > now()`,
          [ANALYSIS_QUEUES],
        )
        .then(() => {
          for (const name of ANALYSIS_QUEUES) t.context.queue.notify(name);
        })
        .catch(() => {});
    }, 200);
  }

  /** Every call the web makes about a file answers 200 (never a 5xx): its analysis, transcript, clips and item. */
  async function answersWithoutError(id: string) {
    for (const path of [`/assets/${id}/analysis`, `/assets/${id}/transcript`, `/assets/${id}/text`]) {
      const { status } = await brandCall(t, member, 'GET', path);
      expect(status, path).toBe(200);
    }
    return getAsset(t, member, id);
  }

  it('marks description and personas FAILED after 500s, and after 429s, keeping the local tags', {
    timeout: 90_000,
  }, async () => {
    fake.script('chat', serverError(), serverError(502), serverError(503));
    const broken = (await uploadFile(t, member, 'five-hundred.jpg', await image(800, 600))).created;
    const failed = byFeature(await analysed(t, member, broken.id));
    expect(failed.description).toEqual({
      feature: 'description',
      status: 'FAILED',
      message: 'A description could not be written',
    });
    expect(failed.personas).toMatchObject({ status: 'FAILED', message: 'Personas could not be found' });
    expect(failed.tags?.status).toBe('COMPLETED');
    // The provider tried three times, then gave up.
    expect(fake.requestsTo('chat')).toHaveLength(3);
    expect((await answersWithoutError(broken.id)).mediaAnalysisStatus).toBe('FAILED');

    fake.reset();
    fake.script('chat', rateLimited('0'), rateLimited('0'), rateLimited('0'));
    const limited = (await uploadFile(t, member, 'four-two-nine.jpg', await image(640, 480))).created;
    const refused = byFeature(await analysed(t, member, limited.id));
    expect(refused.description?.status).toBe('FAILED');
    expect(refused.personas?.status).toBe('FAILED');
    expect(fake.requestsTo('chat')).toHaveLength(3);
    expect((await answersWithoutError(limited.id)).mediaAnalysisStatus).toBe('FAILED');

    // Once the provider is back, a retry makes them.
    const retry = await brandCall<AssetAnalysis>(t, member, 'POST', `/assets/${limited.id}/analysis/retry`);
    expect(retry.status).toBe(200);
    expect(byFeature(await analysed(t, member, limited.id)).description?.status).not.toBe('FAILED');
  });

  it('marks a transcription FAILED once every attempt met 500s and 429s, and the clips that waited on it', {
    timeout: 90_000,
  }, async () => {
    const failures = [serverError(), rateLimited('0'), serverError(503)];
    // Three job attempts, each trying the server three times.
    fake.script('transcriptions', ...failures, ...failures, ...failures);
    hurryRetries();
    const { created } = await uploadFile(t, member, 'unheard.mp4', await video(5));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription).toEqual({
      feature: 'transcription',
      status: 'FAILED',
      message: 'The transcription failed',
    });
    expect(analysis.breakdown).toMatchObject({
      status: 'FAILED',
      message: 'Creative clips could not be found',
    });
    expect(fake.requestsTo('transcriptions')).toHaveLength(9);
    const transcript = await brandCall<AssetTranscript>(t, member, 'GET', `/assets/${created.id}/transcript`);
    expect(transcript).toMatchObject({
      status: 200,
      body: { status: 'FAILED', message: 'The transcription failed', entries: [] },
    });
    expect((await answersWithoutError(created.id)).transcriptionBreakdownStatus).toBe('FAILED');
  });

  it('marks creative clips FAILED once every attempt met 500s and 429s', { timeout: 120_000 }, async () => {
    // The transcription's first attempt is refused (400, not retried by the provider), so the
    // clips job only starts once the vision call for the video's frames is over.
    fake.script('transcriptions', { status: 400, json: { error: { message: 'Not now', type: 'invalid' } } });
    const { created } = await uploadFile(t, member, 'unclipped.mp4', await video(5));
    await processed(t, member, created.id);
    await eventually(async () => {
      const { body } = await brandCall<AssetAnalysis>(t, member, 'GET', `/assets/${created.id}/analysis`);
      const media = body.features.filter((f) =>
        ['tags', 'description', 'personas', 'ocr'].includes(f.feature),
      );
      return media.every((f) => f.status && f.status !== 'PENDING' && f.status !== 'PROCESSING')
        ? true
        : undefined;
    }, 90_000);
    expect(fake.requestsTo('chat')).toHaveLength(1);

    const failures = [rateLimited('0'), serverError(), serverError(504)];
    fake.script('chat', ...failures, ...failures, ...failures);
    hurryRetries();
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription?.status).toBe('COMPLETED');
    expect(analysis.breakdown).toEqual({
      feature: 'breakdown',
      status: 'FAILED',
      message: 'Creative clips could not be found',
    });
    const asks = fake.requestsTo('chat').filter((r) => JSON.stringify(r.json).includes('fromSeg'));
    expect(asks).toHaveLength(9);
    const breakdown = await brandCall<AssetBreakdown>(
      t,
      member,
      'GET',
      `/assets/${created.id}/transcription-breakdown`,
    );
    expect(breakdown).toMatchObject({
      status: 200,
      body: { status: 'FAILED', message: 'Creative clips could not be found', items: [] },
    });
    expect((await answersWithoutError(created.id)).transcriptionBreakdownStatus).toBe('FAILED');
  });

  /**
   * A video whose transcription hangs at the fake server, its AI_TRANSCRIBE job active; then
   * its worker process is lost: the job's lease is moved to a worker that no longer exists
   * (as a SIGKILL leaves it). The live workers' lease check hands it back.
   */
  async function transcriptionLostMidJob(name: string, options: { retriesLeft: boolean }) {
    fake.script('transcriptions', hang());
    const before = fake.requestsTo('transcriptions').length;
    const { created } = await uploadFile(t, member, name, await video(5));
    await processed(t, member, created.id);
    const jobId = await eventually(async () => {
      const { rows } = await t.context.database.execute<{ id: string }>(
        `select id from pgboss.job where name = $1 and state = 'active' and data->>'assetId' = $2`,
        [AI_TRANSCRIBE_QUEUE, created.id],
      );
      return rows[0] && fake.requestsTo('transcriptions').length > before ? rows[0].id : undefined;
    }, 60_000);
    const { body } = await brandCall<AssetAnalysis>(t, member, 'GET', `/assets/${created.id}/analysis`);
    expect(byFeature(body).transcription?.status).toBe('PROCESSING');
    if (!options.retriesLeft)
      await t.context.database.execute('update pgboss.job set retry_count = retry_limit where id = $1', [
        jobId,
      ]);
    await t.context.database.execute(
      'update pgboss.hookline_worker_job set worker_id = $2 where queue_job_id = $1',
      [jobId, randomUUID()],
    );
    return created.id;
  }

  it('fails the transcription and its clips of a job lost with its worker and no retries left', {
    timeout: 120_000,
  }, async () => {
    const id = await transcriptionLostMidJob('lost.mp4', { retriesLeft: false });
    const analysis = byFeature(await analysed(t, member, id));
    expect(analysis.transcription).toMatchObject({ status: 'FAILED', message: 'The transcription failed' });
    expect(analysis.breakdown?.status).toBe('FAILED');
    expect((await answersWithoutError(id)).transcriptionBreakdownStatus).toBe('FAILED');
    // What failed can be asked for again.
    const retry = await brandCall<AssetAnalysis>(t, member, 'POST', `/assets/${id}/analysis/retry`);
    expect(byFeature(retry.body).transcription?.status).toBe('PENDING');
    expect(byFeature(await analysed(t, member, id)).transcription?.status).toBe('COMPLETED');
  });

  it('runs a job lost with its worker again while it has retries left', { timeout: 120_000 }, async () => {
    hurryRetries();
    const id = await transcriptionLostMidJob('lost-and-found.mp4', { retriesLeft: true });
    const analysis = byFeature(await analysed(t, member, id));
    expect(analysis.transcription?.status).toBe('COMPLETED');
    expect(analysis.breakdown?.status).toBe('COMPLETED');
    const { body } = await brandCall<AssetTranscript>(t, member, 'GET', `/assets/${id}/transcript`);
    expect(body.entries.length).toBeGreaterThan(0);
  });
});
