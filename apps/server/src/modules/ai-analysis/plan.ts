import { ANALYSIS_LIMITS, type AnalysisFeature, type AnalysisStatus } from '@hookline/contract';
import { peopleDetectionAvailable } from '../../platform/ai/local/people.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { AnalysisRow, AnalysisValues } from './repository.js';

/** What this server can analyse with (the provider's capabilities and the local tools). */
export interface AnalysisAbilities {
  /** A vision model: tags, a description and personas from the pictures. */
  vision: boolean;
  /** A transcription server. */
  transcription: boolean;
  /** A chat model: creative clips from a transcript. */
  chat: boolean;
  /**
   * Human on this server (platform/ai/local/people.ts): personas (gender, age group) without a
   * vision model. Default: whether it is installed and has not failed to load here.
   */
  localPersonas?: boolean;
}

const COLUMN: Record<AnalysisFeature, keyof AnalysisValues> = {
  tags: 'tagsStatus',
  description: 'descriptionStatus',
  personas: 'personasStatus',
  ocr: 'ocrStatus',
  transcription: 'transcriptionStatus',
  breakdown: 'breakdownStatus',
};
export const statusColumn = (feature: AnalysisFeature) => COLUMN[feature] as `${AnalysisFeature}Status`;

/** The features analysed for a file of this type (creative clips: videos only, 000 §2). */
export function featuresOf(type: AssetRow['type']): AnalysisFeature[] {
  switch (type) {
    case 'IMAGE':
    case 'ANIMATION':
      return ['tags', 'description', 'personas', 'ocr'];
    case 'VIDEO':
      return ['tags', 'description', 'personas', 'ocr', 'transcription', 'breakdown'];
    case 'AUDIO':
      return ['tags', 'transcription'];
    default:
      return [];
  }
}

/** The features the AI_MEDIA job works on (transcription has its own job). */
export const MEDIA_FEATURES: readonly AnalysisFeature[] = ['tags', 'description', 'personas', 'ocr'];

/** Where a file's transcription starts: PENDING, or why it does not run. */
function transcriptionStatus(file: AssetRow, abilities: AnalysisAbilities): AnalysisStatus {
  const durationMs = (file.metadata?.duration ?? file.length ?? 0) * 1000;
  if (!abilities.transcription) return 'SKIPPED_UNQUALIFIED';
  if (durationMs < ANALYSIS_LIMITS.minAudioMs) return 'SKIPPED_FILE_TOO_SHORT';
  if (durationMs > ANALYSIS_LIMITS.maxDurationMs) return 'SKIPPED_FILE_TOO_LONG';
  // A video without a sound track has nothing to say.
  if (file.type === 'VIDEO' && !file.variants?.audio) return 'COMPLETED_NO_CONTENT_DETECTED';
  return 'PENDING';
}

/**
 * Where a video's creative clips start, given its transcription's start: PENDING waits for the
 * transcript (its job queues AI_CLIPS), else why there will be none.
 */
function breakdownStatus(
  file: AssetRow,
  transcription: AnalysisStatus,
  abilities: AnalysisAbilities,
): AnalysisStatus {
  const durationMs = (file.metadata?.duration ?? file.length ?? 0) * 1000;
  if (!abilities.chat) return 'SKIPPED_UNQUALIFIED';
  if (durationMs > ANALYSIS_LIMITS.maxKeyframeDurationMs) return 'SKIPPED_FILE_TOO_LONG';
  return transcription;
}

/** Why a whole file is not analysed (too large, unreadable), or null when it is. */
export function fileSkip(file: AssetRow): AnalysisStatus | null {
  const pixels = (file.metadata?.width ?? 0) * (file.metadata?.height ?? 0);
  if (file.size > ANALYSIS_LIMITS.maxBytes || pixels > ANALYSIS_LIMITS.maxPixels)
    return 'SKIPPED_FILE_TOO_LARGE';
  const visual = file.type === 'IMAGE' || file.type === 'ANIMATION' || file.type === 'VIDEO';
  if (visual && !file.variants?.preview && !file.variants?.poster) return 'SKIPPED_FILE_CORRUPTED';
  return null;
}

/** The statuses a file's analysis starts with: PENDING where it will run, else why not. */
export function initialStatuses(file: AssetRow, abilities: AnalysisAbilities): AnalysisValues {
  const values: AnalysisValues = {};
  const skip = fileSkip(file);
  for (const feature of featuresOf(file.type)) {
    let status: AnalysisStatus = skip ?? 'PENDING';
    if (!skip && feature === 'description' && !abilities.vision) status = 'SKIPPED_UNQUALIFIED';
    if (
      !skip &&
      feature === 'personas' &&
      !abilities.vision &&
      !(abilities.localPersonas ?? peopleDetectionAvailable())
    )
      status = 'SKIPPED_UNQUALIFIED';
    if (!skip && feature === 'transcription') status = transcriptionStatus(file, abilities);
    if (!skip && feature === 'breakdown')
      status = breakdownStatus(file, transcriptionStatus(file, abilities), abilities);
    values[statusColumn(feature)] = status;
  }
  return values;
}

/** A feature's failure reason dropped once it succeeds. */
export function withoutFailure(
  failures: AnalysisRow['failures'],
  feature: AnalysisFeature,
): AnalysisRow['failures'] {
  if (!failures) return failures;
  const { [feature]: _, ...rest } = failures;
  return rest;
}
