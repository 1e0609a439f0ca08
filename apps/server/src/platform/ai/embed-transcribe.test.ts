import { describe, expect, it } from 'vitest';
import { hashVector, nanosecondTranscript, verboseTranscript } from '../../../test/fake-openai.js';
import { useFakeOpenAi } from '../../test/fake-openai-world.js';
import { AiError } from './errors.js';
import { OpenAiCompatibleProvider } from './openai-compatible.js';

const fake = useFakeOpenAi();

const signal = () => new AbortController().signal;

describe('embed()', () => {
  it('sends the texts with the dimensions asked for, on its own base URL and model', async () => {
    const provider = new OpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-embed',
      embedBaseUrl: `${fake.url}/`,
      embedModel: 'fake-embed',
      embedDims: 16,
    });
    const result = await provider.embed(['red car', 'blue sky'], signal());
    expect(result.model).toBe('fake-embed');
    expect(result.dims).toBe(16);
    expect(result.vectors).toEqual([hashVector('red car', 16), hashVector('blue sky', 16)]);
    const [request] = fake.requestsTo('embeddings');
    expect(request!.path).toBe('/v1/embeddings');
    expect(request!.headers.authorization).toBe('Bearer sk-embed');
    expect(request!.json).toEqual({ model: 'fake-embed', input: ['red car', 'blue sky'], dimensions: 16 });
  });

  it('leaves dimensions out when AI_EMBED_DIMS is unset, and orders vectors by index', async () => {
    fake.script('embeddings', {
      json: {
        data: [
          { index: 1, embedding: [0, 1] },
          { index: 0, embedding: [1, 0] },
        ],
      },
    });
    const provider = new OpenAiCompatibleProvider({ embedBaseUrl: fake.url, embedModel: 'fake-embed' });
    const result = await provider.embed(['a', 'b'], signal());
    expect(result).toEqual({
      model: 'fake-embed',
      dims: 2,
      vectors: [
        [1, 0],
        [0, 1],
      ],
    });
    expect(fake.requestsTo('embeddings')[0]!.json).not.toHaveProperty('dimensions');
  });

  it('fails with BAD_OUTPUT when the vectors are not the dimensions asked for', async () => {
    fake.script('embeddings', { json: { data: [{ index: 0, embedding: [1, 2, 3] }] } });
    const provider = new OpenAiCompatibleProvider({ embedBaseUrl: fake.url, embedModel: 'm', embedDims: 4 });
    await expect(provider.embed(['a'], signal())).rejects.toMatchObject({ code: 'BAD_OUTPUT' });
  });
});

describe('transcribe()', () => {
  const provider = () =>
    new OpenAiCompatibleProvider({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-whisper',
      transcribeBaseUrl: fake.url,
      transcribeModel: 'fake-whisper',
    });
  const audio = new Blob([Buffer.from('RIFF....WAVEfmt ')], { type: 'audio/wav' });

  it('posts multipart verbose_json with segment timestamps and gives segments in ms', async () => {
    fake.script('transcriptions', {
      json: verboseTranscript(
        [
          [0, 1.25, 'Hello there.'],
          [1.25, 3.0004, 'General Kenobi.'],
        ],
        3.1,
      ),
    });
    const result = await provider().transcribe(audio, { language: 'en' }, signal());
    expect(result).toEqual({
      text: 'Hello there. General Kenobi.',
      segments: [
        { startMs: 0, endMs: 1250, text: 'Hello there.' },
        { startMs: 1250, endMs: 3000, text: 'General Kenobi.' },
      ],
      // The language the server heard, as it names it (verbose_json).
      language: 'english',
    });
    const [request] = fake.requestsTo('transcriptions');
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.headers.authorization).toBe('Bearer sk-whisper');
    expect(request!.fields).toEqual({
      model: 'fake-whisper',
      response_format: 'verbose_json',
      'timestamp_granularities[]': 'segment',
      language: 'en',
    });
    expect(request!.files).toEqual([{ field: 'file', name: 'audio.wav', type: 'audio/wav', size: 16 }]);
  });

  it('detects nanosecond times (end > 1000 × duration)', async () => {
    fake.script('transcriptions', { json: nanosecondTranscript([[0.5, 9.64, 'One long line.']], 10) });
    const result = await provider().transcribe(audio, {}, signal());
    expect(result.segments).toEqual([{ startMs: 500, endMs: 9640, text: 'One long line.' }]);
    expect(fake.requestsTo('transcriptions')[0]!.fields).not.toHaveProperty('language');
  });

  it('detects nanosecond times with no duration given (LocalAI’s example)', async () => {
    fake.script('transcriptions', {
      json: nanosecondTranscript([
        [0, 2, 'a'],
        [2, 4.5, 'b'],
      ]),
    });
    const result = await provider().transcribe(audio, {}, signal());
    expect(result.segments.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 2000],
      [2000, 4500],
    ]);
  });

  it('gives no segments for a {text}-only answer (Ollama)', async () => {
    fake.script('transcriptions', { json: { text: ' Just words. ' } });
    await expect(provider().transcribe(audio, {}, signal())).resolves.toEqual({
      text: 'Just words.',
      segments: [],
    });
  });

  it('keeps the file name of a File', async () => {
    await provider().transcribe(
      new File([Buffer.from('ID3')], 'voice.mp3', { type: 'audio/mpeg' }),
      {},
      signal(),
    );
    expect(fake.requestsTo('transcriptions')[0]!.files[0]).toMatchObject({
      name: 'voice.mp3',
      type: 'audio/mpeg',
    });
  });

  it('is NOT_CONFIGURED without its own base URL, even when AI_BASE_URL is set', async () => {
    const noTranscription = new OpenAiCompatibleProvider({
      baseUrl: fake.url,
      transcribeModel: 'fake-whisper',
    });
    const error = await noTranscription.transcribe(audio, {}, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).code).toBe('NOT_CONFIGURED');
    expect(fake.requests).toHaveLength(0);
  });
});
