import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completion } from '../../../test/fake-openai.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { AiError } from './errors.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';
import type { ChatReq, JsonMode } from './types.js';

const fake = useFakeOpenAi();

const provider = (jsonMode: JsonMode = 'json_schema') =>
  new OpenAiCompatibleProvider({
    baseUrl: fake.url,
    chatModel: 'fake-chat',
    visionModel: 'fake-vision',
    jsonMode,
  });

const Brief = z.object({ title: z.string(), tags: z.array(z.string()) });
const req: ChatReq = {
  messages: [
    { role: 'system', content: 'You write briefs.' },
    { role: 'user', content: 'Brief for a cat video' },
  ],
};
const signal = () => new AbortController().signal;
const good = { title: 'Cats', tags: ['cat', 'funny'] };

describe('json()', () => {
  it('returns the validated answer from a non-streamed completion', async () => {
    fake.script('chat', { json: completion(JSON.stringify(good)) });
    await expect(provider().json(req, Brief, signal())).resolves.toEqual(good);
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.json.stream).toBe(false);
  });

  it('reads JSON wrapped in thoughts and code fences', async () => {
    fake.script('chat', {
      json: completion(`<think>hmm</think>\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\``),
    });
    await expect(provider().json(req, Brief, signal())).resolves.toEqual(good);
  });

  it('retries once with the validation error appended to the conversation', async () => {
    const bad = JSON.stringify({ title: 'Cats', tags: 'cat' });
    fake.script('chat', { json: completion(bad) }, { json: completion(JSON.stringify(good)) });
    await expect(provider().json(req, Brief, signal())).resolves.toEqual(good);
    const [first, second] = fake.requestsTo('chat');
    expect(second!.json.messages.slice(0, first!.json.messages.length)).toEqual(first!.json.messages);
    const added = second!.json.messages.slice(first!.json.messages.length);
    expect(added).toHaveLength(2);
    expect(added[0]).toEqual({ role: 'assistant', content: bad });
    expect(added[1].role).toBe('user');
    expect(added[1].content).toContain('does not match the schema');
    expect(added[1].content).toContain('expected array, received string');
    expect(added[1].content).toContain('→ at tags');
  });

  it('tells the model when its answer was not JSON at all', async () => {
    fake.script('chat', { json: completion('Sure! Here it is') }, { json: completion(JSON.stringify(good)) });
    await expect(provider().json(req, Brief, signal())).resolves.toEqual(good);
    expect(fake.requestsTo('chat')[1]!.json.messages.at(-1).content).toMatch(
      /^Your answer is not valid JSON \(/,
    );
  });

  it('fails with BAD_OUTPUT when the retry is bad too, after exactly two calls', async () => {
    fake.script('chat', { json: completion('{"title": 1}') }, { json: completion('nope') });
    const error = await provider()
      .json(req, Brief, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).code).toBe('BAD_OUTPUT');
    expect((error as AiError).message).toMatch(
      /^the AI answer is not valid JSON \(.*\) \(after one retry\)$/,
    );
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  it('json_schema mode sends the zod schema as a strict response_format', async () => {
    fake.script('chat', { json: completion(JSON.stringify(good)) });
    await provider('json_schema').json(req, Brief, signal());
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'answer',
        strict: true,
        schema: {
          type: 'object',
          properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['title', 'tags'],
          additionalProperties: false,
        },
      },
    });
    // The schema travels in response_format only; the prompt is the caller's.
    expect(body.messages).toEqual([
      { role: 'system', content: 'You write briefs.' },
      { role: 'user', content: 'Brief for a cat video' },
    ]);
  });

  it('json_object mode sends {type:"json_object"} and puts the schema in the system message', async () => {
    fake.script('chat', { json: completion(JSON.stringify(good)) });
    await provider('json_object').json(req, Brief, signal());
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toMatch(/^You write briefs\.\n\nAnswer with one JSON value only/);
    expect(body.messages[0].content).toContain('"required":["title","tags"]');
  });

  it('prompt mode sends no response_format, only the instruction (prepended when there is no system message)', async () => {
    fake.script('chat', { json: completion(JSON.stringify(good)) });
    await provider('prompt').json({ messages: [{ role: 'user', content: 'Brief' }] }, Brief, signal());
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body).not.toHaveProperty('response_format');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain('JSON Schema');
    expect(body.messages[1]).toEqual({ role: 'user', content: 'Brief' });
  });

  it('sends images to the vision model', async () => {
    fake.script('chat', { json: completion(JSON.stringify(good)) });
    await provider().json(
      { messages: [{ role: 'user', content: [{ type: 'image', url: 'data:image/png;base64,iVBORw0K' }] }] },
      Brief,
      signal(),
    );
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.model).toBe('fake-vision');
    expect(body.messages[0].content).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
    ]);
  });

  it("the fake's default answer fits the schema it was sent (for manual trials)", async () => {
    const Shape = z.object({ name: z.string(), count: z.number().int(), kind: z.enum(['a', 'b']) });
    await expect(provider().json(req, Shape, signal())).resolves.toEqual({
      name: 'example',
      count: 0,
      kind: 'a',
    });
    await expect(provider('prompt').json(req, Shape, signal())).resolves.toEqual({
      name: 'example',
      count: 0,
      kind: 'a',
    });
  });
});
