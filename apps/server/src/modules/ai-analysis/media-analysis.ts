import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ANALYSIS_LIMITS,
  ANALYSIS_TEXT_LIMITS,
  type AnalysisFeature,
  type AnalysisStatus,
  type Persona,
  personaAgeGroups,
  personaGenders,
  type TextEntry,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { imagePart } from '../../platform/ai/data-url.js';
import { dominantColours } from '../../platform/ai/local/dominant-colours.js';
import { isOcrUnavailable, ocrImage } from '../../platform/ai/local/ocr.js';
import {
  detectPeople,
  isPeopleDetectionUnavailable,
  objectTag,
  type PeopleResult,
  peopleDetectionAvailable,
} from '../../platform/ai/local/people.js';
import { type AnalysedType, technicalTags } from '../../platform/ai/local/technical-tags.js';
import type { AiProvider } from '../../platform/ai/types.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { LibraryItems } from '../library/items-service.js';
import { originalKey } from '../library/media-urls.js';
import type { TagsService } from '../tags/service.js';
import { featuresOf, fileSkip, MEDIA_FEATURES, statusColumn } from './plan.js';
import type { AnalysisRepository, AnalysisValues } from './repository.js';

export const AI_MEDIA_QUEUE = 'AI_MEDIA';
export interface AiMediaPayload {
  assetId: string;
}

/**
 * A video's text is read from a frame every 2 s (at most this many steps, evenly spread) and
 * after each scene change (at most this many), so a cut inside a step splits it.
 */
const OCR_FRAME_STEP_S = 2;
const OCR_MAX_FRAMES = 60;
/** Spans shorter than this are not read on their own (a cut right on a step's edge). */
const OCR_MIN_SPAN_S = 0.3;
/** The picture a vision model sees: a JPEG of at most this many pixels on its long side. */
const VISION_SIZE = 1024;
/** A video is shown to the vision model as up to 8 evenly spaced frames of this size (ai.md §4.2 c). */
const VISION_FRAMES = 8;
const VISION_FRAME_SIZE = 512;
const VISION_TIMEOUT_MS = 120_000;

const visionAnswer = z.object({
  tags: z.array(z.string()).max(50),
  description: z.string().nullable(),
  personas: z
    .array(
      z.object({
        gender: z.enum(personaGenders).nullable().catch(null),
        ageGroup: z.enum(personaAgeGroups).nullable().catch(null),
        complexion: z.string().nullable().catch(null),
        hairColor: z.string().nullable().catch(null),
        hasBeard: z.boolean().nullable().catch(null),
        hasMustache: z.boolean().nullable().catch(null),
        hasSunglasses: z.boolean().nullable().catch(null),
        hasEyeglasses: z.boolean().nullable().catch(null),
      }),
    )
    .max(50),
});
type VisionAnswer = z.infer<typeof visionAnswer>;

/** What Human cannot tell about a person (design/ai.md §3): only a vision model can. */
const NO_PERSONA_DETAILS = {
  complexion: null,
  hairColor: null,
  hasBeard: null,
  hasMustache: null,
  hasSunglasses: null,
  hasEyeglasses: null,
} satisfies Omit<Persona, 'gender' | 'ageGroup'>;

const VISION_PROMPT = [
  'You describe one picture from a brand’s creative library (an ad, a product shot or a frame of a video) for search and tagging.',
  'Answer JSON only: {"tags": [...], "description": "...", "personas": [...]}.',
  'A video comes as up to 8 of its frames, in order: describe the video as a whole.',
  `tags: up to ${ANALYSIS_TEXT_LIMITS.tagsPerFile} short tags (1–3 words, at most 20 characters, Title Case) naming what is visible: objects, setting, style, mood. No colours or sizes.`,
  'description: one or two plain sentences about what the picture shows, or null when there is nothing to describe.',
  `personas: one entry per clearly visible person: gender (${personaGenders.join(' or ')}), ageGroup (one of ${personaAgeGroups.join(', ')}), complexion, hairColor, hasBeard, hasMustache, hasSunglasses, hasEyeglasses; null for anything you cannot tell. [] when nobody is visible.`,
].join('\n');

/**
 * The AI_MEDIA job (issue 15): a processed image, animation, video or audio file's tags
 * (technical tags from its media facts and colours, and a vision model's when configured),
 * its description and personas (vision model), and the text in its pictures (Debian's
 * tesseract). Without a vision model, personas (gender and age group) and object tags come
 * from Human on this server (its picture: an image's preview, a video's poster).
 * Runs again safely: every result is replaced, AI tag links included.
 */
