import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chunk, completion, type FakeAiRequest, hang, textStream } from '../../../test/fake-openai.js';
import { loadConfig } from '../../config.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { AiError } from './errors.js';
import { aiProviderFromConfig } from './from-config.js';
import { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from './openai-compatible.js';
import type { ChatEvent } from './types.js';

const fake = useFakeOpenAi();

const KEY = 'sk-timeout-secret-9731';

// Tiny limits keep these tests fast; the retry waits are skipped (sleep resolves at once).
const provider = (options: Partial<OpenAiCompatibleOptions> = {}) =>
  new OpenAiCompatibleProvider({
    baseUrl: fake.url,
    apiKey: KEY,
    chatModel: 'fake-chat',
    embedBaseUrl: fake.url,
    embedModel: 'fake-embed',
    transcribeBaseUrl: fake.url,
    transcribeModel: 'fake-whisper',
    sleep: async () => {},
    timeoutMs: 60,
    ...options,
  });

const signal = () => new AbortController().signal;
const hello = { messages: [{ role: 'user' as const, content: 'Hi' }] };
const Answer = z.object({ ok: z.boolean() });

async function caught(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

/** Reads a stream, `pauseMs` between events (a slow consumer), into `seen`. */
async function drain(events: AsyncIterable<ChatEvent>, seen: ChatEvent[] = [], pauseMs = 0) {
  for await (const event of events) {
    seen.push(event);
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return seen;
}

/** Every request ended with the client closing the connection. */
async function allClosedByClient(requests: FakeAiRequest[]) {
  await Promise.all(requests.map((r) => r.settled));
  expect(requests.map((r) => r.closedEarly)).toEqual(requests.map(() => true));
}

const withDeadline = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms)),
  ]);

describe('whole-request timeouts (json, embeddings, transcription)', () => {
  it('a hanging json() call ends with TIMEOUT after its 3 tries, each connection closed by us', async () => {
    fake.script('chat', hang(), hang(), hang(), { json: completion('{"ok":true}') });
    const error = await caught(provider().json(hello, Answer, signal()));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('the AI server did not answer the chat request within 0.06 s (tried 3 times)');
    expect(error.message).not.toContain(KEY);
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(3);
    await allClosedByClient(requests);
  });

  it('a timed-out try is retried like a 5xx, and the next answer is used', async () => {
    fake.script('chat', hang(), { json: completion('{"ok":true}') });
    await expect(provider().json(hello, Answer, signal())).resolves.toEqual({ ok: true });
    const [first, second] = fake.requestsTo('chat');
    await first!.settled;
    expect(first!.closedEarly).toBe(true);
    expect(second!.closedEarly).toBe(false);
  });

  it('counts the whole answer: headers then a silent body also time out', async () => {
    fake.script('embeddings', { stream: [{ stall: true }] });
    const error = await caught(provider({ tries: 1 }).embed(['a'], signal()));
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'the AI server did not answer the embeddings request within 0.06 s',
    });
    await allClosedByClient(fake.requestsTo('embeddings'));
  });

  it('gives transcription 4× the timeout', async () => {
    fake.script('transcriptions', hang());
    const started = performance.now();
    const error = await caught(
      provider({ tries: 1 }).transcribe(new Blob([new Uint8Array(8)], { type: 'audio/wav' }), {}, signal()),
    );
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'the AI server did not answer the transcription request within 0.24 s',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(230);
    await allClosedByClient(fake.requestsTo('transcriptions'));
  });

  it('a hung call does not keep its slot: with AI_CONCURRENCY 1 the next call runs once it times out', async () => {
    const ai = aiProviderFromConfig(loadConfig({ ...fake.env, AI_CONCURRENCY: '1' }).ai, {
      timeoutMs: 100,
      tries: 1,
    });
    fake.script('chat', hang());
    const first = caught(ai.json(hello, Answer, signal()));
    const second = ai.embed(['after the hang'], signal());
    await new Promise((resolve) => setTimeout(resolve, 40));
    // The one slot is taken by the hung call: the second waits its turn.
    expect(fake.requestsTo('embeddings')).toHaveLength(0);
    expect((await first).code).toBe('TIMEOUT');
    const result = await withDeadline(second, 2_000, 'the second call was still waiting for the slot');
    expect(result.vectors).toHaveLength(1);
    await allClosedByClient(fake.requestsTo('chat'));
  });

  it("the caller's abort during a hang gives ABORTED, not TIMEOUT, and closes the connection", async () => {
    fake.script('chat', hang(), hang(), hang());
    const controller = new AbortController();
    const started = performance.now();
    const pending = caught(provider({ timeoutMs: 10_000 }).json(hello, Answer, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('ABORTED');
    expect(performance.now() - started).toBeLessThan(2_000);
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(1);
    await allClosedByClient(requests);
  });
});

