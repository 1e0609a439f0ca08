import type { ZodType } from 'zod';
import { chatEvents } from './chat-stream.js';
import { AiError, aborted, inSeconds, redactKey, shorten } from './errors.js';
import { checkAnswer, jsonInstruction, responseFormat, schemaFor } from './json-answer.js';
import { fetchWithRetry, type Sleep } from './retry.js';
import { Semaphore } from './semaphore.js';
import { sseData } from './sse.js';
import { normaliseTranscript } from './transcript.js';
import type {
  AiProvider,
  Caps,
  ChatEvent,
  ChatMessage,
  ChatReq,
  Embeddings,
  JsonMode,
  Transcript,
} from './types.js';
import { Watchdog, watchedStream } from './watchdog.js';
import { hasImages, wireMessages, wireTools, withSystemNote } from './wire-messages.js';

/**
 * AiProvider over any OpenAI-compatible server (OpenAI, Ollama, llama.cpp, vLLM, LocalAI,
 * LM Studio), on Node's fetch and FormData (ai.md §1: our own client, it must read the
 * non-OpenAI reasoning fields anyway). Base URLs end in `/v1`. Chat, embeddings and
 * transcription each have their own base URL and model; an unset model turns that off.
 */

export interface OpenAiCompatibleOptions {
  /** e.g. http://localhost:11434/v1 */
  baseUrl?: string | undefined;
  /** Sent only as `Authorization: Bearer`, never in a message. */
  apiKey?: string | undefined;
  chatModel?: string | undefined;
  visionModel?: string | undefined;
  embedBaseUrl?: string | undefined;
  embedModel?: string | undefined;
  embedDims?: number | undefined;
  /** Pictures' embeddings (more like this); without a base URL, the embeddings' one. */
  imageEmbedBaseUrl?: string | undefined;
  imageEmbedModel?: string | undefined;
  imageEmbedDims?: number | undefined;
  transcribeBaseUrl?: string | undefined;
  transcribeModel?: string | undefined;
  jsonMode?: JsonMode;
  /** Upstream calls at once in this provider (AI_CONCURRENCY). Default 2. */
  concurrency?: number;
  /** Attempts per call (429, 5xx, network errors). Default 3. */
  tries?: number;
  /** First backoff when no Retry-After is given. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest wait between tries. Default 30 s. */
  retryMaxDelayMs?: number;
  /**
   * AI_TIMEOUT_MS: each try of a non-streamed call (json, embeddings; transcription gets 4×),
   * and a stream's wait for its first event. Default 120 s.
   */
  timeoutMs?: number;
  /** Longest silence between a stream's events once it has started. Default half of timeoutMs. */
  idleTimeoutMs?: number;
  sleep?: Sleep;
  fetch?: typeof fetch;
}

const trimSlash = (url: string | undefined) => url?.replace(/\/+$/, '') || undefined;

const DEFAULT_TIMEOUT_MS = 120_000;
/** Long audio takes a while to transcribe: its calls get this many times AI_TIMEOUT_MS. */
const TRANSCRIBE_TIMEOUT_FACTOR = 4;

export class OpenAiCompatibleProvider implements AiProvider {
  private readonly options: OpenAiCompatibleOptions;
  private readonly slots: Semaphore;
  private readonly fetchImpl: typeof fetch;
  private readonly caps: Caps;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;

  constructor(options: OpenAiCompatibleOptions) {
    this.options = {
      ...options,
      baseUrl: trimSlash(options.baseUrl),
      embedBaseUrl: trimSlash(options.embedBaseUrl),
      imageEmbedBaseUrl: trimSlash(options.imageEmbedBaseUrl ?? options.embedBaseUrl),
      transcribeBaseUrl: trimSlash(options.transcribeBaseUrl),
    };
    this.slots = new Semaphore(Math.max(1, options.concurrency ?? 2));
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // Half the first-event limit, 60 s by default. It follows AI_TIMEOUT_MS both ways: a raised
    // one means slow hardware, where gaps grow too (Ollama sends a tool call only once it is
    // all generated); a lowered one asks to fail fast.
    this.idleTimeoutMs = options.idleTimeoutMs ?? Math.ceil(this.timeoutMs / 2);
    const o = this.options;
    const chat = Boolean(o.baseUrl && o.chatModel);
    this.caps = {
      chat,
      tools: chat,
      vision: Boolean(o.baseUrl && o.visionModel),
      embeddings: Boolean(o.embedBaseUrl && o.embedModel),
      imageEmbeddings: Boolean(o.imageEmbedBaseUrl && o.imageEmbedModel),
      transcription: Boolean(o.transcribeBaseUrl && o.transcribeModel),
      jsonSchema: chat && (o.jsonMode ?? 'json_schema') === 'json_schema',
    };
  }

  capabilities(): Caps {
    return { ...this.caps };
  }