export class MediaAnalysis {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly library: LibraryItems,
    private readonly tags: TagsService,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly provider: AiProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(payload: AiMediaPayload): Promise<void> {
    const file = await this.library.fileById(payload.assetId);
    const row = file && (await this.repository.find(file.id));
    if (!file || !row || fileSkip(file)) return;
    const features = featuresOf(file.type).filter((f) => {
      if (!MEDIA_FEATURES.includes(f)) return false;
      const status = row[statusColumn(f)];
      return status === 'PENDING' || status === 'PROCESSING';
    });
    if (features.length === 0) return;
    await this.repository.update(
      file.id,
      Object.fromEntries(features.map((f) => [statusColumn(f), 'PROCESSING'])),
    );
    const log = this.log.child({ assetId: file.id, job: AI_MEDIA_QUEUE });
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}ai-`));
    const results: AnalysisValues = {};
    const failures: Partial<Record<AnalysisFeature, string>> = { ...row.failures };
    const settle = (feature: AnalysisFeature, status: AnalysisStatus, error?: unknown) => {
      results[statusColumn(feature)] = status;
      if (error) {
        failures[feature] =
          error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
        log.warn({ err: error, feature }, 'analysis feature failed');
      } else delete failures[feature];
    };
    try {
      const picture = file.type === 'AUDIO' ? undefined : await this.picture(file, work);
      const wants = (f: AnalysisFeature) => features.includes(f);

      const visionOn = this.provider.capabilities().vision;
      let vision: VisionAnswer | undefined;
      let visionError: unknown;
      if (picture && (wants('description') || wants('personas') || wants('tags')) && visionOn)
        vision = await this.see(file, picture, work).catch((error) => {
          visionError = error;
          return undefined;
        });

      // No vision model: Human finds the faces and objects (personas, object tags).
      let people: PeopleResult | undefined;
      let peopleError: unknown;
      if (picture && !visionOn && (wants('personas') || wants('tags')) && peopleDetectionAvailable())
        people = await detectPeople(picture).catch((error) => {
          peopleError = error;
          return undefined;
        });

      if (wants('tags')) {
        try {
          const names = [
            ...(await this.localTags(file, picture)),
            ...(people?.objects.map(objectTag) ?? []),
            ...(vision?.tags ?? []),
          ].slice(0, ANALYSIS_TEXT_LIMITS.tagsPerFile);
          const { applied } = await this.tags.applyAiTags({ brandId: file.brandId, assetId: file.id, names });
          settle('tags', applied > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED');
        } catch (error) {
          settle('tags', 'FAILED', error);
        }
      }
      if (wants('description')) {
        const text = vision?.description?.trim().slice(0, ANALYSIS_TEXT_LIMITS.description);
        if (!vision) settle('description', 'FAILED', visionError ?? new Error('No vision answer'));
        else if (!text) settle('description', 'COMPLETED_NO_CONTENT_DETECTED');
        else {
          // Only into an empty description; the one written is kept to mark it as the analysis's.
          if (await this.library.fillDescription(file.id, text))
            await this.repository.noteWrittenDescription(file.id, text);
          settle('description', 'COMPLETED');
        }
      }
      if (wants('personas')) {
        if (!visionOn) {
          if (people) {
            const personas: Persona[] = people.faces
              .slice(0, ANALYSIS_TEXT_LIMITS.personas)
              .map((face) => ({ ...NO_PERSONA_DETAILS, gender: face.gender, ageGroup: face.ageGroup }));
            results.personas = personas;
            settle('personas', personas.length > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED');
          } else if (!picture) settle('personas', 'FAILED', new Error('No picture to look at'));
          // Human could not load here (or is not installed): personas are off, not failed.
          else if (!peopleError || isPeopleDetectionUnavailable(peopleError))
            settle('personas', 'SKIPPED_UNQUALIFIED');
          else settle('personas', 'FAILED', peopleError);
        } else if (!vision) settle('personas', 'FAILED', visionError ?? new Error('No vision answer'));
        else {
          const personas: Persona[] = vision.personas.slice(0, ANALYSIS_TEXT_LIMITS.personas);
          results.personas = personas;
          settle('personas', personas.length > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED');
        }
      }
      if (wants('ocr')) {
        try {
          const entries = await this.readText(file, picture, work);
          results.textEntries = entries;
          settle('ocr', entries.length > 0 ? 'COMPLETED' : 'COMPLETED_NO_CONTENT_DETECTED');
        } catch (error) {
          if (isOcrUnavailable(error)) settle('ocr', 'SKIPPED_UNQUALIFIED');
          else settle('ocr', 'FAILED', error);
        }
      }
    } catch (error) {
      // The file itself could not be read here (storage, ffmpeg): every feature fails.
      for (const feature of features)
        if (!(statusColumn(feature) in results)) settle(feature, 'FAILED', error);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
    await this.repository.update(file.id, { ...results, failures });
  }

  /** The file's large picture (an image's preview, a video's poster) as a local file. */
  private async picture(file: AssetRow, work: string): Promise<string | undefined> {
    const name = file.variants?.preview ?? file.variants?.poster;
    if (!name) return undefined;
    return this.localCopy(`${file.storagePrefix}${name}`, path.join(work, name));
  }

  private async localCopy(key: string, target: string): Promise<string> {
    const local = this.storage.localPath(key);
    if (local) return local;
    await pipeline(await this.storage.read(key), createWriteStream(target));
    return target;
  }

  private async localTags(file: AssetRow, picture: string | undefined): Promise<string[]> {
    const colours = picture ? await dominantColours(picture) : [];
    return technicalTags({
      type: file.type as AnalysedType,
      width: file.metadata?.width,
      height: file.metadata?.height,
      duration: file.metadata?.duration ?? file.length ?? undefined,
      hasAudio: Boolean(file.variants?.audio),
      colours,
    });
  }

  /** One vision answer for the file: an image's picture, or a video's frames (its poster if they cannot be had). */
  private async see(file: AssetRow, picture: string, work: string): Promise<VisionAnswer> {
    const frames = file.type === 'VIDEO' ? await this.visionFrames(file, work).catch(() => []) : [];
    const jpegs =
      frames.length > 0
        ? await Promise.all(frames.map((frame) => jpegOf(frame, VISION_FRAME_SIZE)))
        : [await jpegOf(picture, VISION_SIZE)];
    return this.provider.json(
      {
        messages: [
          { role: 'system', content: VISION_PROMPT },
          {
            role: 'user',
            content: [
              { type: 'text', text: frames.length > 0 ? 'The video’s frames:' : 'The picture:' },
              ...jpegs.map((jpeg) => imagePart(jpeg, 'image/jpeg')),
            ],
          },
        ],
        temperature: 0.2,
      },
      visionAnswer,
      AbortSignal.timeout(VISION_TIMEOUT_MS),
    );
  }

  /** Up to 8 evenly spaced frames of a video (none past 30 minutes: the poster stands for it). */
  private async visionFrames(file: AssetRow, work: string): Promise<string[]> {
    const durationS = file.metadata?.duration ?? file.length ?? 0;
    if (durationS <= 0 || durationS * 1000 > ANALYSIS_LIMITS.maxKeyframeDurationMs) return [];
    const source = await this.videoSource(file, work);
    const count = Math.min(VISION_FRAMES, Math.max(1, Math.ceil(durationS / OCR_FRAME_STEP_S)));
    const frames: string[] = [];
    for (let i = 0; i < count; i++) {
      const frame = path.join(work, `vision-${i}.png`);
      await this.tools.rasterize(source, frame, { atSeconds: ((i + 0.5) * durationS) / count });
      frames.push(frame);
    }
    return frames;
  }

  /** A video's player variant (or its original) as a local file. */
  private videoSource(file: AssetRow, work: string): Promise<string> {
    const short = file.variants?.short;
    return this.localCopy(
      short ? `${file.storagePrefix}${short}` : originalKey(file),
      path.join(work, 'video'),
    );
  }

  /** Text in the picture (an image: one entry at 0 ms) or in a video's frames, merged while it stays. */
  private async readText(file: AssetRow, picture: string | undefined, work: string): Promise<TextEntry[]> {
    if (file.type !== 'VIDEO') {
      if (!picture) return [];
      const { text } = await ocrImage(picture);
      return text ? [{ startMs: 0, endMs: 0, text }] : [];
    }
    const durationS = file.metadata?.duration ?? file.length ?? 0;
    if (durationS <= 0) return [];
    const source = await this.videoSource(file, work);
    // Scene changes are looked for in videos up to the keyframe limit (30 min); past it, steps only.
    const cuts =
      durationS * 1000 <= ANALYSIS_LIMITS.maxKeyframeDurationMs
        ? await this.tools.sceneChanges(source).catch(() => [])
        : [];
    const entries: TextEntry[] = [];
    for (const [i, span] of ocrSpans(durationS, cuts).entries()) {
      // The frame in the middle of each span stands for it.
      const frame = path.join(work, `frame-${i}.png`);
      await this.tools.rasterize(source, frame, { atSeconds: (span.startS + span.endS) / 2 });
      const { text } = await ocrImage(frame);
      await fs.rm(frame, { force: true });
      const startMs = Math.round(span.startS * 1000);
      const endMs = Math.round(span.endS * 1000);
      const last = entries.at(-1);
      if (!text) continue;
      if (last && last.text === text && last.endMs === startMs) last.endMs = endMs;
      else entries.push({ startMs, endMs, text });
    }
    return entries;
  }
}

/**
 * The spans of a video whose text is read, one frame each: 2 s steps (at most OCR_MAX_FRAMES,
 * evenly spread), split at scene changes (the first OCR_MAX_FRAMES); edges closer than
 * OCR_MIN_SPAN_S to the previous one are dropped.
 */
export function ocrSpans(durationS: number, cuts: number[]): { startS: number; endS: number }[] {
  const count = Math.min(OCR_MAX_FRAMES, Math.max(1, Math.ceil(durationS / OCR_FRAME_STEP_S)));
  const step = durationS / count;
  const edges = [
    ...Array.from({ length: count - 1 }, (_, i) => (i + 1) * step),
    ...cuts.filter((t) => t > 0 && t < durationS).slice(0, OCR_MAX_FRAMES),
  ].sort((a, b) => a - b);
  const kept = [0];
  for (const edge of edges) if (edge - kept.at(-1)! >= OCR_MIN_SPAN_S) kept.push(edge);
  if (durationS - kept.at(-1)! < OCR_MIN_SPAN_S && kept.length > 1) kept.pop();
  return kept.map((startS, i) => ({ startS, endS: kept[i + 1] ?? durationS }));
}

function jpegOf(picture: string, size: number): Promise<Buffer> {
  return sharp(picture)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