describe('streamed chat timeouts', () => {
  it('a stream that stalls after its first events ends with TIMEOUT, not retried', async () => {
    fake.script('chat', {
      stream: [{ data: chunk({ content: 'Hel' }) }, { data: chunk({ content: 'lo' }) }, { stall: true }],
    });
    const seen: ChatEvent[] = [];
    const error = await caught(drain(provider({ idleTimeoutMs: 80 }).chat(hello, signal()), seen));
    expect(seen).toEqual([
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
    ]);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'the AI server went silent for 0.08 s in the middle of the chat answer',
    });
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(1);
    await allClosedByClient(requests);
  });

  it('a stream whose events each come within the idle limit completes, however long the whole takes', async () => {
    fake.script('chat', { stream: textStream(['a', 'b', 'c', 'd', 'e', 'f']), dripMs: 40 });
    const started = performance.now();
    const events = await drain(provider({ timeoutMs: 1_000, idleTimeoutMs: 150 }).chat(hello, signal()));
    expect(performance.now() - started).toBeGreaterThan(300);
    expect(events.map((e) => (e.type === 'text' ? e.delta : e.type)).join('')).toBe('abcdefdone');
  });

  it('a server that never starts (no headers, or headers then nothing) ends with TIMEOUT', async () => {
    fake.script('chat', hang(), { stream: [{ stall: true }] });
    for (let i = 0; i < 2; i++) {
      const error = await caught(drain(provider({ idleTimeoutMs: 10_000 }).chat(hello, signal())));
      expect(error).toMatchObject({
        code: 'TIMEOUT',
        message: 'the AI server did not start the chat answer within 0.06 s',
      });
    }
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(2);
    await allClosedByClient(requests);
  });

  it('the first event has the whole timeout, not the idle limit', async () => {
    fake.script('chat', { stream: [{ wait: 150 }, ...textStream(['late but fine'])] });
    const events = await drain(provider({ timeoutMs: 1_000, idleTimeoutMs: 50 }).chat(hello, signal()));
    expect(events[0]).toEqual({ type: 'text', delta: 'late but fine' });
  });

  it('a slow consumer is not a silent server: time spent holding an event does not count', async () => {
    // Dripped, so the stream is still open while the consumer holds each event.
    fake.script('chat', { stream: textStream(['a', 'b']), dripMs: 10 });
    const events = await drain(provider({ idleTimeoutMs: 60 }).chat(hello, signal()), [], 150);
    expect(events.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
  });

  it("the caller's abort during a stalled stream gives ABORTED, not TIMEOUT", async () => {
    fake.script('chat', { stream: [{ data: chunk({ content: 'Part' }) }, { stall: true }] });
    const controller = new AbortController();
    const seen: ChatEvent[] = [];
    const pending = caught(drain(provider({ timeoutMs: 10_000 }).chat(hello, controller.signal), seen));
    await new Promise((resolve) => setTimeout(resolve, 80));
    controller.abort();
    expect((await pending).code).toBe('ABORTED');
    expect(seen).toEqual([{ type: 'text', delta: 'Part' }]);
    await allClosedByClient(fake.requestsTo('chat'));
  });

  it('takes AI_TIMEOUT_MS from the configuration, the idle limit being half of it', async () => {
    fake.script('chat', { stream: [{ data: chunk({ content: 'Part' }) }, { stall: true }] });
    const ai = aiProviderFromConfig(loadConfig({ ...fake.env, AI_TIMEOUT_MS: '1000' }).ai);
    const error = await caught(drain(ai.chat(hello, signal())));
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'the AI server went silent for 0.5 s in the middle of the chat answer',
    });
  });
});
