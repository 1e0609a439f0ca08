import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type TranscriptLanguage, transcriptLanguages } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { SpeechUnavailableError, transcribeSpeech } from '../../platform/ai/local/speech.js';
import type { AiProvider } from '../../platform/ai/types.js';
import type { StoredTranscript } from '../../platform/db/schema/ai-analysis.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { LibraryItems } from '../library/items-service.js';
import { originalKey } from '../library/media-urls.js';
import { withoutFailure } from './plan.js';
import type { AnalysisRepository } from './repository.js';

export const AI_TRANSCRIBE_QUEUE = 'AI_TRANSCRIBE';
export interface AiTranscribePayload {
  assetId: string;
}

/** Whisper-style servers name languages in English ('english'); some answer ISO codes. */
const LANGUAGE_NAMES: Record<string, TranscriptLanguage> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  portuguese: 'pt',
  norwegian: 'no',
  swedish: 'sv',
  polish: 'pl',
};

export function transcriptLanguage(value: string | null | undefined): TranscriptLanguage | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  if ((transcriptLanguages as readonly string[]).includes(lower)) return lower as TranscriptLanguage;
  return LANGUAGE_NAMES[lower] ?? null;
}

/**
 * The AI_TRANSCRIBE job (issue 15, design/ai.md §4.2 d): a video's or audio file's speech,
 * sent as mono 16 kHz MP3 to the transcription server, kept as timed lines in ms. An answer
 * without segments (Ollama-style `{text}`) is one untimed line; no words at all is
 * COMPLETED_NO_CONTENT_DETECTED. Runs again safely: the transcript is replaced.
 *
 * Without a transcription server, AI_LOCAL_TRANSCRIBE=pocketsphinx makes a rough English
 * transcript on this server instead (source LOCAL); a server, when set, always wins.
 */
export class Transcription {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly library: LibraryItems,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly provider: AiProvider,
    private readonly log: FastifyBaseLogger,
    private readonly localSpeech: boolean,
  ) {}

  /** Whether files are transcribed here: by the server, or locally. */
  available(): boolean {
    return this.provider.capabilities().transcription || this.localSpeech;
  }

  async run(payload: AiTranscribePayload, lastAttempt: boolean): Promise<void> {
    const file = await this.library.fileById(payload.assetId);
    const row = file && (await this.repository.find(file.id));
    if (!file || !row || (row.transcriptionStatus !== 'PENDING' && row.transcriptionStatus !== 'PROCESSING'))
      return;
    await this.repository.update(file.id, { transcriptionStatus: 'PROCESSING' });
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}transcribe-`));
    try {
      const transcript = await this.transcribe(file, work);
      await this.repository.update(file.id, {
        transcript,
        transcriptionStatus: transcript.entries.length > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED',
        failures: withoutFailure(row.failures, 'transcription'),
      });
    } catch (error) {
      this.log.warn({ err: error, assetId: file.id, lastAttempt }, 'transcription failed');
      // pocketsphinx missing is this server's setup, not the file: said once, not retried.
      if (error instanceof SpeechUnavailableError) {
        await this.repository.update(file.id, { transcriptionStatus: 'SKIPPED_UNQUALIFIED' });
        return;
      }
      // Tried again while attempts are left (a busy server, a restart); FAILED after the last.
      if (!lastAttempt) throw error;
      await this.repository.update(file.id, {
        transcriptionStatus: 'FAILED',
        failures: {
          ...row.failures,
          transcription: error instanceof Error ? error.message.slice(0, 300) : String(error),
        },
      });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  private async transcribe(file: AssetRow, work: string): Promise<StoredTranscript> {
    const source = await this.soundOf(file, work);
    if (!this.provider.capabilities().transcription) return this.transcribeHere(source, work);
    const speech = path.join(work, 'speech.mp3');
    await this.tools.speechAudio(source, speech);
    const bytes = await fs.readFile(speech);
    const answer = await this.provider.transcribe(
      new Blob([bytes], { type: 'audio/mpeg' }),
      {},
      AbortSignal.timeout(30 * 60_000),
    );
    const language = transcriptLanguage(answer.language);
    if (answer.segments.length > 0)
      return {
        source: 'AI',
        language,
        timed: true,
        entries: answer.segments
          .map((segment) => ({ startMs: segment.startMs, endMs: segment.endMs, text: segment.text.trim() }))
          .filter((entry) => entry.text.length > 0),
      };
    const text = answer.text.trim();
    const durationMs = Math.round((file.metadata?.duration ?? file.length ?? 0) * 1000);
    return {
      source: 'AI',
      language,
      timed: false,
      entries: text ? [{ startMs: 0, endMs: durationMs, text }] : [],
    };
  }

  /** A rough English transcript by pocketsphinx, from 16 kHz mono WAV. */
  private async transcribeHere(source: string, work: string): Promise<StoredTranscript> {
    const speech = path.join(work, 'speech.wav');
    await this.tools.speechAudio(source, speech);
    const answer = await transcribeSpeech(speech, { signal: AbortSignal.timeout(60 * 60_000) });
    return { source: 'LOCAL', language: 'en', timed: true, entries: answer.segments };
  }

  /** The file's sound as a local file: a video's audio track, or the audio file itself. */
  private async soundOf(file: AssetRow, work: string): Promise<string> {
    const key =
      file.type === 'VIDEO' && file.variants?.audio
        ? `${file.storagePrefix}${file.variants.audio}`
        : originalKey(file);
    const local = this.storage.localPath(key);
    if (local) return local;
    const target = path.join(work, 'sound');
    await pipeline(await this.storage.read(key), createWriteStream(target));
    return target;
  }
}
