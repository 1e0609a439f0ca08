import type { Transcript, TranscriptSegment } from './types.js';

/**
 * A transcription answer made uniform (ai.md §2, consequence 3): times in ms. Servers answer in
 * seconds, but LocalAI's documented answer is in nanoseconds: taken as such when a segment
 * ends after 1000 × the duration, or, with no duration given, after 10⁶ (no clip lasts
 * 11 days). A `{text}`-only answer (Ollama) has no segments.
 */

interface WireTranscript {
  text?: string;
  duration?: number | string;
  segments?: { start?: number; end?: number; text?: string }[] | null;
  language?: string | null;
}

export function normaliseTranscript(body: unknown): Transcript {
  const wire = (body && typeof body === 'object' ? body : {}) as WireTranscript;
  const raw = Array.isArray(wire.segments) ? wire.segments : [];
  const duration = Number(wire.duration);
  const lastEnd = Math.max(0, ...raw.map((s) => Number(s.end) || 0));
  const nanoseconds =
    Number.isFinite(duration) && duration > 0 ? lastEnd > 1000 * duration : lastEnd > 1_000_000;
  const toMs = (value: number | undefined) => {
    const n = Number(value) || 0;
    return Math.round(nanoseconds ? n / 1_000_000 : n * 1000);
  };
  const segments: TranscriptSegment[] = raw.map((s) => ({
    startMs: toMs(s.start),
    endMs: toMs(s.end),
    text: (s.text ?? '').trim(),
  }));
  const text = typeof wire.text === 'string' ? wire.text.trim() : segments.map((s) => s.text).join(' ');
  return typeof wire.language === 'string' && wire.language
    ? { text, segments, language: wire.language }
    : { text, segments };
}
