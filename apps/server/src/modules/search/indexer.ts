import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { markBrand, rebuildDirty } from './documents.js';

export const SEARCH_INDEX_QUEUE = 'SEARCH_INDEX';
export const SEARCH_REINDEX_QUEUE = 'SEARCH_REINDEX';
/** What 0024's triggers notify at commit when they mark items dirty. */
export const SEARCH_CHANNEL = 'hookline_search';

const BATCH = 200;
/** While the listening connection is down, dirty items are looked for this often instead. */
const FALLBACK_MS = 30_000;

/**
 * Keeps the search index fresh (issue 16: a change is searchable within 2 s on an idle
 * server). Writers' triggers mark items dirty and notify at commit; a worker process hears
 * it and queues SEARCH_INDEX ('stately': one waiting, one running, however many notices),
 * which drains the dirty items in batches. SEARCH_REINDEX marks a whole brand dirty.
 */
export class SearchIndexer {
  private stopListening: (() => Promise<void>) | undefined;
  private fallback: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    /** After documents were rebuilt: queues their embeddings (0025's trigger listed them) when semantic search is on. */
    private readonly afterRebuild: () => Promise<void> = async () => {},
  ) {}

  register(runWorkers: boolean): void {
    this.queue.register(SEARCH_INDEX_QUEUE, () => this.drain(), {
      policy: 'stately',
      retryLimit: 5,
      retryDelaySeconds: 5,
      expireInSeconds: 15 * 60,
      concurrency: 1,
    });
    this.queue.register<{ brandId: string }>(
      SEARCH_REINDEX_QUEUE,
      async ({ brandId }) => {
        const marked = await markBrand(this.database.db, brandId);
        this.log.info({ brandId, marked }, 'search: brand marked for reindex');
        await this.kick();
      },
      { retryLimit: 2 },
    );
    if (runWorkers) this.listen();
  }

  /** Queues a whole brand's rebuild. */
  reindexBrand(brandId: string): Promise<string> {
    return this.queue.send(SEARCH_REINDEX_QUEUE, { brandId });
  }

  /** Rebuilds every dirty document, a batch per transaction; answers how many. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await rebuildDirty(this.database.db, BATCH);
      total += done;
      if (done < BATCH) break;
    }
    if (total > 0)
      await this.afterRebuild().catch((error: unknown) =>
        this.log.warn({ err: error }, 'search: embeddings not queued'),
      );
    return total;
  }

  /** Queues SEARCH_INDEX unless one is waiting already. */
  async kick(): Promise<void> {
    await this.queue.sendUnlessQueued(SEARCH_INDEX_QUEUE, {}, { singletonKey: 'dirty' });
  }

  private listen(): void {
    const kick = () => {
      this.kick().catch((error: unknown) => this.log.debug({ err: error }, 'search: index not queued'));
    };
    this.database
      .listen(SEARCH_CHANNEL, {
        onNotify: kick,
        onLive: (live) => {
          if (live) kick();
        },
      })
      .then((stop) => {
        this.stopListening = stop;
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'search: not listening for changes'));
    // Notices can be missed (a dropped connection, the queue not started yet): look anyway,
    // every second until the queue takes the first job (items marked before start), then
    // every 30 s.
    const untilStarted = setInterval(() => {
      this.kick().then(
        () => clearInterval(untilStarted),
        () => {},
      );
    }, 1000);
    untilStarted.unref();
    this.fallback = setInterval(kick, FALLBACK_MS);
    this.fallback.unref();
  }

  async stop(): Promise<void> {
    if (this.fallback) clearInterval(this.fallback);
    await this.stopListening?.();
  }
}
