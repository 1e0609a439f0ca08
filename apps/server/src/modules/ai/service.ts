import type { AiCapabilities, SemanticSearchStatus } from '@hookline/contract';
import type { Config } from '../../config.js';
import { aiProviderFromConfig } from '../../platform/ai/from-config.js';
import { ocrAvailable } from '../../platform/ai/local/ocr.js';
import { peopleDetectionAvailable } from '../../platform/ai/local/people.js';
import type { AiProvider } from '../../platform/ai/types.js';
import type { AccessService } from '../access/service.js';
import type { LibraryScope } from '../library/scope.js';
import { describeCapabilities } from './capabilities.js';

/**
 * The AI provider of this process (one instance: its AI_CONCURRENCY limit holds per
 * instance) and what it can do, as the product shows it (issue 15).
 */
export class AiService {
  readonly provider: AiProvider;
  private semanticSearch: (() => Promise<SemanticSearchStatus>) | undefined;
  private vectorExtension: (() => Promise<boolean>) | undefined;

  constructor(
    private readonly access: AccessService,
    private readonly config: Config['ai'],
  ) {
    this.provider = aiProviderFromConfig(config);
  }

  /** Whether a rough transcript is made on this server (AI_LOCAL_TRANSCRIBE) when no transcription server is set. */
  get localTranscription(): boolean {
    return this.config.localTranscribe === 'pocketsphinx';
  }

  /** The search module tells how semantic search stands (on, off and why, re-embedding). */
  reportSemanticSearch(status: () => Promise<SemanticSearchStatus>): void {
    this.semanticSearch = status;
  }

  /** The search module tells whether the database has pgvector (image embeddings need it). */
  reportVectorExtension(available: () => Promise<boolean>): void {
    this.vectorExtension = available;
  }

  /** GET …/ai/capabilities: for those who see the brand's integrations. */
  async capabilities(s: LibraryScope): Promise<AiCapabilities> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    // Asked each time: local personas turn off when Human fails to load in this process.
    return describeCapabilities(
      this.provider.capabilities(),
      this.config,
      {
        personas: peopleDetectionAvailable(),
        transcription: this.localTranscription,
        ocr: await ocrAvailable(),
        vectorExtension: await this.vectorExtension?.(),
      },
      await this.semanticSearch?.(),
    );
  }
}
