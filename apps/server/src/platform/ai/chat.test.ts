import { describe, expect, it } from 'vitest';
import { chunk, textStream, toolFragment, usageChunk } from '../../../test/fake-openai.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { imagePart } from './data-url.js';
import { AiError } from './errors.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';
import type { ChatEvent, ChatReq } from './types.js';

const fake = useFakeOpenAi();

const provider = () =>
  new OpenAiCompatibleProvider({
    baseUrl: fake.url,
    apiKey: 'sk-chat-test-key',
    chatModel: 'fake-chat',
    visionModel: 'fake-vision',
    sleep: async () => {},
  });

const hello: ChatReq = { messages: [{ role: 'user', content: 'Hi' }] };

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

const text = (events: ChatEvent[], type: 'text' | 'reasoning' = 'text') =>
  events.map((e) => (e.type === type ? e.delta : '')).join('');

describe('chat streams', () => {
  it('streams content deltas and ends with the finish reason and usage', async () => {
    fake.script('chat', { stream: textStream(['Hel', 'lo ', 'there'], [12, 3]) });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(events).toEqual([
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo ' },
      { type: 'text', delta: 'there' },
      {
        type: 'done',
        finishReason: 'stop',
        usage: { promptTokens: 12, completionTokens: 3, totalTokens: 15 },
      },
    ]);
  });

  it('asks for a stream with usage, with the key only in the Authorization header', async () => {
    await collect(
      provider().chat(
        {
          ...hello,
          temperature: 0.2,
          maxTokens: 50,
          tools: [{ name: 'now', parameters: { type: 'object' } }],
        },
        new AbortController().signal,
      ),
    );
    const [request] = fake.requestsTo('chat');
    expect(request!.headers.authorization).toBe('Bearer sk-chat-test-key');
    expect(request!.json).toEqual({
      model: 'fake-chat',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ type: 'function', function: { name: 'now', parameters: { type: 'object' } } }],
      temperature: 0.2,
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('joins tool-call argument fragments per index, id and name from the first fragment', async () => {
    fake.script('chat', {
      stream: [
        {
          data: chunk({
            role: 'assistant',
            content: null,
            tool_calls: [toolFragment(0, { id: 'call_a', name: 'search', args: '' })],
          }),
        },
        { data: chunk({ tool_calls: [toolFragment(1, { id: 'call_b', name: 'tag', args: '{"ta' })] }) },
        { data: chunk({ tool_calls: [toolFragment(0, { args: '{"q":' })] }) },
        { data: chunk({ tool_calls: [toolFragment(1, { args: 'g":"x"}' })] }) },
        { data: chunk({ tool_calls: [toolFragment(0, { args: '"cats"}' })] }) },
        { data: chunk({}, 'tool_calls') },
        { data: usageChunk(20, 9) },
        { done: true },
      ],
    });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(events).toEqual([
      { type: 'tool_call', id: 'call_a', name: 'search', argsJson: '{"q":"cats"}' },
      { type: 'tool_call', id: 'call_b', name: 'tag', argsJson: '{"tag":"x"}' },
      {
        type: 'done',
        finishReason: 'tool_calls',
        usage: { promptTokens: 20, completionTokens: 9, totalTokens: 29 },
      },
    ]);
  });

  it('takes Ollama-style whole calls, one per delta, even when each says index 0', async () => {
    fake.script('chat', {
      stream: [
        {
          data: chunk({
            role: 'assistant',
            content: '',
            tool_calls: [toolFragment(0, { id: 'call_1', name: 'a', args: '{"x":1}' })],
          }),
        },
        { data: chunk({ tool_calls: [toolFragment(0, { id: 'call_2', name: 'b', args: '{"y":2}' })] }) },
        { data: chunk({}, 'tool_calls') },
        { done: true },
      ],
    });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'a', argsJson: '{"x":1}' },
      { type: 'tool_call', id: 'call_2', name: 'b', argsJson: '{"y":2}' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool_calls' });
  });

  it('sends tool results back as the assistant message with its calls, then one tool message per call', async () => {
    await collect(
      provider().chat(
        {
          messages: [
            { role: 'user', content: 'Find cats' },
            {
              role: 'assistant',
              content: null,
              toolCalls: [{ id: 'call_a', name: 'search', argsJson: '{"q":"cats"}' }],
            },
            { role: 'tool', toolCallId: 'call_a', content: '3 results' },
          ],
        },
        new AbortController().signal,
      ),
    );
    expect(fake.requestsTo('chat')[0]!.json.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '3 results' },
    ]);
  });

  it.each([
    ['reasoning_content (llama.cpp)', 'reasoning_content'],
    ['reasoning (vLLM, Ollama)', 'reasoning'],
  ])('reads thoughts from %s', async (_, field) => {
    fake.script('chat', {
      stream: [
        { data: chunk({ role: 'assistant', [field]: 'Think ' }) },
        { data: chunk({ [field]: 'hard.' }) },
        { data: chunk({ content: 'Answer.' }) },
        { data: chunk({}, 'stop') },
        { done: true },
      ],
    });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(events).toEqual([
      { type: 'reasoning', delta: 'Think ' },
      { type: 'reasoning', delta: 'hard.' },
      { type: 'text', delta: 'Answer.' },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('splits <think>…</think> out of content, tags cut across chunks', async () => {
    fake.script('chat', {
      stream: textStream(['<thi', 'nk>Mull it', ' over</thi', 'nk>The answer', ' is 4.']),
    });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(text(events, 'reasoning')).toBe('Mull it over');
    expect(text(events)).toBe('The answer is 4.');
    expect(events.findIndex((e) => e.type === 'text')).toBeGreaterThan(
      events.findLastIndex((e) => e.type === 'reasoning'),
    );
  });

  it('takes a usage chunk with choices null (vLLM) and SSE events split across writes', async () => {
    const usage = JSON.stringify(usageChunk(7, 2, null));
    fake.script('chat', {
      stream: [
        { raw: `: ping\n\ndata: ${JSON.stringify(chunk({ content: 'ok' }))}\n` },
        { raw: `\ndata: ${JSON.stringify(chunk({}, 'length'))}\n\ndata: ${usage.slice(0, 20)}` },
        { raw: `${usage.slice(20)}\n\n` },
        { done: true },
      ],
    });
    const events = await collect(provider().chat(hello, new AbortController().signal));
    expect(events).toEqual([
      { type: 'text', delta: 'ok' },
      {
        type: 'done',
        finishReason: 'length',
        usage: { promptTokens: 7, completionTokens: 2, totalTokens: 9 },
      },
    ]);
  });

  it('fails with UPSTREAM on an error event mid-stream, after the text before it', async () => {
    fake.script('chat', {
      stream: [{ data: chunk({ content: 'Part' }) }, { data: { error: { message: 'model crashed' } } }],
    });
    const seen: ChatEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of provider().chat(hello, new AbortController().signal)) seen.push(event);
      })(),
    );
    expect(seen).toEqual([{ type: 'text', delta: 'Part' }]);
    expect(error.code).toBe('UPSTREAM');
    expect(error.message).toContain('model crashed');
  });

  it('fails with UPSTREAM when the connection is cut mid-stream, and does not retry it', async () => {
    fake.script('chat', { stream: [{ data: chunk({ content: 'Part' }) }, { wait: 20 }, { destroy: true }] });
    const error = await failure(collect(provider().chat(hello, new AbortController().signal)));
    expect(error.code).toBe('UPSTREAM');
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('fails with UPSTREAM when the stream ends with neither a finish reason nor [DONE]', async () => {
    fake.script('chat', { stream: [{ data: chunk({ content: 'Part' }) }] });
    const error = await failure(collect(provider().chat(hello, new AbortController().signal)));
    expect(error).toMatchObject({ code: 'UPSTREAM', message: 'the AI server ended its answer early' });
  });

  it('a cancel mid-stream reaches the server (it sees the connection close) and rejects with ABORTED', async () => {
    fake.script('chat', { stream: textStream(Array.from({ length: 50 }, (_, i) => `w${i} `)), dripMs: 40 });
    const controller = new AbortController();
    const seen: ChatEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of provider().chat(hello, controller.signal)) {
          seen.push(event);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    expect(error.code).toBe('ABORTED');
    expect(seen).toEqual([
      { type: 'text', delta: 'w0 ' },
      { type: 'text', delta: 'w1 ' },
    ]);
    const [request] = fake.requestsTo('chat');
    await request!.settled;
    expect(request!.closedEarly).toBe(true);
  });

  it('a consumer that stops reading also closes the connection', async () => {
    fake.script('chat', { stream: textStream(Array.from({ length: 50 }, (_, i) => `w${i} `)), dripMs: 40 });
    for await (const event of provider().chat(hello, new AbortController().signal)) {
      expect(event).toEqual({ type: 'text', delta: 'w0 ' });
      break;
    }
    const [request] = fake.requestsTo('chat');
    await request!.settled;
    expect(request!.closedEarly).toBe(true);
  });
});

describe('vision', () => {
  it('sends an image as a data URL image_url part to the vision model', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await collect(
      provider().chat(
        {
          messages: [
            {
              role: 'user',
              content: [{ type: 'text', text: 'What is this?' }, imagePart(bytes, 'image/jpeg', 'low')],
            },
          ],
        },
        new AbortController().signal,
      ),
    );
    const [request] = fake.requestsTo('chat');
    expect(request!.json.model).toBe('fake-vision');
    expect(request!.json.messages[0].content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AECAw==', detail: 'low' } },
    ]);
  });

  it('refuses images with NOT_CONFIGURED when no vision model is set, without a call', async () => {
    const noVision = new OpenAiCompatibleProvider({ baseUrl: fake.url, chatModel: 'fake-chat' });
    const error = await failure(
      collect(
        noVision.chat(
          { messages: [{ role: 'user', content: [{ type: 'image', url: 'https://example.com/a.jpg' }] }] },
          new AbortController().signal,
        ),
      ),
    );
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.message).toContain('AI_VISION_MODEL');
    expect(fake.requests).toHaveLength(0);
  });
});
