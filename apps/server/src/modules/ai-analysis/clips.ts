import {
  ANALYSIS_LIMITS,
  type AnalysisStatus,
  CREATIVE_CLIP_LIMITS,
  type CreativeClipType,
  creativeClipTypes,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AiProvider } from '../../platform/ai/types.js';
import type { StoredTranscript } from '../../platform/db/schema/ai-analysis.js';
import { withoutFailure } from './plan.js';
import type { AnalysisRepository, NewClip } from './repository.js';

export const AI_CLIPS_QUEUE = 'AI_CLIPS';
export interface AiClipsPayload {
  assetId: string;
}

const CLIPS_TIMEOUT_MS = 5 * 60_000;

/**
 * What the model answers. Types and line numbers are checked here rather than in the schema:
 * one unknown type or bad range drops that clip, not the whole answer.
 */
const clipsAnswer = z.object({
  clips: z
    .array(
      z.object({
        type: z.string(),
        subtype: z.string().nullable().catch(null),
        quote: z.string().catch(''),
        fromSeg: z.number(),
        toSeg: z.number(),
        hook: z.boolean().catch(false),
      }),
    )
    .max(100),
});
type ClipsAnswer = z.infer<typeof clipsAnswer>;

const CLIPS_PROMPT = [
  'You find the creative clips in a video ad’s transcript: the moments a marketer would cut out and reuse.',
  'The transcript comes as numbered lines: "[n] text".',
  'Answer JSON only: {"clips": [{"type": "...", "subtype": "...", "quote": "...", "fromSeg": 0, "toSeg": 0, "hook": false}]}.',
  `type: one of ${creativeClipTypes.join(', ')}.`,
  'subtype: 1–4 words naming the kind of clip within its type ("Discount offer", "Shop now"), or null.',
  'quote: the clip’s words as spoken.',
  'fromSeg, toSeg: the numbers of the clip’s first and last line (toSeg ≥ fromSeg).',
  'hook: true when the clip opens the ad and is made to grab attention.',
  `At most ${CREATIVE_CLIP_LIMITS.clipsPerFile} clips; [] when nothing fits.`,
].join('\n');

/**
 * The AI_CLIPS job (issue 15, ai.md §4.2 e): a video's creative clips from its timed
 * transcript. The model names line numbers; the times are the lines' own, so a clip always
 * lands on speech. Runs again safely: the file's clips are replaced.
 */
export class CreativeClips {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly provider: AiProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(payload: AiClipsPayload, lastAttempt: boolean): Promise<void> {
    const row = await this.repository.find(payload.assetId);
    if (!row || (row.breakdownStatus !== 'PENDING' && row.breakdownStatus !== 'PROCESSING')) return;
    const skip = clipsSkip(row.transcript);
    if (skip) {
      await this.repository.update(row.assetId, {
        breakdownStatus: skip,
        notes: skip === 'SKIPPED_UNQUALIFIED' ? { ...row.notes, breakdown: 'UNTIMED_TRANSCRIPT' } : row.notes,
      });
      return;
    }
    const entries = row.transcript!.entries;
    await this.repository.update(row.assetId, { breakdownStatus: 'PROCESSING' });
    try {
      const answer = await this.provider.json(
        {
          messages: [
            { role: 'system', content: CLIPS_PROMPT },
            { role: 'user', content: entries.map((entry, n) => `[${n}] ${entry.text}`).join('\n') },
          ],
          temperature: 0.2,
        },
        clipsAnswer,
        AbortSignal.timeout(CLIPS_TIMEOUT_MS),
      );
      const clips = clipsFrom(answer, entries);
      await this.repository.transaction(async () => {
        await this.repository.replaceClips(row.assetId, clips);
        await this.repository.update(row.assetId, {
          breakdownStatus: clips.length > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED',
          failures: withoutFailure(row.failures, 'breakdown'),
        });
      });
    } catch (error) {
      this.log.warn({ err: error, assetId: row.assetId, lastAttempt }, 'creative clips failed');
      if (!lastAttempt) throw error;
      await this.repository.update(row.assetId, {
        breakdownStatus: 'FAILED',
        failures: {
          ...row.failures,
          breakdown: error instanceof Error ? error.message.slice(0, 300) : String(error),
        },
      });
    }
  }
}

/** Why a transcript gives no clips before any model is asked, or null when it may. */
function clipsSkip(transcript: StoredTranscript | null): AnalysisStatus | null {
  if (!transcript || transcript.entries.length === 0) return 'COMPLETED_NO_CONTENT_DETECTED';
  // An answer without times ({text} only) cannot place a clip.
  if (!transcript.timed) return 'SKIPPED_UNQUALIFIED';
  const speechMs = transcript.entries.reduce(
    (sum, entry) => sum + Math.max(0, entry.endMs - entry.startMs),
    0,
  );
  if (speechMs < ANALYSIS_LIMITS.minClipSpeechMs) return 'SKIPPED_FILE_TOO_SHORT';
  return null;
}

const TYPE_BY_NAME = new Map<string, CreativeClipType>(
  creativeClipTypes.map((type) => [type.toLowerCase(), type]),
);

/**
 * The model's clips as rows: unknown types and line ranges outside the transcript dropped,
 * times from the lines, hook only within the first 3 s, repeats of a range and type kept once.
 */
export function clipsFrom(answer: ClipsAnswer, entries: StoredTranscript['entries']): NewClip[] {
  const seen = new Set<string>();
  const clips: Omit<NewClip, 'position'>[] = [];
  for (const clip of answer.clips) {
    const type = TYPE_BY_NAME.get(clip.type.trim().toLowerCase());
    const { fromSeg: from, toSeg: to } = clip;
    if (!type || !Number.isInteger(from) || !Number.isInteger(to)) continue;
    if (from < 0 || to < from || to >= entries.length) continue;
    const startMs = Math.round(entries[from]!.startMs);
    const endMs = Math.round(entries[to]!.endMs);
    if (endMs <= startMs) continue;
    const key = `${type}:${from}:${to}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const spoken = entries
      .slice(from, to + 1)
      .map((entry) => entry.text)
      .join(' ');
    clips.push({
      type,
      subtype: subtypeName(clip.subtype),
      quote: (clip.quote.trim() || spoken).slice(0, CREATIVE_CLIP_LIMITS.quote),
      startMs,
      endMs,
      hook: clip.hook && startMs <= CREATIVE_CLIP_LIMITS.hookWindowMs,
    });
  }
  return clips
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
    .slice(0, CREATIVE_CLIP_LIMITS.clipsPerFile)
    .map((clip, position) => ({ ...clip, position }));
}

/** A subtype as the filters list it: one line, capitalised, at most 60 characters; null when empty. */
function subtypeName(value: string | null): string | null {
  const clean = (value ?? '').replace(/\s+/g, ' ').trim().slice(0, CREATIVE_CLIP_LIMITS.subtype).trim();
  return clean ? clean[0]!.toUpperCase() + clean.slice(1) : null;
}
