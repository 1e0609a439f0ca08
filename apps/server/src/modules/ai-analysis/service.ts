import {
  AI_TAGS_LIMIT_MESSAGE,
  type AnalysisFeature,
  type AnalysisStatus,
  type AssetAnalysis,
  type AssetBreakdown,
  type AssetText,
  type AssetTranscript,
  analysisFeatures,
  analysisMessages,
  type BreakdownItem,
  type ClipSubtype,
  CREATIVE_CLIP_LIMITS,
  type CreativeClip,
  type CreativeClipType,
  creativeClipTypes,
  leastFinished,
  type Persona,
  type RegenerateAiTagsSelection,
  ROOT_FOLDER_ID,
  UNTIMED_TRANSCRIPT_MESSAGE,
  type VideoIntelligenceType,
} from '@hookline/contract';
import type { AiProvider } from '../../platform/ai/types.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import { ITEM_NOT_FOUND, type ItemExtension, type LibraryItems } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { PlansService } from '../plans/service.js';
import type { AutoSearch } from './auto-search.js';
import { AI_CLIPS_QUEUE, type AiClipsPayload, type CreativeClips } from './clips.js';
import { AI_MEDIA_QUEUE, type AiMediaPayload, type MediaAnalysis } from './media-analysis.js';
import { featuresOf, initialStatuses, MEDIA_FEATURES, statusColumn } from './plan.js';
import type { AnalysisRepository, AnalysisRow, ClipFilter, ClipRow } from './repository.js';
import {
  AI_TRANSCRIBE_QUEUE,
  type AiTranscribePayload,
  type Transcription,
  transcriptLanguage,
} from './transcription.js';

/**
 * The AI analysis of library files (issue 15): queued when processing finishes, its statuses
 * on item answers, the text and speech found in a file, and retries of what failed.
 */
