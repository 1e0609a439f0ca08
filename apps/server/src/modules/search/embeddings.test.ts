import { describe, expect, it } from 'vitest';
import {
  dimsRefusal,
  MAX_HALFVEC_DIMS,
  MAX_VECTOR_DIMS,
  SemanticIndex,
  TRANSCRIPT_CHUNK_CHARS,
  textsOf,
  transcriptChunks,
  vectorTypeFor,
} from './embeddings.js';

/**
 * Semantic search's limits without a database (issue 16): the index's column type by dims
 * (`vector` up to 2000, `halfvec` up to 4000, more refused at start) and the transcript cut
 * into chunks of at most 2,000 characters.
 */
describe('embedding dims', () => {
  it('indexes vector up to 2000 dims and halfvec up to 4000', () => {
    expect(MAX_VECTOR_DIMS).toBe(2000);
    expect(MAX_HALFVEC_DIMS).toBe(4000);
    expect(vectorTypeFor(1)).toBe('vector');
    expect(vectorTypeFor(384)).toBe('vector');
    expect(vectorTypeFor(2000)).toBe('vector');
    expect(vectorTypeFor(2001)).toBe('halfvec');
    expect(vectorTypeFor(3072)).toBe('halfvec');
    expect(vectorTypeFor(4000)).toBe('halfvec');
  });

  it('refuses more than 4000, saying to set AI_EMBED_DIMS', () => {
    expect(() => vectorTypeFor(4001)).toThrow(dimsRefusal(4001));
    expect(() => vectorTypeFor(8192)).toThrow(dimsRefusal(8192));
    expect(dimsRefusal(4001)).toContain('4001-dimension');
    expect(dimsRefusal(4001)).toContain('Set AI_EMBED_DIMS to 4000 or fewer');
  });

  it('refuses at start, before anything is written', () => {
    const make = (model: string | undefined, dims: number | undefined) =>
      // The index touches none of these until it is used.
      new SemanticIndex(null as never, null as never, { model, dims }, null as never, null as never);
    expect(() => make('embed-large', 4001)).toThrow(dimsRefusal(4001));
    expect(() => make('embed-large', 4000)).not.toThrow();
    // Without a model semantic search is off, whatever the dims.
    expect(() => make(undefined, 4001)).not.toThrow();
    // Without dims the model's own size is used, checked when its first vectors come back.
    expect(() => make('embed-large', undefined)).not.toThrow();
  });
});

describe('transcript chunks', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i % 10}`).join(' ');

  it('cuts at most 2,000 characters, at spaces, losing no word', () => {
    expect(TRANSCRIPT_CHUNK_CHARS).toBe(2000);
    const text = words(1000); // 5,999 characters
    const chunks = transcriptChunks(text);
    expect(chunks.length).toBe(4);
    expect(chunks.every((c) => c.length <= 2000)).toBe(true);
    // Full chunks but the last: each ends within a word's length of the limit.
    expect(chunks.slice(0, -1).every((c) => c.length > 1990)).toBe(true);
    expect(chunks.every((c) => !c.startsWith(' ') && !c.endsWith(' '))).toBe(true);
    expect(chunks.join(' ')).toBe(text);
  });

  it('keeps a short transcript whole, folds its white space, and has none for an empty one', () => {
    expect(transcriptChunks('  Hello\n\n there  ')).toEqual(['Hello there']);
    expect(transcriptChunks('x'.repeat(2000))).toEqual(['x'.repeat(2000)]);
    expect(transcriptChunks('')).toEqual([]);
    expect(transcriptChunks('   ')).toEqual([]);
  });

  it('cuts a text without spaces at 2,000 characters', () => {
    const chunks = transcriptChunks('x'.repeat(4500));
    expect(chunks.map((c) => c.length)).toEqual([2000, 2000, 500]);
  });

  it('embeds an item as its ITEM text and one TRANSCRIPT text per chunk', () => {
    const texts = textsOf({
      name: 'Clip.mp4',
      lines: [
        { s: 'NAME', t: 'Clip.mp4', ms: null },
        { s: 'TAG', t: 'Summer', ms: null },
        { s: 'TAG', t: 'Beach', ms: null },
        { s: 'DESCRIPTION', t: 'A day out', ms: null },
        { s: 'ON_SCREEN_TEXT', t: '50% off', ms: 0 },
        { s: 'COMMENT', t: 'Not embedded', ms: null },
        ...Array.from({ length: 700 }, (_, i) => ({ s: 'TRANSCRIPT', t: `line${i % 10}`, ms: i * 1000 })),
      ],
    });
    expect(texts[0]).toEqual({
      source: 'ITEM',
      chunk: 0,
      text: 'Clip.mp4\nSummer, Beach\nA day out\n50% off',
    });
    const transcript = texts.slice(1);
    // 700 lines of 5 characters joined by spaces: 4,199 characters, three chunks.
    expect(transcript.map((t) => [t.source, t.chunk])).toEqual([
      ['TRANSCRIPT', 0],
      ['TRANSCRIPT', 1],
      ['TRANSCRIPT', 2],
    ]);
    expect(transcript.every((t) => t.text.length <= 2000)).toBe(true);
    expect(texts.some((t) => t.text.includes('Not embedded'))).toBe(false);
  });
});
