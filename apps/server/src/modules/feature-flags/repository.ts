import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { featureFlags } from '../../platform/db/schema/index.js';

export class FeatureFlagsRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<{ name: string; enabled: boolean }[]> {
    return this.db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  }

  async set(name: string, enabled: boolean): Promise<void> {
    await this.db
      .insert(featureFlags)
      .values({ name, enabled })
      .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedAt: sql`now()` } });
  }
}
