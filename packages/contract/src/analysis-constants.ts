/** AI analysis of library files (000 §3 "Asset", §4 "Asset processing"; issue 15) without schemas. */

/** Where each analysed feature of a file stands (000 §3); null on an answer where it does not apply. */
export const analysisStatuses = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_NO_CONTENT_DETECTED',
  'FAILED',
  'SKIPPED_UNQUALIFIED',
  'SKIPPED_FILE_TOO_SHORT',
  'SKIPPED_FILE_TOO_LONG',
  'SKIPPED_FILE_TOO_LARGE',
  'SKIPPED_FILE_CORRUPTED',
] as const;
export type AnalysisStatus = (typeof analysisStatuses)[number];

/** The features analysed per file; each has its own status. */
export const analysisFeatures = [
  'tags',
  'description',
  'personas',
  'ocr',
  'transcription',
  'breakdown',
] as const;
export type AnalysisFeature = (typeof analysisFeatures)[number];

/** What a file's tags say when the plan's AI tagging allocation was used up before it came (issue 15). */
export const AI_TAGS_LIMIT_MESSAGE = 'Your plan’s AI tagging limit is reached';

/** Statuses that are not final: the web refetches the item every 5 s while one shows (000 §6). */
export const ANALYSIS_RUNNING_STATUSES: readonly AnalysisStatus[] = ['PENDING', 'PROCESSING'];

/** What is analysed at all (issue 15): longer, larger or shorter files are skipped and say why. */
export const ANALYSIS_LIMITS = {
  /** Transcription needs at least this much audio. */
  minAudioMs: 1_000,
  /** Creative clips need at least this much speech. */
  minClipSpeechMs: 3_000,
  /** Longer files are not transcribed. */
  maxDurationMs: 60 * 60 * 1000,
  /** Longer videos get no clips or keyframe analysis. */
  maxKeyframeDurationMs: 30 * 60 * 1000,
  maxPixels: 50_000_000,
  maxBytes: 2 * 1024 ** 3,
} as const;

/** Languages a transcript is marked with (000 §3); others are null. */
export const transcriptLanguages = ['en', 'de', 'fr', 'es', 'pt', 'no', 'sv', 'pl'] as const;
export type TranscriptLanguage = (typeof transcriptLanguages)[number];

/** Creative-clip (scene intelligence) types (000 §3 "Breakdown item"): GET assets/scence-ai-types. */
export const creativeClipTypes = [
  'Pain Point',
  'Before',
  'After',
  'Solution',
  'Value Proposition',
  'Recommendation',
  'CTA',
  'Initial Objection',
  'Emotions',
] as const;
export type CreativeClipType = (typeof creativeClipTypes)[number];

/** Creative clips (issue 15, ai.md §4.2 e): what one file's breakdown keeps, and the list pages. */
export const CREATIVE_CLIP_LIMITS = {
  /** A clip is a hook only when it starts this early in the file. */
  hookWindowMs: 3_000,
  clipsPerFile: 30,
  subtype: 60,
  quote: 500,
  /** The /creative-clips grid's page (001 §9). */
  page: 40,
  /** Scene subtype search: the first page, then each further page (000 §7, 001 §9). */
  subtypesFirstPage: 5,
  subtypesPage: 20,
} as const;

/** What a breakdown skipped because its transcript has no times says (instead of "off on this server"). */
export const UNTIMED_TRANSCRIPT_MESSAGE = 'Creative clips need a transcript with times';

export const personaGenders = ['Female', 'Male'] as const;
export const personaAgeGroups = [
  '0-12',
  '13-17',
  '18-24',
  '25-34',
  '35-44',
  '45-54',
  '55-65',
  '65+',
] as const;

/** The AI analysis's own limits on what it writes. */
export const ANALYSIS_TEXT_LIMITS = {
  /** Tags one analysis applies to a file. */
  tagsPerFile: 25,
  /** A description (the asset's own field takes 1,000 characters). */
  description: 1000,
  personas: 10,
} as const;

/**
 * What a status says per feature (issue 15): empty for COMPLETED; the web shows description's
 * and tags' only while they are pending or processing.
 */
export const analysisMessages: Record<AnalysisFeature, Record<AnalysisStatus, string>> = {
  tags: {
    PENDING: 'Waiting to generate tags…',
    PROCESSING: 'Generating tags…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'No tags found',
    FAILED: 'Tags could not be generated',
    SKIPPED_UNQUALIFIED: 'Tagging is off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short to tag',
    SKIPPED_FILE_TOO_LONG: 'The file is too long to tag',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large to tag',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
  description: {
    PENDING: 'Waiting to write a description…',
    PROCESSING: 'Writing a description…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'Nothing to describe',
    FAILED: 'A description could not be written',
    SKIPPED_UNQUALIFIED: 'Descriptions are off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short to describe',
    SKIPPED_FILE_TOO_LONG: 'The file is too long to describe',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large to describe',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
  personas: {
    PENDING: 'Waiting to find personas…',
    PROCESSING: 'Finding personas…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'No people detected',
    FAILED: 'Personas could not be found',
    SKIPPED_UNQUALIFIED: 'Personas are off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short for personas',
    SKIPPED_FILE_TOO_LONG: 'The file is too long for personas',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large for personas',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
  ocr: {
    PENDING: 'Waiting to read text…',
    PROCESSING: 'Reading text…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'No text found',
    FAILED: 'Text could not be read',
    SKIPPED_UNQUALIFIED: 'Reading text is off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short to read',
    SKIPPED_FILE_TOO_LONG: 'The file is too long to read',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large to read',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
  transcription: {
    PENDING: 'Waiting to transcribe…',
    PROCESSING: 'Transcribing…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'No speech detected',
    FAILED: 'The transcription failed',
    SKIPPED_UNQUALIFIED: 'Transcription is off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short to transcribe',
    SKIPPED_FILE_TOO_LONG: 'The file is too long to transcribe',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large to transcribe',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
  breakdown: {
    PENDING: 'Waiting to find creative clips…',
    PROCESSING: 'Finding creative clips…',
    COMPLETED: '',
    COMPLETED_NO_CONTENT_DETECTED: 'No creative clips found',
    FAILED: 'Creative clips could not be found',
    SKIPPED_UNQUALIFIED: 'Creative clips are off on this server',
    SKIPPED_FILE_TOO_SHORT: 'The file is too short for creative clips',
    SKIPPED_FILE_TOO_LONG: 'The file is too long for creative clips',
    SKIPPED_FILE_TOO_LARGE: 'The file is too large for creative clips',
    SKIPPED_FILE_CORRUPTED: 'The file could not be read',
  },
};

/** Of several features' statuses, the least finished (mediaAnalysisStatus: tags, description, OCR). */
export function leastFinished(statuses: readonly (AnalysisStatus | null)[]): AnalysisStatus | null {
  const order: readonly AnalysisStatus[] = ['PROCESSING', 'PENDING', 'FAILED'];
  const present = statuses.filter((s): s is AnalysisStatus => s !== null);
  if (present.length === 0) return null;
  for (const status of order) if (present.includes(status)) return status;
  return present.find((s) => s === 'COMPLETED') ?? present[0]!;
}
