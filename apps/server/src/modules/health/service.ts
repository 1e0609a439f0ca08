import type { HealthResponse } from '@hookline/contract';
import type { Role } from '../../config.js';
import type { DatabaseHandle } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly queue: JobQueue,
    private readonly role: Role,
    private readonly version: string,
  ) {}

  async check(): Promise<HealthResponse> {
    const databaseUp = await this.database.ping().then(
      () => true,
      () => false,
    );
    const queueStatus = databaseUp ? await this.queue.status() : 'down';
    return {
      status: databaseUp && queueStatus === 'up' ? 'ok' : 'degraded',
      version: this.version,
      role: this.role,
      database: { status: databaseUp ? 'up' : 'down', driver: this.database.driver },
      queue: { status: queueStatus },
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
    };
  }
}
