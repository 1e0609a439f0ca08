import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultAnswer } from './defaults.js';
import type {
  FakeAiAnswer,
  FakeAiRequest,
  FakeAiRoute,
  FakeOpenAi,
  FakeOpenAiOptions,
  FakeStreamStep,
} from './types.js';

/** The fake's HTTP server: reading and recording requests, answering from the script or defaults. */

const ROUTES: Record<string, FakeAiRoute> = {
  '/v1/chat/completions': 'chat',
  '/v1/embeddings': 'embeddings',
  '/v1/audio/transcriptions': 'transcriptions',
};

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeAiRequest[] = [];
  const queues = new Map<FakeAiRoute, FakeAiAnswer[]>();

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error), type: 'fake_error' } }));
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const record = await read(request, response);
    requests.push(record);
    if (options.apiKey !== undefined) {
      const sent = request.headers.authorization?.match(/^Bearer (.*)$/)?.[1];
      if (sent !== options.apiKey) {
        // OpenAI echoes (part of) the key it was given: the client must not pass it on.
        return answer(response, {
          status: 401,
          json: {
            error: {
              message: `Incorrect API key provided: ${sent ?? ''}.`,
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          },
        });
      }
    }
    const queued = record.route === 'other' ? undefined : queues.get(record.route)?.shift();
    if (queued && 'after' in queued) {
      await pause(queued.after);
      if (response.destroyed) return;
      return answer(response, await defaultAnswer(record));
    }
    await answer(response, queued ?? (await defaultAnswer(record)));
  }

  async function read(request: http.IncomingMessage, response: http.ServerResponse): Promise<FakeAiRequest> {
    const path = new URL(request.url ?? '/', origin).pathname.replace(/\/+$/, '');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const contentType = request.headers['content-type'] ?? '';
    const fields: Record<string, string> = {};
    const files: FakeAiRequest['files'] = [];
    let json: unknown;
    if (contentType.includes('multipart/form-data')) {
      const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
      for (const [field, value] of form) {
        if (typeof value === 'string') fields[field] = value;
        else files.push({ field, name: value.name, type: value.type, size: value.size });
      }
    } else if (raw.length) {
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = raw.toString('utf8');
      }
    }
    let settle = () => {};
    const record: FakeAiRequest = {
      route: ROUTES[path] ?? 'other',
      method: (request.method ?? 'GET').toUpperCase(),
      path,
      headers: request.headers,
      json,
      fields,
      files,
      closedEarly: false,
      open: true,
      settled: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    response.on('close', () => {
      if (!response.writableFinished) record.closedEarly = true;
      record.open = false;
      settle();
    });
    return record;
  }

  async function answer(response: http.ServerResponse, scripted: FakeAiAnswer) {
    if ('after' in scripted) throw new Error('A late answer is the default one, handled before answering');
    if ('hang' in scripted) return closed(response);
    if ('stream' in scripted) return stream(response, scripted.stream, scripted.dripMs ?? 0);
    const status = scripted.status ?? 200;
    if (scripted.text !== undefined) {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...scripted.headers });
      response.end(scripted.text);
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json', ...scripted.headers });
    response.end(JSON.stringify(scripted.json ?? {}));
  }

  async function stream(response: http.ServerResponse, steps: FakeStreamStep[], dripMs: number) {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    // Headers now, as real servers do: a stream that waits or stalls has still begun.
    response.flushHeaders();
    for (const step of steps) {
      if (response.destroyed) return;
      if (dripMs) await pause(dripMs);
      if (response.destroyed) return;
      if ('wait' in step) await pause(step.wait);
      else if ('stall' in step) return closed(response);
      else if ('destroy' in step) {
        response.socket?.destroy();
        return;
      } else if ('raw' in step) response.write(step.raw);
      else if ('done' in step) response.write('data: [DONE]\n\n');
      else response.write(`data: ${JSON.stringify(step.data)}\n\n`);
    }
    response.end();
  }

  return {
    url: `${origin}/v1`,
    requests,
    script(route, ...answers) {
      const queue = queues.get(route) ?? [];
      queue.push(...answers);
      queues.set(route, queue);
    },
    requestsTo: (route) => requests.filter((r) => r.route === route),
    reset() {
      requests.length = 0;
      queues.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    env: {
      AI_BASE_URL: `${origin}/v1`,
      AI_CHAT_MODEL: 'fake-chat',
      AI_VISION_MODEL: 'fake-vision',
      AI_EMBED_MODEL: 'fake-embed',
      AI_TRANSCRIBE_BASE_URL: `${origin}/v1`,
      AI_TRANSCRIBE_MODEL: 'fake-whisper',
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Settles once the client closed the connection (or it ended): how a hang ends. */
const closed = (response: http.ServerResponse) =>
  new Promise<void>((resolve) => {
    if (response.destroyed || response.writableFinished) return resolve();
    response.once('close', () => resolve());
  });