export class AiAnalysisService {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly access: AccessService,
    private readonly queue: JobQueue,
    private readonly provider: AiProvider,
    private readonly media: MediaAnalysis,
    private readonly transcription: Transcription,
    private readonly clips: CreativeClips,
    private readonly autoSearch: AutoSearch,
    private readonly plans: PlansService,
    private readonly library: LibraryItems,
  ) {}

  registerQueues(): void {
    this.autoSearch.registerQueues();
    // Each job ends by looking for the brand's auto-search tags in what it found.
    const thenSearch = (assetId: string) => this.autoSearch.searchFile(assetId);
    this.queue.register<AiMediaPayload>(
      AI_MEDIA_QUEUE,
      async (payload) => {
        await this.media.run(payload);
        await thenSearch(payload.assetId);
      },
      {
        retryLimit: 2,
        retryDelaySeconds: 30,
        retryBackoff: true,
        // A minute of video is 30 frames read and one vision call; a lost worker's job comes back after this.
        expireInSeconds: 30 * 60,
        onAbandoned: (data) => this.abandoned((data as AiMediaPayload).assetId, MEDIA_FEATURES),
      },
    );
    this.queue.register<AiTranscribePayload>(
      AI_TRANSCRIBE_QUEUE,
      async (payload, delivery) => {
        await this.transcription.run(payload, delivery.retryCount >= delivery.retryLimit);
        await this.afterTranscription(payload.assetId);
        await thenSearch(payload.assetId);
      },
      {
        retryLimit: 2,
        retryDelaySeconds: 30,
        retryBackoff: true,
        // An hour of speech is one request of up to 20 MB; a lost worker's job comes back after this.
        expireInSeconds: 60 * 60,
        onAbandoned: (data) =>
          this.abandoned((data as AiTranscribePayload).assetId, ['transcription', 'breakdown']),
      },
    );
    this.queue.register<AiClipsPayload>(
      AI_CLIPS_QUEUE,
      (payload, delivery) => this.clips.run(payload, delivery.retryCount >= delivery.retryLimit),
      {
        retryLimit: 2,
        retryDelaySeconds: 30,
        retryBackoff: true,
        // One chat answer over at most 30 minutes of speech.
        expireInSeconds: 15 * 60,
        onAbandoned: (data) => this.abandoned((data as AiClipsPayload).assetId, ['breakdown']),
      },
    );
  }

  /**
   * A finished transcription moves the clips on: a transcript queues AI_CLIPS; no speech, or
   * a failure, ends them the same way (a retry of both starts with the transcription).
   */
  private async afterTranscription(assetId: string): Promise<void> {
    await this.repository.transaction(async () => {
      const row = await this.repository.find(assetId);
      if (row?.breakdownStatus !== 'PENDING') return;
      const done = row.transcriptionStatus;
      if (done === 'COMPLETED') await this.queueJobs(assetId, ['breakdown']);
      else if (done === 'COMPLETED_NO_CONTENT_DETECTED' || done === 'FAILED')
        await this.repository.update(assetId, { breakdownStatus: done });
    });
  }

  /** A job lost with its worker and no retries left: its features FAILED, never "…ing" for ever. */
  private async abandoned(assetId: string, features: readonly AnalysisFeature[]): Promise<void> {
    const row = await this.repository.find(assetId);
    if (!row) return;
    const stuck = features.filter(
      (f) => row[statusColumn(f)] === 'PENDING' || row[statusColumn(f)] === 'PROCESSING',
    );
    if (stuck.length > 0)
      await this.repository.update(
        assetId,
        Object.fromEntries(stuck.map((f) => [statusColumn(f), 'FAILED'])),
      );
  }

  /** Queues the jobs of the features that wait (PENDING), inside the caller's transaction. */
  private async queueJobs(assetId: string, pending: readonly AnalysisFeature[]): Promise<void> {
    const executor = this.repository.queueExecutor();
    if (pending.some((f) => MEDIA_FEATURES.includes(f)))
      await this.queue.send(AI_MEDIA_QUEUE, { assetId } satisfies AiMediaPayload, {
        executor,
        singletonKey: assetId,
      });
    if (pending.includes('transcription'))
      await this.queue.send(AI_TRANSCRIBE_QUEUE, { assetId } satisfies AiTranscribePayload, {
        executor,
        singletonKey: assetId,
      });
    // Clips wait for the transcript: queued here only when it is already there (a retry).
    else if (pending.includes('breakdown'))
      await this.queue.send(AI_CLIPS_QUEUE, { assetId } satisfies AiClipsPayload, {
        executor,
        singletonKey: assetId,
      });
  }

  /**
   * Queues a processed file's analysis (processing's onProcessed: inside the transaction that
   * marks it processed). Files of types with nothing to analyse get no row.
   */
  async queueAnalysis(file: AssetRow): Promise<void> {
    const features = featuresOf(file.type);
    if (features.length === 0) return;
    const caps = this.provider.capabilities();
    const statuses = initialStatuses(file, {
      vision: caps.vision,
      transcription: this.transcription.available(),
      chat: caps.chat,
    });
    // A description the analysis wrote before stays marked while the file keeps it.
    const before = (await this.repository.find(file.id))?.notes?.writtenDescription;
    let notes: AnalysisRow['notes'] = before ? { writtenDescription: before } : null;
    // Past the plan's AI tag allocation new files are not auto-tagged, and say why.
    if (statuses.tagsStatus === 'PENDING') {
      const limit = (await this.plans.allocationOf(file.accountId)).aiTagsCount;
      if (limit !== null && (await this.repository.taggedCount(file.accountId)) >= limit) {
        statuses.tagsStatus = 'SKIPPED_UNQUALIFIED';
        notes = { ...notes, tags: 'AI_TAGS_LIMIT' };
      }
    }
    await this.repository.start(file.id, { ...statuses, notes });
    await this.queueJobs(
      file.id,
      features.filter((f) => statuses[statusColumn(f)] === 'PENDING'),
    );
  }

  /** GET …/assets/{id}/text */
  async text(s: LibraryScope, assetId: string): Promise<AssetText> {
    await this.access.require(s.actor, 'asset.read', [assetId]);
    const row = await this.repository.find(assetId);
    const status = row?.ocrStatus ?? null;
    return {
      status,
      message: status ? analysisMessages.ocr[status] : '',
      entries: status === 'COMPLETED' ? (row?.textEntries ?? []) : [],
    };
  }

  /** GET …/assets/{id}/transcript */
  async transcript(s: LibraryScope, assetId: string): Promise<AssetTranscript> {
    await this.access.require(s.actor, 'asset.read', [assetId]);
    const row = await this.repository.find(assetId);
    const status = row?.transcriptionStatus ?? null;
    const transcript = status === 'COMPLETED' ? row?.transcript : null;
    return {
      status,
      message: status ? analysisMessages.transcription[status] : '',
      source: transcript ? transcript.source : null,
      language: transcriptLanguage(transcript?.language),
      entries: (transcript?.entries ?? []).map((entry) => ({
        timestamp: entry.startMs,
        endTimestamp: entry.endMs,
        content: entry.text,
      })),
    };
  }

  /** GET …/assets/{id}/analysis */
  async status(s: LibraryScope, assetId: string): Promise<AssetAnalysis> {
    await this.access.require(s.actor, 'asset.read', [assetId]);
    return presentAnalysis(await this.repository.find(assetId));
  }

  /** POST …/assets/{id}/analysis/retry: FAILED features run again; nothing else changes. */
  async retry(s: LibraryScope, assetId: string): Promise<AssetAnalysis> {
    await this.access.require(s.actor, 'asset.update', [assetId]);
    await this.repository.transaction(async () => {
      const row = await this.repository.find(assetId);
      if (!row) return;
      const failed = analysisFeatures.filter((f) => row[statusColumn(f)] === 'FAILED');
      if (failed.length === 0) return;
      await this.repository.update(
        assetId,
        Object.fromEntries(failed.map((f) => [statusColumn(f), 'PENDING'])),
      );
      await this.queueJobs(assetId, failed);
    });
    return presentAnalysis(await this.repository.find(assetId));
  }

  /**
   * POST …/tags/regenerate-ai: the picked analysed files' AI tags are made again (files the
   * analysis does not tag, and folders, are skipped): entityIds, or with shouldApplyAll every
   * item of parentId, as bulk tag and bulk delete take a selection (409 when the folder has
   * more items than the user confirmed). 402 when the month's regenerations, or files tagged
   * for the first time, would pass the plan; nothing is counted or queued then.
   */
  async regenerateTags(s: LibraryScope, body: RegenerateAiTagsSelection): Promise<{ count: number }> {
    const ids = body.shouldApplyAll ? await this.selectedChildren(s, body) : await this.pickedIds(s, body);
    if (ids.length === 0) return { count: 0 };
    await this.access.require(s.actor, 'asset.update', ids);
    const rows = (await this.repository.findInBrand(s.brandId, ids)).filter(
      (row) => row.tagsStatus !== null && !row.tagsStatus.startsWith('SKIPPED_FILE'),
    );
    if (rows.length === 0) return { count: 0 };
    const accountId = rows[0]!.accountId;
    await this.repository.transaction(async () => {
      await this.plans.assertAiTagsAllocation(accountId, {
        regenerations: rows.length,
        newlyTagged: rows.filter((row) => !TAGGED.includes(row.tagsStatus!)).length,
      });
      await this.repository.recordGenerations(
        accountId,
        rows.map((row) => row.assetId),
      );
      for (const row of rows) {
        const { tags: _, ...notes } = row.notes ?? {};
        await this.repository.update(row.assetId, { tagsStatus: 'PENDING', notes });
        await this.queueJobs(row.assetId, ['tags']);
      }
    });
    return { count: rows.length };
  }

  /** The picked items: each must be an item of the brand, in the library it is named with (else 404). */
  private async pickedIds(s: LibraryScope, body: RegenerateAiTagsSelection): Promise<string[]> {
    const ids = [...new Set(body.entityIds.map((entity) => entity.id))];
    const found = new Set<string>();
    for (const library of new Set(body.entityIds.map((entity) => entity.library))) {
      const named = body.entityIds.filter((entity) => entity.library === library).map((entity) => entity.id);
      for (const row of await this.library.findMany({ ...s, library }, named)) found.add(row.id);
    }
    if (found.size !== ids.length) throw notFound(ITEM_NOT_FOUND);
    return ids;
  }

  /** A select-all: every item of the folder (the folder decides who may read it, as bulk tag does). */
  private async selectedChildren(s: LibraryScope, body: RegenerateAiTagsSelection): Promise<string[]> {
    if (body.parentId && body.parentId !== ROOT_FOLDER_ID)
      await this.access.require(s.actor, 'folder.read', [body.parentId]);
    else await this.access.require(s.actor, 'library.read', [s.brandId]);
    const ids = await this.library.childIds({ ...s, library: body.library }, body.parentId);
    if (body.totalCount !== undefined && ids.length > body.totalCount) throw conflict(FOLDER_CHANGED);
    return ids;
  }

  /** GET …/assets/scence-ai-types */
  async clipTypes(s: LibraryScope): Promise<CreativeClipType[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    return [...creativeClipTypes];
  }

  /** GET …/assets/{id}/transcription-breakdown */
  async breakdown(s: LibraryScope, assetId: string): Promise<AssetBreakdown> {
    await this.access.require(s.actor, 'asset.intelligence', [assetId]);
    const row = await this.repository.find(assetId);
    const status = row?.breakdownStatus ?? null;
    if (status !== 'COMPLETED') return { status, message: messageOf(row, 'breakdown'), items: [] };
    const file = await this.library.find(s, assetId);
    const video = file ? this.library.mediaUrls(file, s.actor).transcodingUrls?.short : undefined;
    return {
      status,
      message: '',
      items: (await this.repository.clipsOf(assetId)).map((clip) => presentClip(clip, video)),
    };
  }

  /** GET …/video-intelligence-types: every type, with the brand's most used subtypes of it. */
  async intelligenceTypes(s: LibraryScope): Promise<VideoIntelligenceType[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { rows } = await this.repository.subtypes(s.brandId, [], undefined, { limit: 1000, offset: 0 });
    return creativeClipTypes.map((type) => ({
      type,
      subtypes: rows
        .filter((row) => row.type === type)
        .slice(0, CREATIVE_CLIP_LIMITS.subtypesFirstPage)
        .map((row) => row.subtype),
    }));
  }

  /** GET …/video-intelligence-types/subtypes: scene subtype search. */
  async subtypes(
    s: LibraryScope,
    query: { types: CreativeClipType[]; q?: string | undefined; limit: number; offset: number },
  ): Promise<{ items: ClipSubtype[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { rows, total } = await this.repository.subtypes(
      s.brandId,
      query.types,
      query.q || undefined,
      query,
    );
    return { items: rows, total };
  }

  /** GET …/creative-clips: the brand's clips, newest files first, each with its file. */
  async creativeClips(
    s: LibraryScope,
    query: ClipFilter & { limit: number; offset: number },
  ): Promise<{ items: CreativeClip[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { rows, total } = await this.repository.brandClipsPage(s.brandId, query, query);
    return {
      total,
      items: rows.map(({ clip, asset }) => {
        const urls = this.library.mediaUrls(asset, s.actor);
        return {
          ...presentClip(clip, urls.transcodingUrls?.short),
          asset: {
            id: asset.id,
            name: asset.name,
            library: asset.library,
            parentId: asset.parentId,
            previewURL: urls.previewURL,
          },
        };
      }),
    };
  }

  /** What this module adds to item answers: the analysis statuses and personas. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemColumn(assetId),
        read: (value) => {
          const [tags, description, ocr, personasStatus, breakdown, personas, aiDescription] = (value ??
            []) as [
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            Persona[] | null,
            boolean | null,
          ];
          return {
            mediaAnalysisStatus: leastFinished([tags ?? null, description ?? null, ocr ?? null]),
            personasStatus: personasStatus ?? null,
            transcriptionBreakdownStatus: breakdown ?? null,
            personas: personasStatus === 'COMPLETED' ? (personas ?? []) : null,
            isAiDescription: aiDescription === true,
          };
        },
      },
    };
  }
}

/** A select-all's folder gained items since the user confirmed how many (bulk delete says the same). */
const FOLDER_CHANGED = 'This folder has changed since you selected its items. Refresh and try again.';

/** Tag statuses of a file the analysis has tagged (it counts toward aiTagsCount). */
const TAGGED: readonly AnalysisStatus[] = ['COMPLETED', 'COMPLETED_NO_CONTENT_DETECTED'];

/** Why a feature was skipped, when its status alone would say "off on this server". */
const NOTE_MESSAGES = {
  AI_TAGS_LIMIT: AI_TAGS_LIMIT_MESSAGE,
  UNTIMED_TRANSCRIPT: UNTIMED_TRANSCRIPT_MESSAGE,
} as const;

function messageOf(row: AnalysisRow | undefined, feature: AnalysisFeature): string {
  const status = row?.[statusColumn(feature)] ?? null;
  if (!status) return '';
  const note = row?.notes?.[feature];
  return note && status === 'SKIPPED_UNQUALIFIED' ? NOTE_MESSAGES[note] : analysisMessages[feature][status];
}

function presentAnalysis(row: AnalysisRow | undefined): AssetAnalysis {
  return {
    features: analysisFeatures.map((feature: AnalysisFeature) => ({
      feature,
      status: row?.[statusColumn(feature)] ?? null,
      message: messageOf(row, feature),
    })),
  };
}

/** A clip as answered; its preview is the file's short video from the clip's start to its end. */
function presentClip(clip: ClipRow, video: string | undefined): BreakdownItem {
  return {
    id: clip.id,
    type: clip.type,
    subtype: clip.subtype,
    quote: clip.quote,
    startTimestampMs: clip.startMs,
    endTimestampMs: clip.endMs,
    index: clip.position,
    previewURL: video ? `${video}#t=${clip.startMs / 1000},${clip.endMs / 1000}` : null,
    hook: clip.hook,
  };
}
