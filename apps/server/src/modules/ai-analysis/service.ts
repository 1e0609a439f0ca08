import {
  AI_TAGS_LIMIT_MESSAGE,
  type AnalysisFeature,
  type AnalysisStatus,
  type AssetAnalysis,
  type AssetText,
  type AssetTranscript,
  analysisFeatures,
  analysisMessages,
  type CreativeClipType,
  creativeClipTypes,
  leastFinished,
  type Persona,
  type RegenerateAiTagsBody,
} from '@hookline/contract';
import type { AiProvider } from '../../platform/ai/types.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import type { ItemExtension } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { PlansService } from '../plans/service.js';
import type { AutoSearch } from './auto-search.js';
import { AI_MEDIA_QUEUE, type AiMediaPayload, type MediaAnalysis } from './media-analysis.js';
import { featuresOf, initialStatuses, MEDIA_FEATURES, statusColumn } from './plan.js';
import type { AnalysisRepository, AnalysisRow } from './repository.js';
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
    private readonly autoSearch: AutoSearch,
    private readonly plans: PlansService,
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
        await thenSearch(payload.assetId);
      },
      {
        retryLimit: 2,
        retryDelaySeconds: 30,
        retryBackoff: true,
        // An hour of speech is one request of up to 20 MB; a lost worker's job comes back after this.
        expireInSeconds: 60 * 60,
        onAbandoned: (data) => this.abandoned((data as AiTranscribePayload).assetId, ['transcription']),
      },
    );
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
  }

  /**
   * Queues a processed file's analysis (processing's onProcessed: inside the transaction that
   * marks it processed). Files of types with nothing to analyse get no row.
   */
  async queueAnalysis(file: AssetRow): Promise<void> {
    const features = featuresOf(file.type);
    if (features.length === 0) return;
    const caps = this.provider.capabilities();
    const statuses = initialStatuses(file, { vision: caps.vision, transcription: caps.transcription });
    let notes: AnalysisRow['notes'] = null;
    // Past the plan's AI tag allocation new files are not auto-tagged, and say why.
    if (statuses.tagsStatus === 'PENDING') {
      const limit = (await this.plans.allocationOf(file.accountId)).aiTagsCount;
      if (limit !== null && (await this.repository.taggedCount(file.accountId)) >= limit) {
        statuses.tagsStatus = 'SKIPPED_UNQUALIFIED';
        notes = { tags: 'AI_TAGS_LIMIT' };
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
   * analysis does not tag, and folders, are skipped). 402 when the month's regenerations, or
   * files tagged for the first time, would pass the plan; nothing is queued then.
   */
  async regenerateTags(s: LibraryScope, body: RegenerateAiTagsBody): Promise<{ count: number }> {
    const ids = [...new Set(body.entityIds.map((entity) => entity.id))];
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

  /** GET …/assets/scence-ai-types */
  async clipTypes(s: LibraryScope): Promise<CreativeClipType[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    return [...creativeClipTypes];
  }

  /** What this module adds to item answers: the analysis statuses and personas. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemColumn(assetId),
        read: (value) => {
          const [tags, description, ocr, personasStatus, breakdown, personas] = (value ?? []) as [
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            AnalysisStatus | null,
            Persona[] | null,
          ];
          return {
            mediaAnalysisStatus: leastFinished([tags ?? null, description ?? null, ocr ?? null]),
            personasStatus: personasStatus ?? null,
            transcriptionBreakdownStatus: breakdown ?? null,
            personas: personasStatus === 'COMPLETED' ? (personas ?? []) : null,
          };
        },
      },
    };
  }
}

/** Tag statuses of a file the analysis has tagged (it counts toward aiTagsCount). */
const TAGGED: readonly AnalysisStatus[] = ['COMPLETED', 'COMPLETED_NO_CONTENT_DETECTED'];

function presentAnalysis(row: AnalysisRow | undefined): AssetAnalysis {
  return {
    features: analysisFeatures.map((feature: AnalysisFeature) => {
      const status = row?.[statusColumn(feature)] ?? null;
      const limited = row?.notes?.[feature] === 'AI_TAGS_LIMIT' && status === 'SKIPPED_UNQUALIFIED';
      return {
        feature,
        status,
        message: limited ? AI_TAGS_LIMIT_MESSAGE : status ? analysisMessages[feature][status] : '',
      };
    }),
  };
}
