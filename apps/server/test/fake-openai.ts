import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeOpenAi } from './fake-openai/server.js';

/**
 * A fake OpenAI-compatible AI server (/work/shared/design/ai.md §4.3) speaking the wire format of
 * §1–2: streamed and whole chat completions (content, tool calls in fragments or whole,
 * `reasoning_content` / `reasoning` / `<think>`, usage chunk, `[DONE]`), embeddings as hash
 * vectors (a picture's from its greyscale thumbnail), multipart transcriptions. Tests queue answers per route (`script`) and read what was
 * sent (`requests`), including whether a cancel closed the connection (`closedEarly`). `hang`
 * answers never come and a stream's `stall` step goes silent, both until the client gives up.
 *
 * `npm run ai:fake` runs it alone (PORT, default 8089) with its default answers.
 */

export {
  chunk,
  completion,
  hang,
  nanosecondTranscript,
  rateLimited,
  serverError,
  textStream,
  toolFragment,
  usageChunk,
  verboseTranscript,
} from './fake-openai/chunks.js';
export { hashVector, pictureVector, sampleOf } from './fake-openai/defaults.js';
export { startFakeOpenAi } from './fake-openai/server.js';
export type {
  FakeAiAnswer,
  FakeAiRequest,
  FakeAiRoute,
  FakeOpenAi,
  FakeOpenAiOptions,
  FakeStreamStep,
} from './fake-openai/types.js';

// --- `npm run ai:fake` ----------------------------------------------------------------------

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  const fake = await startFakeOpenAi({ port: Number(process.env.PORT || 8089) });
  console.log(
    [
      `Fake OpenAI-compatible AI server on ${fake.url}`,
      'Point Hookline at it with:',
      '',
      ...Object.entries(fake.env).map(([key, value]) => `${key}=${value}`),
    ].join('\n'),
  );
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
