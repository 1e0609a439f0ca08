import type { ZodType } from 'zod';

/**
 * The AI provider's contract (/work/shared/design/ai.md §4.1). Callers see these types only;
 * the wire format of OpenAI-compatible servers stays inside openai-compatible.ts.
 */

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export type ChatEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  | { type: 'tool_call'; id: string; name: string; argsJson: string }
  | { type: 'done'; finishReason: string; usage?: Usage };

/** An image is an http(s) URL or a `data:` URL (imageDataUrl() in data-url.ts makes one from bytes). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string; detail?: 'auto' | 'low' | 'high' };

export interface ToolCall {
  id: string;
  name: string;
  argsJson: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content?: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolDef {
  name: string;
  description?: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatReq {
  messages: ChatMessage[];
  tools?: ToolDef[];
  temperature?: number;
  maxTokens?: number;
}

/** What this deployment can do; an unset model turns its capability off (and the UI says so). */
export interface Caps {
  chat: boolean;
  tools: boolean;
  vision: boolean;
  embeddings: boolean;
  /** Pictures embedded by a multimodal model (AI_IMAGE_EMBED_MODEL): more like this. */
  imageEmbeddings: boolean;
  transcription: boolean;
  /** Structured output through `response_format: json_schema` (AI_JSON_MODE). */
  jsonSchema: boolean;
}

export interface Embeddings {
  model: string;
  dims: number;
  vectors: number[][];
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
}

export interface Transcript {
  text: string;
  /** Empty when the server answered `{text}` only (Ollama): no timed entries. */
  segments: TranscriptSegment[];
  /** The language the server heard, as it names it ('english' or 'en'), when it says. */
  language?: string;
}

export interface AiProvider {
  capabilities(): Caps;
  /** Streams the answer; a request with image parts goes to the vision model. */
  chat(req: ChatReq, signal: AbortSignal): AsyncIterable<ChatEvent>;
  /** One answer parsed and validated with `schema`; images allowed in `req`. */
  json<T>(req: ChatReq, schema: ZodType<T>, signal: AbortSignal): Promise<T>;
  embed(texts: string[], signal: AbortSignal): Promise<Embeddings>;
  /**
   * One vector per picture (http(s) or `data:` URLs, imageDataUrl() in data-url.ts) from the
   * image embeddings model: one request each, an image part in `messages` (vLLM's shape for
   * multimodal embedding models).
   */
  embedImages(images: string[], signal: AbortSignal): Promise<Embeddings>;
  transcribe(audio: Blob, opts: { language?: string }, signal: AbortSignal): Promise<Transcript>;
}

export type JsonMode = 'json_schema' | 'json_object' | 'prompt';
