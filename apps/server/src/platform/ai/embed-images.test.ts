import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureVector } from '../../../test/fake-openai.js';
import { loadConfig } from '../../config.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { imageDataUrl } from './data-url.js';
import { aiProviderFromConfig } from './from-config.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';

/**
 * embedImages() (issue 16, more like this): one POST /v1/embeddings per picture with an
 * image part in `messages` (vLLM's shape for multimodal embedding models), on the image
 * model's own base URL (else the embeddings'), `dimensions` when AI_IMAGE_EMBED_DIMS is set.
 */
const fake = useFakeOpenAi();

const signal = () => new AbortController().signal;

const square = (grey: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: grey, g: grey, b: grey } } })
    .composite([
      {
        input: { create: { width: size / 2, height: size, channels: 3, background: '#000000' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

describe('embedImages()', () => {
  it('sends one picture per request as an image part in messages, vectors in order', async () => {
    const provider = new OpenAiCompatibleProvider({
      apiKey: 'sk-img',
      embedBaseUrl: 'http://127.0.0.1:9/v1',
      imageEmbedBaseUrl: `${fake.url}/`,
      imageEmbedModel: 'fake-image-embed',
      imageEmbedDims: 300,
    });
    const pictures = [await square(255), await square(128)];
    const urls = pictures.map((p) => imageDataUrl(p, 'image/png'));
    const result = await provider.embedImages(urls, signal());
    expect(result.model).toBe('fake-image-embed');
    expect(result.dims).toBe(300);
    expect(result.vectors).toEqual(await Promise.all(pictures.map((p) => pictureVector(p, 300))));
    const sent = fake.requestsTo('embeddings');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.authorization).toBe('Bearer sk-img');
    expect(sent.map((r) => r.json)).toEqual(
      urls.map((url) => ({
        model: 'fake-image-embed',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
        dimensions: 300,
      })),
    );
  });

  it('uses the embeddings server when it has none of its own, and is off without its model', async () => {
    const env = { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_EMBED_BASE_URL: fake.url };
    const on = aiProviderFromConfig(loadConfig({ ...env, AI_IMAGE_EMBED_MODEL: 'img' }).ai);
    expect(on.capabilities().imageEmbeddings).toBe(true);
    const answer = await on.embedImages([imageDataUrl(await square(200), 'image/png')], signal());
    expect(answer.dims).toBe(256);
    expect(fake.requestsTo('embeddings')[0]!.json).not.toHaveProperty('dimensions');

    const off = aiProviderFromConfig(loadConfig(env).ai);
    expect(off.capabilities().imageEmbeddings).toBe(false);
    await expect(off.embedImages(['data:image/png;base64,'], signal())).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
      message: 'image embeddings are not configured (AI_IMAGE_EMBED_MODEL)',
    });
  });

  it('fails with BAD_OUTPUT on an answer without one vector', async () => {
    fake.script('embeddings', { json: { data: [] } });
    const provider = new OpenAiCompatibleProvider({ embedBaseUrl: fake.url, imageEmbedModel: 'img' });
    await expect(
      provider.embedImages([imageDataUrl(await square(10), 'image/png')], signal()),
    ).rejects.toMatchObject({ code: 'BAD_OUTPUT' });
  });
});
