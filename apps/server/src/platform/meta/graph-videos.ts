import { abortError, GraphError, GraphUnavailableError, type GraphUsage } from './errors.js';
import {
  actId,
  encodeParams,
  type GraphCallOptions,
  type GraphParams,
  type GraphTransport,
} from './graph-transport.js';

/** Videos (reference §3, §6): a video's source and status, and chunked uploads on the video host. */

export interface GraphVideo {
  id: string;
  /** Playable file; short-lived (reference §3): fetch it again rather than storing it. */
  source?: string;
  picture?: string;
  /** Seconds. */
  length?: number;
}

export type GraphVideoStatus = 'processing' | 'ready' | 'error' | (string & {});

export interface UploadVideoOptions {
  size: number;
  /** Bytes [start, end) of the file (end exclusive, as Graph's offsets). */
  readChunk(start: number, end: number): Promise<Buffer>;
  title?: string;
  signal?: AbortSignal;
  /** Bytes Meta has confirmed, after each transfer. */
  onProgress?: (uploadedBytes: number, size: number) => void;
  /** Failed transfers retried in a row before giving up (default 3). */
  maxTransferRetries?: number;
  /** Wait before a retried transfer, times the attempt (default 1000 ms). */
  retryDelayMs?: number;
}

/** A chunk of a video may take a while on a slow uplink. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

export async function video(
  graph: GraphTransport,
  videoId: string,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphVideo> {
  const { body } = await graph.get<GraphVideo>(
    `/${videoId}`,
    token,
    { fields: 'source,picture,length' },
    options,
  );
  return body;
}

export async function videoStatus(
  graph: GraphTransport,
  videoId: string,
  token: string,
  options: GraphCallOptions = {},
): Promise<GraphVideoStatus> {
  const { body } = await graph.get<{ status?: { video_status?: string } }>(
    `/${videoId}`,
    token,
    { fields: 'status' },
    options,
  );
  return body.status?.video_status ?? 'processing';
}

/**
 * Chunked upload on the video host: start, transfer until Meta's offsets meet, finish.
 * A failed transfer resumes from the offsets Meta gives in `error_data` (or repeats the
 * chunk after a network failure or transient error), a few times in a row at most. On
 * abort the session is cancelled and an AbortError thrown. Returns the new video's id.
 */
export async function uploadVideo(
  graph: GraphTransport,
  adAccountId: string,
  token: string,
  upload: UploadVideoOptions,
): Promise<string> {
  const { signal } = upload;
  const path = `/${actId(adAccountId)}/advideos`;
  const maxRetries = upload.maxTransferRetries ?? 3;
  const retryDelayMs = upload.retryDelayMs ?? 1000;
  if (signal?.aborted) throw abortError(signal);
  const started = await videoPhase<{
    upload_session_id?: string | number;
    video_id?: string | number;
    start_offset?: string | number;
    end_offset?: string | number;
  }>(graph, path, token, { upload_phase: 'start', file_size: upload.size }, undefined, { signal });
  const sessionId = String(started.body.upload_session_id ?? '');
  const videoId = String(started.body.video_id ?? '');
  if (!sessionId || !videoId) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta did not open a video upload session',
      usage: started.usage,
    });
  }
  try {
    let offsets = readOffsets(started.body, started.usage);
    let failures = 0;
    while (offsets.start < offsets.end) {
      if (signal?.aborted) throw abortError(signal);
      const chunk = await upload.readChunk(offsets.start, offsets.end);
      if (signal?.aborted) throw abortError(signal);
      try {
        const answer = await videoPhase<{ start_offset?: string; end_offset?: string }>(
          graph,
          path,
          token,
          { upload_phase: 'transfer', upload_session_id: sessionId, start_offset: offsets.start },
          chunk,
          { signal, timeoutMs: Math.max(graph.timeoutMs, TRANSFER_TIMEOUT_MS) },
        );
        offsets = readOffsets(answer.body, answer.usage);
        failures = 0;
        upload.onProgress?.(Math.min(offsets.start, upload.size), upload.size);
      } catch (error) {
        if (isAbort(error) || signal?.aborted) throw error;
        const resumeAt = error instanceof GraphError ? offsetsFromErrorData(error.data) : null;
        const retryable =
          resumeAt !== null ||
          error instanceof GraphUnavailableError ||
          (error instanceof GraphError && error.isTransient);
        failures += 1;
        if (!retryable || failures > maxRetries) throw error;
        if (resumeAt) offsets = resumeAt;
        await sleep(retryDelayMs * failures, signal);
      }
    }
    await videoPhase(
      graph,
      path,
      token,
      { upload_phase: 'finish', upload_session_id: sessionId, title: upload.title },
      undefined,
      { signal },
    );
    return videoId;
  } catch (error) {
    if (signal?.aborted) {
      // Tell Meta to drop the session; the caller's abort is what they hear about.
      await videoPhase(
        graph,
        path,
        token,
        { upload_phase: 'cancel', upload_session_id: sessionId },
        undefined,
        {
          timeoutMs: 15_000,
        },
      ).catch(() => undefined);
      throw abortError(signal);
    }
    throw error;
  }
}

function videoPhase<T>(
  graph: GraphTransport,
  path: string,
  token: string,
  params: GraphParams,
  chunk: Buffer | undefined,
  options: GraphCallOptions,
) {
  const form = new FormData();
  for (const [key, value] of encodeParams(graph.signed(params, token))) form.append(key, value);
  if (chunk)
    form.append('video_file_chunk', new Blob([chunk], { type: 'application/octet-stream' }), 'chunk');
  return graph.call<T>('POST', graph.url('video', path), form, options);
}

function readOffsets(body: unknown, usage: GraphUsage): { start: number; end: number } {
  const offsets = offsetsFromErrorData(body as Record<string, unknown>);
  if (!offsets) {
    throw new GraphError({
      httpStatus: 200,
      code: null,
      message: 'Meta answered a video upload step without offsets',
      usage,
    });
  }
  return offsets;
}

function offsetsFromErrorData(
  data: Record<string, unknown> | null | undefined,
): { start: number; end: number } | null {
  if (!data || data.start_offset == null || data.end_offset == null) return null;
  const start = Number(data.start_offset);
  const end = Number(data.end_offset);
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start
    ? { start, end }
    : null;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return signal?.aborted ? Promise.reject(abortError(signal)) : Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