  async *chat(req: ChatReq, signal: AbortSignal): AsyncGenerator<ChatEvent> {
    const model = this.chatModelFor(req);
    const what = capabilityOf(req);
    const release = await this.slots.acquire(signal);
    // Counts to the first event, retries of 429/5xx included (the user waits through them
    // all), then each silence between events. Timeouts are not retried: someone is waiting.
    const limit = new Watchdog(signal, this.timeoutMs);
    let started = false;
    try {
      const response = await this.send(
        `${this.options.baseUrl}/chat/completions`,
        jsonBody({
          ...this.chatBody(model, req, req.messages),
          stream: true,
          stream_options: { include_usage: true },
        }),
        limit.signal,
      );
      if (!response.body) throw new AiError('UPSTREAM', 'the AI server sent no answer');
      const payloads = watchedStream(sseData(response.body), limit, this.idleTimeoutMs, () => {
        started = true;
      });
      yield* chatEvents(payloads);
    } catch (error) {
      throw this.failure(error, signal, limit, () =>
        started
          ? `the AI server went silent for ${inSeconds(this.idleTimeoutMs)} in the middle of the ${what} answer`
          : `the AI server did not start the ${what} answer within ${inSeconds(this.timeoutMs)}`,
      );
    } finally {
      limit.clear();
      release();
    }
  }

  async json<T>(req: ChatReq, schema: ZodType<T>, signal: AbortSignal): Promise<T> {
    const model = this.chatModelFor(req);
    const mode = this.options.jsonMode ?? 'json_schema';
    const jsonSchema = schemaFor(schema);
    const note = jsonInstruction(mode, jsonSchema);
    const messages: ChatMessage[] = note ? withSystemNote(req.messages, note) : [...req.messages];
    const format = responseFormat(mode, jsonSchema);
    const what = capabilityOf(req);
    // Non-strict servers emit bad JSON now and then: one more try, told what was wrong.
    for (let attempt = 1; ; attempt++) {
      const content = await this.complete(
        {
          ...this.chatBody(model, req, messages),
          stream: false,
          ...(format ? { response_format: format } : {}),
        },
        what,
        signal,
      );
      const checked = checkAnswer(content, schema);
      if (checked.ok) return checked.value;
      if (attempt >= 2) {
        throw new AiError('BAD_OUTPUT', `the AI answer ${shorten(checked.error, 200)} (after one retry)`);
      }
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `Your answer ${checked.error}\nAnswer again with only the corrected JSON.`,
        },
      );
    }
  }

  async embed(texts: string[], signal: AbortSignal): Promise<Embeddings> {
    const { embedBaseUrl, embedModel, embedDims } = this.options;
    if (!embedBaseUrl || !embedModel) {
      throw new AiError('NOT_CONFIGURED', 'embeddings are not configured (AI_EMBED_MODEL)');
    }
    if (!texts.length) return { model: embedModel, dims: embedDims ?? 0, vectors: [] };
    const body = await this.call(
      `${embedBaseUrl}/embeddings`,
      jsonBody({ model: embedModel, input: texts, ...(embedDims ? { dimensions: embedDims } : {}) }),
      { what: 'embeddings', ms: this.timeoutMs },
      signal,
    );
    const vectors = vectorsOf(body, texts.length, 'texts', embedDims);
    return { model: embedModel, dims: vectors[0]!.length, vectors };
  }

  async embedImages(images: string[], signal: AbortSignal): Promise<Embeddings> {
    const { imageEmbedBaseUrl, imageEmbedModel, imageEmbedDims } = this.options;
    if (!imageEmbedBaseUrl || !imageEmbedModel) {
      throw new AiError('NOT_CONFIGURED', 'image embeddings are not configured (AI_IMAGE_EMBED_MODEL)');
    }
    // One picture per request: vLLM's multimodal embedding models take one conversation each.
    const vectors = await Promise.all(
      images.map(async (url) => {
        const body = await this.call(
          `${imageEmbedBaseUrl}/embeddings`,
          jsonBody({
            model: imageEmbedModel,
            messages: wireMessages([{ role: 'user', content: [{ type: 'image', url }] }]),
            ...(imageEmbedDims ? { dimensions: imageEmbedDims } : {}),
          }),
          { what: 'image embeddings', ms: this.timeoutMs },
          signal,
        );
        return vectorsOf(body, 1, 'images', imageEmbedDims)[0]!;
      }),
    );
    const dims = vectors[0]?.length ?? imageEmbedDims ?? 0;
    if (vectors.some((v) => v.length !== dims)) {
      throw new AiError('BAD_OUTPUT', 'the image embeddings have vectors of mixed length');
    }
    return { model: imageEmbedModel, dims, vectors };
  }

  async transcribe(audio: Blob, opts: { language?: string }, signal: AbortSignal): Promise<Transcript> {
    const { transcribeBaseUrl, transcribeModel } = this.options;
    if (!transcribeBaseUrl || !transcribeModel) {
      throw new AiError(
        'NOT_CONFIGURED',
        'transcription is not configured (AI_TRANSCRIBE_BASE_URL and AI_TRANSCRIBE_MODEL)',
      );
    }
    const form = new FormData();
    // Servers tell the format by the file name's extension.
    form.append('file', audio, audio instanceof File ? audio.name : `audio.${extensionFor(audio.type)}`);
    form.append('model', transcribeModel);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    if (opts.language) form.append('language', opts.language);
    const body = await this.call(
      `${transcribeBaseUrl}/audio/transcriptions`,
      { body: form },
      { what: 'transcription', ms: this.timeoutMs * TRANSCRIBE_TIMEOUT_FACTOR },
      signal,
    );
    return normaliseTranscript(typeof body === 'string' ? { text: body } : body);
  }

  // --- plumbing ---

  private chatModelFor(req: ChatReq): string {
    const { baseUrl, chatModel, visionModel } = this.options;
    if (hasImages(req)) {
      if (!baseUrl || !visionModel) {
        throw new AiError('NOT_CONFIGURED', 'AI vision is not configured (AI_BASE_URL and AI_VISION_MODEL)');
      }
      return visionModel;
    }
    if (!baseUrl || !chatModel) {
      throw new AiError('NOT_CONFIGURED', 'AI chat is not configured (AI_BASE_URL and AI_CHAT_MODEL)');
    }
    return chatModel;
  }

  private chatBody(model: string, req: ChatReq, messages: ChatMessage[]): Record<string, unknown> {
    return {
      model,
      messages: wireMessages(messages),
      ...(req.tools?.length ? { tools: wireTools(req.tools) } : {}),
      ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
      ...(req.maxTokens === undefined ? {} : { max_tokens: req.maxTokens }),
    };
  }

  /** A non-streamed completion's text. */
  private async complete(body: Record<string, unknown>, what: string, signal: AbortSignal): Promise<string> {
    const answer = (await this.call(
      `${this.options.baseUrl}/chat/completions`,
      jsonBody(body),
      { what, ms: this.timeoutMs },
      signal,
    )) as {
      choices?: { message?: { content?: string | null } }[];
    };
    return answer.choices?.[0]?.message?.content ?? '';
  }

  /**
   * One upstream call in a concurrency slot, its body parsed (JSON, else text). Each try has
   * `timeout.ms` for the whole answer; a try over it is aborted and retried like a 5xx.
   */
  private async call(
    url: string,
    init: RequestInit,
    timeout: { what: string; ms: number },
    signal: AbortSignal,
  ): Promise<unknown> {
    const release = await this.slots.acquire(signal);
    try {
      const response = await this.send(url, init, signal, timeout);
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    } catch (error) {
      throw this.failure(error, signal);
    } finally {
      release();
    }
  }

  private send(
    url: string,
    init: RequestInit,
    signal: AbortSignal,
    timeout?: { what: string; ms: number },
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.options.apiKey) headers.set('authorization', `Bearer ${this.options.apiKey}`);
    return fetchWithRetry(
      (attemptSignal) => this.fetchImpl(url, { ...init, method: 'POST', headers, signal: attemptSignal }),
      {
        signal,
        apiKey: this.options.apiKey,
        tries: this.options.tries,
        baseDelayMs: this.options.retryBaseDelayMs,
        maxDelayMs: this.options.retryMaxDelayMs,
        sleep: this.options.sleep,
        timeoutMs: timeout?.ms,
        ...(timeout ? { what: timeout.what } : {}),
      },
    );
  }

  /**
   * Every failure as an AiError; a cancelled call is ABORTED whatever broke first, and one whose
   * `limit` ran out is TIMEOUT (its message from `timedOut`).
   */
  private failure(error: unknown, signal: AbortSignal, limit?: Watchdog, timedOut?: () => string): AiError {
    if (signal.aborted) return error instanceof AiError && error.code === 'ABORTED' ? error : aborted();
    if (limit?.timedOut && timedOut) return new AiError('TIMEOUT', timedOut());
    if (error instanceof AiError) return error;
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return new AiError(
      'UPSTREAM',
      `the AI answer broke off (${shorten(redactKey(reason, this.options.apiKey), 120)})`,
      {
        cause: error,
      },
    );
  }
}

