import type { AiCapabilities } from '@hookline/contract';
import type { Config } from '../../config.js';
import { aiProviderFromConfig } from '../../platform/ai/from-config.js';
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
  private readonly described: AiCapabilities;

  constructor(
    private readonly access: AccessService,
    config: Config['ai'],
  ) {
    this.provider = aiProviderFromConfig(config);
    this.described = describeCapabilities(this.provider.capabilities(), config);
  }

  /** GET …/ai/capabilities: for those who see the brand's integrations. */
  async capabilities(s: LibraryScope): Promise<AiCapabilities> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    return this.described;
  }
}
