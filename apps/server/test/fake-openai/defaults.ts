import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { completion, textStream, verboseTranscript } from './chunks.js';
import type { FakeAiAnswer, FakeAiRequest } from './types.js';

/** What the fake answers when a test queued nothing: sensible, deterministic, for any request. */

export function defaultAnswer(request: FakeAiRequest): FakeAiAnswer | Promise<FakeAiAnswer> {
  switch (request.route) {
    case 'chat':
      return defaultChat(request);
    case 'embeddings':
      return defaultEmbeddings(request);
    case 'transcriptions':
      return defaultTranscription(request);
    default:
      if (request.method === 'GET' && request.path === '/v1/models') {
        return {
          json: {
            object: 'list',
            data: ['fake-chat', 'fake-vision', 'fake-embed', 'fake-whisper'].map((id) => ({
              id,
              object: 'model',
              owned_by: 'fake',
            })),
          },
        };
      }
      return {
        status: 404,
        json: { error: { message: `Unknown path ${request.path}`, type: 'invalid_request_error' } },
      };
  }
}

function defaultChat(request: FakeAiRequest): FakeAiAnswer {
  const body = request.json ?? {};
  const schema = body.response_format?.json_schema?.schema ?? schemaInPrompt(body.messages);
  if (schema || body.response_format?.type === 'json_object') {
    const text = JSON.stringify(
      isClipsSchema(schema) ? clipsOf(lastUserText(body.messages)) : schema ? sampleOf(schema) : {},
    );
    return body.stream ? { stream: textStream([text]) } : { json: completion(text) };
  }
  const reply = `You said: ${lastUserText(body.messages) || '(nothing)'}`;
  if (!body.stream) return { json: completion(reply) };
  const words = reply.split(/(?<= )/);
  return { stream: textStream(words, [reply.length, words.length]) };
}

function defaultEmbeddings(request: FakeAiRequest): FakeAiAnswer | Promise<FakeAiAnswer> {
  const body = request.json ?? {};
  if (Array.isArray(body.messages)) return imageEmbeddings(body);
  const inputs: string[] = Array.isArray(body.input) ? body.input : [String(body.input ?? '')];
  const dims = Number(body.dimensions) || 8;
  return {
    json: {
      object: 'list',
      model: body.model ?? 'fake-embed',
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: hashVector(text, dims) })),
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    },
  };
}

/**
 * A multimodal embedding request (vLLM's shape: one conversation in `messages` whose user turn
 * has an `image_url` part): the picture's vector from its content (pictureVector), so a
 * re-encoded or resized copy lands close and another picture far.
 */
async function imageEmbeddings(body: {
  model?: string;
  dimensions?: number;
  messages: { role?: string; content?: unknown }[];
}): Promise<FakeAiAnswer> {
  const parts = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
  const url = parts.find((p) => p?.type === 'image_url')?.image_url?.url;
  const data = typeof url === 'string' ? url.match(/^data:image\/[\w.+-]+;base64,(.*)$/s)?.[1] : undefined;
  const bad = (message: string): FakeAiAnswer => ({
    status: 400,
    json: { error: { message, type: 'invalid_request_error' } },
  });
  if (!data) return bad('Expected one image_url part with a data: URL');
  let embedding: number[];
  try {
    embedding = await pictureVector(Buffer.from(data, 'base64'), Number(body.dimensions) || undefined);
  } catch {
    return bad('The image could not be decoded');
  }
  return {
    json: {
      object: 'list',
      model: body.model ?? 'fake-image-embed',
      data: [{ object: 'embedding', index: 0, embedding }],
      usage: { prompt_tokens: 1, total_tokens: 1 },
    },
  };
}

/**
 * A unit vector from a picture's content: its 16 × 16 greyscale thumbnail, the mean taken off
 * (so unlike pictures are far apart, not all alike for being positive), then normalised;
 * `dims` cuts it or pads it with zeros.
 */
