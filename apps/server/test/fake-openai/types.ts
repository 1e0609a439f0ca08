import type http from 'node:http';

/** The fake OpenAI-compatible server's scripting and recording types. */

export type FakeAiRoute = 'chat' | 'embeddings' | 'transcriptions';

/** One step of a scripted stream. */
export type FakeStreamStep =
  /** One SSE event `data: <JSON>`. */
  | { data: unknown }
  /** Bytes as they are: half events, comments, odd line endings. */
  | { raw: string }
  /** `data: [DONE]`. */
  | { done: true }
  /** A pause before the next step. */
  | { wait: number }
  /** Cuts the connection (a server dying mid-answer). */
  | { destroy: true }
  /** Goes silent, the connection left open, until the client closes it (a stuck model). */
  | { stall: true };

export type FakeAiAnswer =
  /** A `text/event-stream` answer; `dripMs` waits between steps (a slow model, for cancels). */
  | { stream: FakeStreamStep[]; dripMs?: number }
  /** A whole answer: JSON (`json`) or text (`text`), any status and headers (429 + Retry-After). */
  | { status?: number; headers?: Record<string, string>; json?: unknown; text?: string }
  /**
   * No answer at all, not even headers, until the client closes the connection (a hung server;
   * `closedEarly` then records the close). A stream whose steps end in `stall` hangs after
   * its headers or first events instead.
   */
  | { hang: true }
  /** The default answer, `after` ms late (a slow model: what a user sees while it works). */
  | { after: number };

export interface FakeAiRequest {
  route: FakeAiRoute | 'other';
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (chat, embeddings). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary request bodies
  json: any;
  /** Multipart text fields (transcriptions). */
  fields: Record<string, string>;
  /** Multipart files. */
  files: { field: string; name: string; type: string; size: number }[];
  /** The client closed the connection before the answer ended (a cancel reached us). */
  closedEarly: boolean;
  /** True until the answer ended or the connection closed. */
  open: boolean;
  /** Settles when the answer ended or the connection closed. */
  settled: Promise<void>;
}

export interface FakeOpenAiOptions {
  port?: number;
  host?: string;
  /** When set, calls without `Authorization: Bearer <apiKey>` get 401 (echoing the key sent, as OpenAI does). */
  apiKey?: string;
}

export interface FakeOpenAi {
  /** Base URL with `/v1`, as AI_BASE_URL takes it. */
  url: string;
  requests: FakeAiRequest[];
  /** Queues answers for the next calls to `route`; with none queued, defaults.ts answers. */
  script(route: FakeAiRoute, ...answers: FakeAiAnswer[]): void;
  /** The calls to one route, oldest first. */
  requestsTo(route: FakeAiRoute): FakeAiRequest[];
  /** Forgets recorded calls and queued answers. */
  reset(): void;
  close(): Promise<void>;
  /** AI_* variables pointing Hookline at this fake. */
  env: Record<string, string>;
}
