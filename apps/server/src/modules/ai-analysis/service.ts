import {
  type AnalysisFeature,
  type AnalysisStatus,
  type AssetAnalysis,
  type AssetText,
  analysisFeatures,
  analysisMessages,
  type CreativeClipType,
  creativeClipTypes,
  leastFinished,
  type Persona,
} from '@hookline/contract';
import type { AiProvider } from '../../platform/ai/types.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import type { ItemExtension } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import { AI_MEDIA_QUEUE, type AiMediaPayload, type MediaAnalysis } from './media-analysis.js';
import { featuresOf, initialStatuses, statusColumn } from './plan.js';
import type { AnalysisRepository, AnalysisRow } from './repository.js';

/**
 * The AI analysis of library files (issue 15): queued when processing finishes, its statuses
 * on item answers, the text read in a file, and retries of what failed.
 */
export class AiAnalysisService {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly access: AccessService,
    private readonly queue: JobQueue,
    private readonly provider: AiProvider,
    private readonly media: MediaAnalysis,
  ) {}

  registerQueues(): void {
    this.queue.register<AiMediaPayload>(AI_MEDIA_QUEUE, (payload) => this.media.run(payload), {
      retryLimit: 2,
      retryDelaySeconds: 30,
      retryBackoff: true,
      // A minute of video is 30 frames read and one vision call; a lost worker's job comes back after this.
      expireInSeconds: 30 * 60,
    });
  }

  /**
   * Queues a processed file's analysis (processing's onProcessed: inside the transaction that
   * marks it processed). Files of types with nothing to analyse get no row.
   */
  async queueAnalysis(file: AssetRow): Promise<void> {
    if (featuresOf(file.type).length === 0) return;
    await this.repository.start(
      file.id,
      initialStatuses(file, { vision: this.provider.capabilities().vision }),
    );
    await this.queue.send(AI_MEDIA_QUEUE, { assetId: file.id } satisfies AiMediaPayload, {
      executor: this.repository.queueExecutor(),
      singletonKey: file.id,
    });
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
      await this.queue.send(AI_MEDIA_QUEUE, { assetId } satisfies AiMediaPayload, {
        executor: this.repository.queueExecutor(),
        singletonKey: assetId,
      });
    });
    return presentAnalysis(await this.repository.find(assetId));
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

function presentAnalysis(row: AnalysisRow | undefined): AssetAnalysis {
  return {
    features: analysisFeatures.map((feature: AnalysisFeature) => {
      const status = row?.[statusColumn(feature)] ?? null;
      return { feature, status, message: status ? analysisMessages[feature][status] : '' };
    }),
  };
}