export async function pictureVector(bytes: Buffer, dims = 256): Promise<number[]> {
  const pixels = await sharp(bytes).greyscale().resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  const values = [...pixels];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const raw = Array.from({ length: dims }, (_, i) => (i < values.length ? values[i]! - mean : 0));
  const norm = Math.hypot(...raw) || 1;
  return raw.map((x) => x / norm);
}

function defaultTranscription(request: FakeAiRequest): FakeAiAnswer {
  const format = request.fields.response_format ?? 'json';
  const segments: [number, number, string][] = [
    [0, 2.5, 'This is a fake transcript.'],
    [2.5, 4.75, 'Nothing was listened to.'],
  ];
  const verbose = verboseTranscript(segments, 4.75);
  if (format === 'text') return { text: String(verbose.text) };
  if (format === 'verbose_json')
    return { json: { ...verbose, language: request.fields.language ?? 'english' } };
  return { json: { text: verbose.text } };
}

/** A unit vector from the text's hash: the same text always gives the same vector. */
export function hashVector(text: string, dims: number): number[] {
  const raw = Array.from({ length: dims }, (_, i) => {
    const digest = createHash('sha256').update(`${text}\u0000${i}`).digest();
    return (digest.readUInt32BE(0) / 0xffffffff) * 2 - 1;
  });
  const norm = Math.hypot(...raw) || 1;
  return raw.map((x) => x / norm);
}

/** The creative-clips request (ai.md §4.2 e): its schema has a `clips` list of line ranges. */
function isClipsSchema(schema: Record<string, unknown> | undefined): boolean {
  const clips = (schema?.properties as Record<string, { items?: { properties?: object } }> | undefined)
    ?.clips;
  return Boolean(clips?.items?.properties && 'fromSeg' in clips.items.properties);
}

/**
 * Clips of the numbered lines ("[n] text") it was sent, so `npm run ai:fake` shows a breakdown:
 * the first line a hook Pain Point, the last a CTA, any between a Solution.
 */
function clipsOf(prompt: string): { clips: unknown[] } {
  const lines = prompt.split('\n').flatMap((line) => {
    const match = line.match(/^\[(\d+)\] (.*)$/);
    return match ? [{ n: Number(match[1]), text: match[2]! }] : [];
  });
  return {
    clips: lines.map(({ n, text }, i) => {
      const [type, subtype] =
        i === 0 && lines.length > 1
          ? ['Pain Point', 'Everyday problem']
          : i === lines.length - 1
            ? ['CTA', 'Shop now']
            : ['Solution', 'Product demo'];
      return { type, subtype, quote: text, fromSeg: n, toSeg: n, hook: i === 0 };
    }),
  };
}

function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  const user = [...messages].reverse().find((m) => m?.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return Array.isArray(user.content)
    ? user.content
        .filter((p: { type?: string }) => p?.type === 'text')
        .map((p: { text?: string }) => p.text)
        .join(' ')
    : '';
}

/** json_object / prompt modes put the schema in the system message. */
function schemaInPrompt(messages: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (const message of messages) {
    const match =
      typeof message?.content === 'string' ? message.content.match(/JSON Schema:\n(\{.*\})/s) : null;
    if (match) {
      try {
        return JSON.parse(match[1]!) as Record<string, unknown>;
      } catch {
        // not ours
      }
    }
  }
  return undefined;
}

/** The smallest value a JSON Schema accepts (enough for the shapes zod's toJSONSchema makes). */
export function sampleOf(schema: Record<string, unknown>): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (variants?.length) return sampleOf(variants[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (schema.required ?? Object.keys(properties)) as string[];
      return Object.fromEntries(required.map((key) => [key, sampleOf(properties[key] ?? {})]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () =>
        sampleOf((schema.items ?? {}) as Record<string, unknown>),
      );
    case 'string':
      return 'example'.padEnd(Number(schema.minLength ?? 0), '.');
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 0) > 0 ? Number(schema.minimum) : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}
