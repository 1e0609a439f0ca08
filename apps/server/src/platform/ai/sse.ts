/**
 * Server-sent events over a fetch body: yields the `data` of each event (its `data:` lines
 * joined with "\n"). Lines may be split anywhere across network chunks, end in \n, \r\n or \r;
 * comments (`: keep-alive`) and other fields (`event:`, `id:`) are skipped.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A lone \r at the end may be the first half of \r\n: wait for more unless the body ended.
      for (;;) {
        const match = /\r\n|\n|\r/.exec(buffer);
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1 && !done)) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line[5] === ' ' ? 6 : 5));
        }
      }
      if (done) break;
    }
    // A last event without its blank line still counts.
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer[5] === ' ' ? 6 : 5));
    if (data.length) yield data.join('\n');
    finished = true;
  } finally {
    // Stopped early (the consumer broke off or failed): cancelling closes the connection.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
