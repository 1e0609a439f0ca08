import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  completion,
  rateLimited,
  serverError,
  startFakeOpenAi,
  textStream,
} from '../../../test/fake-openai.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { AiError } from './errors.js';
import { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from './openai-compatible.js';
import { abortableSleep, retryAfterMs } from './retry.js';
import type { ChatEvent } from './types.js';

const fake = useFakeOpenAi();

const KEY = 'sk-very-secret-key-4242';
let waits: number[] = [];
beforeEach(() => {
  waits = [];
});

const provider = (options: Partial<OpenAiCompatibleOptions> = {}) =>
  new OpenAiCompatibleProvider({
    baseUrl: fake.url,
    apiKey: KEY,
    chatModel: 'fake-chat',
    embedBaseUrl: fake.url,
    embedModel: 'fake-embed',
    retryBaseDelayMs: 5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });

const signal = () => new AbortController().signal;
const req = { messages: [{ role: 'user' as const, content: 'Hi' }] };

async function caught(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('retries', () => {
  it('retries a 429 after the Retry-After it asks for, then succeeds', async () => {
    fake.script('embeddings', rateLimited('2'));
    const result = await provider().embed(['a'], signal());
    expect(result.vectors).toHaveLength(1);
    expect(waits).toEqual([2000]);
    expect(fake.requestsTo('embeddings')).toHaveLength(2);
  });

  it('really waits Retry-After with the default sleep (0.05 s here)', async () => {
    fake.script('chat', rateLimited('0.05'));
    const started = performance.now();
    const events = await collect(provider({ sleep: undefined }).chat(req, signal()));
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(events.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  it('backs off exponentially when there is no Retry-After, and gives up with UPSTREAM after 3 tries of 500', async () => {
    fake.script('chat', serverError(), serverError(), serverError(), { json: completion('never reached') });
    const error = await caught(provider().json(req, z.string(), signal()));
    expect(error.code).toBe('UPSTREAM');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      'the AI server answered 500: The server had an error while processing your request.',
    );
    expect(fake.requestsTo('chat')).toHaveLength(3);
    expect(waits).toHaveLength(2);
    // 5 ms then 10 ms, each with jitter between half and all of it.
    expect(waits[0]).toBeGreaterThanOrEqual(2.5);
    expect(waits[0]).toBeLessThanOrEqual(5);
    expect(waits[1]).toBeGreaterThanOrEqual(5);
    expect(waits[1]).toBeLessThanOrEqual(10);
  });

  it('retries a 503 before a stream starts', async () => {
    fake.script('chat', serverError(503), { stream: textStream(['ok']) });
    const events = await collect(provider().chat(req, signal()));
    expect(events[0]).toEqual({ type: 'text', delta: 'ok' });
    expect(waits).toHaveLength(1);
  });

  it('does not retry other 4xx', async () => {
    fake.script('chat', {
      status: 400,
      json: { error: { message: "'messages' must not be empty", type: 'invalid_request_error' } },
    });
    const error = await caught(collect(provider().chat(req, signal())));
    expect(error).toMatchObject({ code: 'UPSTREAM', status: 400 });
    expect(error.message).toBe("the AI server answered 400: 'messages' must not be empty");
    expect(fake.requestsTo('chat')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries network errors, then fails with UPSTREAM', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await caught(
      provider({ embedBaseUrl: `http://127.0.0.1:${port}/v1` }).embed(['a'], signal()),
    );
    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toBe('the AI server could not be reached (ECONNREFUSED)');
    expect(waits).toHaveLength(2);
  });

  it('an abort during a Retry-After wait stops at once with ABORTED, no further call', async () => {
    fake.script('chat', rateLimited('30'));
    const controller = new AbortController();
    const started = performance.now();
    const pending = collect(provider({ sleep: abortableSleep }).chat(req, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    const error = await caught(pending);
    expect(error.code).toBe('ABORTED');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });
});

describe('the API key', () => {
  it('never appears in an error message, even when the server echoes it', async () => {
    const guarded = await startFakeOpenAi({ apiKey: 'sk-the-right-one' });
    try {
      const error = await caught(collect(provider({ baseUrl: guarded.url }).chat(req, signal())));
      expect(error).toMatchObject({ code: 'UPSTREAM', status: 401 });
      // The fake did receive the key and echoed it…
      expect(guarded.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
      // …but the message does not carry it.
      expect(error.message).toBe('the AI server answered 401: Incorrect API key provided: [redacted].');
      expect(error.message).not.toContain(KEY);
      expect(String(error.stack)).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(KEY);
    } finally {
      await guarded.close();
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(
      10_000,
    );
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
