import { describe, expect, it } from 'vitest';
import { sseData } from './sse.js';
import { ThinkSplitter } from './think-tags.js';

function bodyOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all(pieces: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(bodyOf(pieces))) out.push(data);
  return out;
}

describe('sseData', () => {
  it('yields each event once, whatever the network chunking', async () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';
    expect(await all([text])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
    // One byte at a time: lines and events cut everywhere.
    expect(await all([...text])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('takes \\r\\n and \\r line ends, even with \\r\\n cut between chunks', async () => {
    expect(await all(['data: one\r', '\n\r', '\ndata: two\r\r'])).toEqual(['one', 'two']);
  });

  it('skips comments and other fields, joins multi-line data, and keeps a last event without its blank line', async () => {
    expect(await all([': keep-alive\n\nevent: message\nid: 7\ndata: a\ndata: b\n\ndata:c'])).toEqual([
      'a\nb',
      'c',
    ]);
  });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('data: héllo 👋\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const data of sseData(body)) out.push(data);
    expect(out).toEqual(['héllo 👋']);
  });
});

describe('ThinkSplitter', () => {
  const run = (chunks: string[]) => {
    const splitter = new ThinkSplitter();
    const pieces = [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
    // Adjacent pieces of one kind are one run.
    const runs: { kind: string; text: string }[] = [];
    for (const piece of pieces) {
      const last = runs.at(-1);
      if (last?.kind === piece.kind) last.text += piece.text;
      else runs.push({ ...piece });
    }
    return runs;
  };

  it('splits thoughts out of text, with tags cut anywhere across chunks', () => {
    const text = '<think>Plan: greet.</think>Hello <b>there</b>';
    const expected = [
      { kind: 'reasoning', text: 'Plan: greet.' },
      { kind: 'text', text: 'Hello <b>there</b>' },
    ];
    expect(run([text])).toEqual(expected);
    expect(run([...text])).toEqual(expected);
    expect(run(['<thi', 'nk>Plan: greet.</th', 'ink>Hello <b>there</b>'])).toEqual(expected);
  });

  it('gives back a held tail that turned out not to be a tag', () => {
    expect(run(['a <th', 'x'])).toEqual([{ kind: 'text', text: 'a <thx' }]);
    expect(run(['ends with <thi'])).toEqual([{ kind: 'text', text: 'ends with <thi' }]);
  });
});
