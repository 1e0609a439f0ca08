import { describe, expect, it } from 'vitest';
import { textStream } from '../../../test/fake-openai.js';
import { loadConfig } from '../../config.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { AiError } from './errors.js';
import { aiProviderFromConfig } from './from-config.js';
import type { ChatEvent } from './types.js';

const fake = useFakeOpenAi();

const signal = () => new AbortController().signal;

describe('the provider from the configuration', () => {
  it('has every capability off when nothing is set, and says what is missing', async () => {
    const provider = aiProviderFromConfig(loadConfig({}).ai);
    expect(provider.capabilities()).toEqual({
      chat: false,
      tools: false,
      vision: false,
      embeddings: false,
      imageEmbeddings: false,
      transcription: false,
      jsonSchema: false,
    });
    const error = await provider.embed(['a'], signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: 'embeddings are not configured (AI_EMBED_MODEL)',
    });
  });

  it('turns each capability on with its model', () => {
    const caps = (env: Record<string, string>) => aiProviderFromConfig(loadConfig(env).ai).capabilities();
    const base = { AI_BASE_URL: fake.url };
    expect(caps({ ...base, AI_CHAT_MODEL: 'c' })).toEqual({
      chat: true,
      tools: true,
      vision: false,
      embeddings: false,
      imageEmbeddings: false,
      transcription: false,
      jsonSchema: true,
    });
    expect(caps({ ...base, AI_CHAT_MODEL: 'c', AI_JSON_MODE: 'json_object' }).jsonSchema).toBe(false);
    expect(caps({ ...base, AI_VISION_MODEL: 'v' })).toMatchObject({ chat: false, vision: true });
    // Embeddings share AI_BASE_URL unless AI_EMBED_BASE_URL is set; either one is enough.
    expect(caps({ ...base, AI_EMBED_MODEL: 'e' }).embeddings).toBe(true);
    expect(caps({ AI_EMBED_BASE_URL: fake.url, AI_EMBED_MODEL: 'e' })).toMatchObject({
      chat: false,
      embeddings: true,
    });
    // Transcription needs its own base URL.
    expect(caps({ ...base, AI_TRANSCRIBE_MODEL: 't' }).transcription).toBe(false);
    expect(caps({ AI_TRANSCRIBE_BASE_URL: fake.url, AI_TRANSCRIBE_MODEL: 't' }).transcription).toBe(true);
    expect(caps({ AI_CHAT_MODEL: 'c' }).chat).toBe(false);
  });

  it('talks to the configured server with the configured models', async () => {
    const provider = aiProviderFromConfig(
      loadConfig({ ...fake.env, AI_API_KEY: 'sk-cfg', AI_EMBED_DIMS: '4' }).ai,
    );
    const events: ChatEvent[] = [];
    for await (const event of provider.chat({ messages: [{ role: 'user', content: 'ping' }] }, signal())) {
      events.push(event);
    }
    expect(events.map((e) => (e.type === 'text' ? e.delta : '')).join('')).toBe('You said: ping');
    const embedded = await provider.embed(['x'], signal());
    expect(embedded.dims).toBe(4);
    const chat = fake.requestsTo('chat')[0]!;
    expect(chat.json.model).toBe('fake-chat');
    expect(chat.headers.authorization).toBe('Bearer sk-cfg');
    expect(fake.requestsTo('embeddings')[0]!.json).toMatchObject({ model: 'fake-embed', dimensions: 4 });
  });

  it('runs at most AI_CONCURRENCY upstream calls at once', async () => {
    const provider = aiProviderFromConfig(loadConfig({ ...fake.env, AI_CONCURRENCY: '2' }).ai);
    const slow = { stream: textStream(['a', 'b', 'c']), dripMs: 60 };
    fake.script('chat', slow, slow, slow);
    let most = 0;
    const watch = setInterval(() => {
      const open = fake.requestsTo('chat').filter((r) => r.open).length;
      most = Math.max(most, open);
    }, 5);
    const run = async () => {
      for await (const _ of provider.chat({ messages: [{ role: 'user', content: 'x' }] }, signal())) {
        // drain
      }
    };
    const all = Promise.all([run(), run(), run()]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.requestsTo('chat')).toHaveLength(2);
    await all;
    clearInterval(watch);
    expect(fake.requestsTo('chat')).toHaveLength(3);
    expect(most).toBe(2);
  });
});
