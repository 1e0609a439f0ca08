import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { account1, caught, fake, graph, token, useGraphWorld } from '../../test/graph-world.js';
import type { GraphError } from './errors.js';

useGraphWorld();

describe('chunked video upload', () => {
  const file = randomBytes(200 * 1024 + 123);
  const readChunk = async (start: number, end: number) => file.subarray(start, end);

  it('resumes from the offsets Meta gives after a failed transfer', async () => {
    fake.state.uploadChunkBytes = 64 * 1024;
    const failure = fake.inject({ pathPattern: /\/advideos$/, phase: 'transfer', error: { code: 6000 } });
    fake.state.videoProcessingPolls = 1;
    const progress: number[] = [];
    const videoId = await graph.uploadVideo(account1, token, {
      size: file.length,
      readChunk,
      title: 'Hook test',
      retryDelayMs: 0,
      onProgress: (sent) => progress.push(sent),
    });
    expect(failure.remaining).toBe(0);
    const upload = [...fake.state.uploads.values()].find((u) => u.videoId === videoId)!;
    expect(upload.state).toBe('finished');
    expect(upload.received.equals(file)).toBe(true);
    expect(upload.transfers).toBe(4);
    expect(progress.at(-1)).toBe(file.length);
    expect(fake.state.videos.get(videoId)?.title).toBe('Hook test');
    const uploadCalls = fake.calls.filter((c) => c.path === `/${account1}/advideos`);
    expect(uploadCalls.every((c) => c.params.appsecret_proof === fake.proof(token))).toBe(true);
    expect(await graph.videoStatus(videoId, token)).toBe('ready');
  });

  it('gives up after too many failed transfers in a row', async () => {
    fake.inject({ pathPattern: /\/advideos$/, phase: 'transfer', times: 3, error: { code: 6000 } });
    const error = (await caught(
      graph.uploadVideo(account1, token, {
        size: file.length,
        readChunk,
        retryDelayMs: 0,
        maxTransferRetries: 2,
      }),
    )) as GraphError;
    expect(error.code).toBe(6000);
  });

  it('cancels the session on abort', async () => {
    const controller = new AbortController();
    const error = await caught(
      graph.uploadVideo(account1, token, {
        size: file.length,
        readChunk,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(error.name).toBe('AbortError');
    const last = [...fake.state.uploads.values()].at(-1)!;
    expect(last.state).toBe('cancelled');
    expect(last.transfers).toBe(1);
    expect(fake.calls.at(-1)?.params.upload_phase).toBe('cancel');
  });
});