/** An embeddings answer's vectors in input order, checked: `count` of them, all numbers, of one length (`dims` when asked). */
function vectorsOf(body: unknown, count: number, of: string, dims: number | undefined): number[][] {
  const data = (body as { data?: { index?: number; embedding?: unknown }[] }).data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new AiError(
      'BAD_OUTPUT',
      `the embeddings answer has ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} ${of}`,
    );
  }
  const vectors = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((item) => item.embedding);
  const length = Array.isArray(vectors[0]) ? vectors[0].length : 0;
  if (
    !length ||
    vectors.some((v) => !Array.isArray(v) || v.length !== length || v.some((x) => typeof x !== 'number'))
  ) {
    throw new AiError('BAD_OUTPUT', 'the embeddings answer has vectors of mixed or no length');
  }
  if (dims && length !== dims) {
    throw new AiError('BAD_OUTPUT', `the embeddings have ${length} dimensions, not the ${dims} asked for`);
  }
  return vectors as number[][];
}

/** What timeout messages call a chat or json() request. */
const capabilityOf = (req: ChatReq) => (hasImages(req) ? 'vision' : 'chat');

function jsonBody(body: Record<string, unknown>): RequestInit {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

function extensionFor(mime: string): string {
  return AUDIO_EXTENSIONS[mime.split(';')[0]!.trim().toLowerCase()] ?? 'wav';
}
