import fs from 'node:fs/promises';
import { runTool, ToolError } from '../../media/run-tool.js';
import type { Transcript, TranscriptSegment } from '../types.js';

/**
 * A rough English transcript on this server (AI_LOCAL_TRANSCRIBE=pocketsphinx), with Debian's
 * `pocketsphinx` and `pocketsphinx-en-us` (0.8): `pocketsphinx_continuous -time yes` prints
 * each utterance's words with their start and end in seconds from the file's start.
 *
 * Measured here: recorded human speech reads mostly right ('go forward ten meters' exactly; a
 * LibriVox sentence with about one word in five wrong), at about half of real time on one
 * core. Synthetic speech (espeak-ng) comes out as nonsense. So it is off by default, used
 * only when no transcription server is set, and the product calls its result a rough local
 * transcript.
 */

export const POCKETSPHINX_ENGINE = 'PocketSphinx (English)';

/** pocketsphinx reads 16 kHz mono 16-bit PCM: the speech is made as such a WAV first. */
export const SPEECH_WAV = { sampleRate: 16_000, channels: 1 } as const;

/** Debian's default model directory (pocketsphinx-en-us); the binary looks there itself. */
const DEBIAN_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

/** A line breaks after a pause this long, or when it has this many words or lasts this long. */
const PAUSE_MS = 500;
const MAX_WORDS = 14;
const MAX_LINE_MS = 7_000;

export class SpeechUnavailableError extends Error {
  override name = 'SpeechUnavailableError';
}

export function configuredPocketsphinxPath(): string {
  return process.env.POCKETSPHINX_PATH || 'pocketsphinx_continuous';
}

/** The words of a 16 kHz mono WAV as timed lines (language: English). */
export async function transcribeSpeech(
  wav: string,
  options: { binary?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Transcript> {
  let output: string;
  try {
    output = await runTool(
      options.binary ?? configuredPocketsphinxPath(),
      ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'],
      { signal: options.signal, timeoutMs: options.timeoutMs ?? 30 * 60_000 },
    );
  } catch (error) {
    if (error instanceof ToolError && /could not start/.test(error.message))
      throw new SpeechUnavailableError('pocketsphinx is not installed (Debian: pocketsphinx)', {
        cause: error,
      });
    // Without its model it only exits 1 (its log goes nowhere): say what is missing.
    if (error instanceof ToolError && !(await exists(DEBIAN_MODEL)))
      throw new SpeechUnavailableError(
        "pocketsphinx's English model is not installed (Debian: pocketsphinx-en-us)",
        {
          cause: error,
        },
      );
    throw error;
  }
  const segments = linesOfWords(wordsOf(output));
  return { text: segments.map((s) => s.text).join(' '), segments, language: 'en' };
}

interface TimedWord {
  word: string;
  startMs: number;
  endMs: number;
}

/**
 * The recognised words of pocketsphinx's `-time yes` output: lines `word start end
 * posterior`, in seconds. Markers (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UH++`) are left out
 * and alternate pronunciations lose their number ('to(2)' is 'to').
 */
export function wordsOf(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of output.split('\n')) {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== 4) continue;
    const [token, start, end] = cells as [string, string, string];
    const startS = Number(start);
    const endS = Number(end);
    if (!Number.isFinite(startS) || !Number.isFinite(endS)) continue;
    if (/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(token)) continue;
    words.push({
      word: token.replace(/\(\d+\)$/, ''),
      startMs: Math.round(startS * 1000),
      endMs: Math.round(endS * 1000),
    });
  }
  return words;
}

/** Words grouped into lines at pauses, and at most MAX_WORDS words or MAX_LINE_MS long. */
export function linesOfWords(words: TimedWord[]): TranscriptSegment[] {
  const lines: TranscriptSegment[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    lines.push({
      startMs: current[0]!.startMs,
      endMs: current.at(-1)!.endMs,
      text: current.map((w) => w.word).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const first = current[0];
    const last = current.at(-1);
    if (
      first &&
      last &&
      (word.startMs - last.endMs >= PAUSE_MS ||
        current.length >= MAX_WORDS ||
        word.endMs - first.startMs > MAX_LINE_MS)
    )
      flush();
    current.push(word);
  }
  flush();
  return lines;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
