import type { FakeAiAnswer, FakeStreamStep } from './types.js';

/** Builders for the wire shapes of Chat Completions, embeddings and transcriptions answers. */

const created = 1_764_000_000;

export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created,
    model: 'fake-chat',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The last chunk under `stream_options.include_usage`: usage and empty (or, from vLLM, null) choices. */
export function usageChunk(
  prompt: number,
  completion: number,
  choices: [] | null = [],
): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created,
    model: 'fake-chat',
    choices,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** A complete text stream: role, one delta per part, `stop`, usage, `[DONE]`. */
export function textStream(parts: string[], usage: [number, number] = [10, parts.length]): FakeStreamStep[] {
  return [
    { data: chunk({ role: 'assistant', content: '' }) },
    ...parts.map((content) => ({ data: chunk({ content }) })),
    { data: chunk({}, 'stop') },
    { data: usageChunk(usage[0], usage[1]) },
    { done: true },
  ];
}

/** A tool-call fragment as OpenAI streams it (id, type and name only on the first). */
export function toolFragment(index: number, part: { id?: string; name?: string; args?: string }) {
  return {
    index,
    ...(part.id ? { id: part.id, type: 'function' } : {}),
    function: { ...(part.name ? { name: part.name } : {}), arguments: part.args ?? '' },
  };
}

/** A non-streamed completion. */
export function completion(
  content: string | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created,
    model: 'fake-chat',
    choices: [{ index: 0, message: { role: 'assistant', content, ...extra }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

export const rateLimited = (retryAfter?: string): FakeAiAnswer => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  json: {
    error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
  },
});

/** A server that takes the request and never answers (see `closedEarly` for the client giving up). */
export const hang = (): FakeAiAnswer => ({ hang: true });

export const serverError = (status = 500): FakeAiAnswer => ({
  status,
  json: {
    error: { message: 'The server had an error while processing your request.', type: 'server_error' },
  },
});

/** verbose_json with segments in seconds: [start, end, text]. */
export function verboseTranscript(
  segments: [number, number, string][],
  duration: number,
): Record<string, unknown> {
  return {
    task: 'transcribe',
    language: 'english',
    duration,
    text: segments.map(([, , text]) => text).join(' '),
    segments: segments.map(([start, end, text], id) => ({ id, seek: 0, start, end, text: ` ${text}` })),
  };
}

/** LocalAI's documented shape: times in nanoseconds. */
export function nanosecondTranscript(
  segments: [number, number, string][],
  durationSeconds?: number,
): Record<string, unknown> {
  return {
    ...(durationSeconds === undefined ? {} : { duration: durationSeconds }),
    text: segments.map(([, , text]) => text).join(' '),
    segments: segments.map(([start, end, text], id) => ({ id, start: start * 1e9, end: end * 1e9, text })),
  };
}
