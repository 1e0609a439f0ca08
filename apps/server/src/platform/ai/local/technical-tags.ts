import type { AssetType } from '@hookline/contract';
import type { ProbeResult } from '../../media/media-tools.js';
import type { ColourName } from './dominant-colours.js';

/**
 * Technical auto-tags from what probing found (ffprobe for videos and audio, sharp for
 * images) and the dominant colours: no model involved. Every name fits the tag limit of 20.
 */

/** How the AI provider card names where technical tags come from (always on). */
export const TECHNICAL_TAGS_ENGINE = 'ffprobe and sharp, on this server';

export type AnalysedType = Extract<AssetType, 'IMAGE' | 'VIDEO' | 'AUDIO' | 'ANIMATION'>;

export interface MediaFacts extends Partial<Pick<ProbeResult, 'width' | 'height' | 'duration' | 'hasAudio'>> {
  type: AnalysedType;
  /** From dominantColours() of the image or the video's poster frame. */
  colours?: readonly ColourName[];
}

/** Relative tolerance for "this is a 16:9 picture" and for the resolution steps. */
const TOLERANCE = 0.02;

export const ASPECT_RATIOS = [
  { tag: '1:1', ratio: 1 },
  { tag: '16:9', ratio: 16 / 9 },
  { tag: '9:16', ratio: 9 / 16 },
  { tag: '4:5', ratio: 4 / 5 },
] as const;

/** By the short side, so a portrait 1080 × 1920 phone video is 1080p like its landscape twin. */
export const RESOLUTIONS = [
  { tag: '4K', shortSide: 2160 },
  { tag: '1440p', shortSide: 1440 },
  { tag: '1080p', shortSide: 1080 },
  { tag: '720p', shortSide: 720 },
] as const;
export const LOW_RESOLUTION_TAG = 'SD';

/**
 * Duration buckets, upper bound included with half a second of slack: ads are cut to
 * 6, 15, 30 and 60 s and their files last a few frames more (15.02 s), so a 15 s spot is
 * "Up to 15 s" and a 30 s spot "15–30 s", not the next bucket up.
 */
export const DURATIONS = [
  { tag: 'Up to 15 s', maxSeconds: 15 },
  { tag: '15–30 s', maxSeconds: 30 },
  { tag: '30–60 s', maxSeconds: 60 },
  { tag: '1–3 min', maxSeconds: 180 },
] as const;
export const LONG_DURATION_TAG = 'Over 3 min';
const DURATION_SLACK_SECONDS = 0.5;

export const HAS_AUDIO_TAG = 'Has audio';

export function orientationTag(width: number, height: number): 'Portrait' | 'Landscape' | 'Square' {
  if (Math.abs(width / height - 1) <= TOLERANCE) return 'Square';
  return width > height ? 'Landscape' : 'Portrait';
}

export function aspectTag(width: number, height: number): string | undefined {
  const ratio = width / height;
  return ASPECT_RATIOS.find((a) => Math.abs(ratio / a.ratio - 1) <= TOLERANCE)?.tag;
}

/** The 2 % slack lets encoder-cropped sizes (1920 × 1072, 1280 × 714) keep their step. */
export function resolutionTag(width: number, height: number): string {
  const shortSide = Math.min(width, height);
  return RESOLUTIONS.find((r) => shortSide >= r.shortSide * (1 - TOLERANCE))?.tag ?? LOW_RESOLUTION_TAG;
}

export function durationTag(seconds: number): string {
  return DURATIONS.find((d) => seconds <= d.maxSeconds + DURATION_SLACK_SECONDS)?.tag ?? LONG_DURATION_TAG;
}

/**
 * The tag names for one file, in a stable order: orientation, aspect, resolution (pictures
 * and videos), duration (videos, animations, audio), 'Has audio' (videos), colours.
 * Facts that are missing or not positive give no tag.
 */
export function technicalTags(facts: MediaFacts): string[] {
  const tags: string[] = [];
  const { width, height, duration } = facts;
  const visual = facts.type !== 'AUDIO';
  if (visual && width && height && width > 0 && height > 0) {
    tags.push(orientationTag(width, height));
    const aspect = aspectTag(width, height);
    if (aspect) tags.push(aspect);
    tags.push(resolutionTag(width, height));
  }
  if (facts.type !== 'IMAGE' && duration && duration > 0) tags.push(durationTag(duration));
  if (facts.type === 'VIDEO' && facts.hasAudio) tags.push(HAS_AUDIO_TAG);
  if (visual) tags.push(...(facts.colours ?? []));
  return [...new Set(tags)];
}
