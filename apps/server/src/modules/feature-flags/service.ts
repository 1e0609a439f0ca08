import {
  type FeatureFlagName,
  type FeatureFlags,
  featureFlagDefaults,
  featureFlagNames,
  mergeFeatureFlags,
  testFeatureFlagOverrides,
} from '@hookline/contract';
import type { FeatureFlagsRepository } from './repository.js';

/**
 * Remote feature flags (000 §6): the contract's defaults, then the environment's
 * (semantic search, result score and video intelligence types are off in test), then
 * the values stored in the table (editable by super users in the back-office).
 */
export class FeatureFlagsService {
  private readonly base: FeatureFlags;

  constructor(
    private readonly repository: FeatureFlagsRepository,
    appEnv: 'production' | 'development' | 'test',
  ) {
    this.base = { ...featureFlagDefaults, ...(appEnv === 'test' ? testFeatureFlagOverrides : {}) };
  }

  async current(): Promise<FeatureFlags> {
    const rows = await this.repository.list();
    return mergeFeatureFlags(Object.fromEntries(rows.map((r) => [r.name, r.enabled])), this.base);
  }

  async isOn(name: FeatureFlagName): Promise<boolean> {
    return (await this.current())[name];
  }

  async set(name: FeatureFlagName, enabled: boolean): Promise<void> {
    if (!featureFlagNames.includes(name)) throw new Error(`Unknown feature flag ${name}`);
    await this.repository.set(name, enabled);
  }
}
