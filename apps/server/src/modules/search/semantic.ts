import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../platform/ai/types.js';
import type { Database } from '../../platform/db/client.js';
import type { SemanticIndex } from './embeddings.js';
import type { ResolvedSearch, SearchHit, SearchRepository } from './repository.js';
import { hybridSearch } from './semantic-repository.js';

/** A keyword's embedding is kept this long (issue 16: cached 10 min), for this many keywords at most. */
export const QUERY_CACHE_MS = 10 * 60_000;
const QUERY_CACHE_SIZE = 1000;
/** A search does not wait longer than this for the keyword's embedding: it answers lexically instead. */
const QUERY_EMBED_TIMEOUT_MS = 10_000;

/**
 * GET /search's semantic half: when semantic search is on and no re-embed runs, the
 * keyword's embedding (cached) and the hybrid ranking; null otherwise, and the search stays
 * lexical. An embeddings server that fails or is slow never fails a search.
 */
export class SemanticSearch {
  private readonly cache = new Map<string, { vector: number[]; at: number }>();

  constructor(
    private readonly db: Database,
    readonly index: SemanticIndex,
    private readonly provider: AiProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async search(
    repository: SearchRepository,
    r: ResolvedSearch,
  ): Promise<{ hits: SearchHit[]; total: number } | null> {
    const keyword = r.params.keyword?.trim();
    if (!keyword) return null;
    const state = await this.index.usable();
    if (!state) return null;
    const vector = await this.embedding(`${state.model}\u0000${state.dims}\u0000${keyword}`, keyword);
    if (!vector || vector.length !== state.dims) return null;
    return hybridSearch(this.db, repository, r, state, vector);
  }

  private async embedding(key: string, keyword: string): Promise<number[] | null> {
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < QUERY_CACHE_MS) return cached.vector;
    try {
      const answer = await this.provider.embed([keyword], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
      const vector = answer.vectors[0];
      if (!vector) return null;
      if (this.cache.size >= QUERY_CACHE_SIZE) {
        for (const [k, v] of this.cache) if (now - v.at >= QUERY_CACHE_MS) this.cache.delete(k);
        if (this.cache.size >= QUERY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      }
      this.cache.set(key, { vector, at: now });
      return vector;
    } catch (error) {
      this.log.warn({ err: error }, 'semantic search: keyword not embedded, searching lexically');
      return null;
    }
  }
}
