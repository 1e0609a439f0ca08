import { errorAnswer, fail } from './errors.js';
import { fbTime } from './ids-and-time.js';
import type { FakeContext, FakeGraphState, FakeUpload, FakeVideo } from './types.js';
import { type FakeAnswer, type FakeRequest, ok } from './wire.js';

/** Video uploads (reference §6): simple uploads and chunked sessions (start, transfer, finish, cancel). */

export function uploadOffsets(state: FakeGraphState, upload: FakeUpload) {
  const start = upload.received.length;
  return {
    start_offset: String(start),
    end_offset: String(Math.min(upload.size, start + state.uploadChunkBytes)),
  };
}

export function advideos(ctx: FakeContext, request: FakeRequest, accountId: string): FakeAnswer {
  const { state, nextId } = ctx;
  const phase = request.params.upload_phase;
  if (!phase) {
    // Simple upload: file_url or a multipart source.
    const bytes = request.files.source ?? null;
    if (!bytes && !request.params.file_url)
      return fail(100, '(#100) Upload requires a source file or a file_url');
    const video = addVideo(ctx, accountId, request.params.title ?? request.params.name ?? 'Video', bytes);
    return ok({ id: video.id });
  }
  if (phase === 'start') {
    const size = Number(request.params.file_size);
    if (!Number.isInteger(size) || size <= 0)
      return fail(100, '(#100) Param file_size must be a positive integer');
    const videoId = nextId('1200');
    const upload: FakeUpload = {
      id: nextId('7100'),
      videoId,
      accountId,
      size,
      received: Buffer.alloc(0),
      transfers: 0,
      state: 'open',
      title: null,
    };
    state.uploads.set(upload.id, upload);
    return ok({ upload_session_id: upload.id, video_id: videoId, ...uploadOffsets(state, upload) });
  }
  const upload = state.uploads.get(request.params.upload_session_id ?? '');
  if (!upload || upload.accountId !== accountId) {
    return fail(100, '(#100) Invalid upload_session_id', 1363020);
  }
  if (phase === 'cancel') {
    upload.state = 'cancelled';
    return ok({ success: true });
  }
  if (upload.state !== 'open') return fail(100, `(#100) The upload session is ${upload.state}`, 1363020);
  if (phase === 'transfer') {
    const chunk = request.files.video_file_chunk;
    const expected = uploadOffsets(state, upload);
    if (!chunk || Number(request.params.start_offset) !== upload.received.length) {
      return errorAnswer({ code: 6000, subcode: 1363037, errorData: expected });
    }
    const want = Number(expected.end_offset) - Number(expected.start_offset);
    if (chunk.length !== want) {
      return errorAnswer({
        code: 6000,
        subcode: 1363037,
        message: `The chunk must be ${want} bytes (from start_offset to end_offset)`,
        errorData: expected,
      });
    }
    upload.received = Buffer.concat([upload.received, chunk]);
    upload.transfers += 1;
    return ok(uploadOffsets(state, upload));
  }
  if (phase === 'finish') {
    if (upload.received.length !== upload.size) {
      return errorAnswer({
        code: 6000,
        message: 'The video upload is incomplete',
        errorData: uploadOffsets(state, upload),
      });
    }
    upload.state = 'finished';
    upload.title = request.params.title ?? null;
    addVideo(ctx, accountId, upload.title ?? 'Untitled', upload.received, upload.videoId);
    return ok({ success: true });
  }
  return fail(100, `(#100) Param upload_phase must be one of {start, transfer, finish, cancel}`);
}

function addVideo(
  ctx: FakeContext,
  accountId: string,
  title: string,
  bytes: Buffer | null,
  id = ctx.nextId('1200'),
): FakeVideo {
  const { state } = ctx;
  const video: FakeVideo = {
    id,
    accountId,
    title,
    length: 2,
    bytes,
    status: state.videoProcessingPolls > 0 ? 'processing' : 'ready',
    pollsLeft: state.videoProcessingPolls,
    created_time: fbTime(new Date()),
  };
  state.videos.set(id, video);
  return video;
}

/** A fake's own counter of ids for uploaded videos and upload sessions. */
export function idMaker(): (prefix: string) => string {
  let idCounter = 0;
  return function nextId(prefix: string): string {
    idCounter += 1;
    return `${prefix}${String(900_000_000 + idCounter).padStart(11, '0')}`;
  };
}
