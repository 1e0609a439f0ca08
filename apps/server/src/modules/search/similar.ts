import {
  type EndpointQuery,
  searchEndpoints as e,
  type SimilarResult,
  type searchEndpoints,
} from '@hookline/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { notFound } from '../../platform/http/errors.js';
import type { AccessService } from '../access/service.js';
import type { LibraryItems } from '../library/items-service.js';
import { callScope, type LibraryScope } from '../library/scope.js';
import type { ImageEmbeddings } from './image-embeddings.js';
import { rowsOf } from './sql.js';

/** Perceptual-hash neighbours: at most this many of the 64 dHash bits differ (issue 16). */
export const LAYOUT_MAX_BITS = 20;

/**
 * More like this (issue 16 "Beyond the seeds"): the brand's items that look like one item.
 * With image embeddings on (AI_IMAGE_EMBED_MODEL and pgvector) and the item embedded, the
 * nearest pictures by cosine (image-embeddings.ts: an image's preview, a video's keyframes, each
 * item's best pair deciding); method EMBEDDING ('Similar content'), score 1 − distance.
 * Otherwise it compares the duplicates module's dHash fingerprints: an image's hash and a
 * video's keyframe hashes, the closest pair of pictures deciding, within 20 of 64 bits; method
 * LAYOUT ('Similar layout'), score 1 − distance / 64. Only the item's own brand and library are
 * looked in.
 */
export class SimilarItems {
  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    readonly images: ImageEmbeddings,
  ) {}

  async similar(
    s: LibraryScope,
    id: string,
    query: EndpointQuery<typeof searchEndpoints.similar>,
  ): Promise<{ items: SimilarResult[]; total: number }> {
    await this.access.require(s.actor, 'asset.similar', [id]);
    const [item] = rowsOf<{ brand_id: string; library: string }>(
      await this.db.execute(sql`select brand_id, library from assets where id = ${id}`),
    );
    if (!item || item.brand_id !== s.brandId) throw notFound();
    const byContent = await this.images.similar(id, s.brandId, item.library, query.limit, query.offset);
    if (byContent) {
      const assets = await this.items.present(
        s,
        byContent.rows.map((r) => r.id),
      );
      const distance = new Map(byContent.rows.map((r) => [r.id, r.distance]));
      return {
        total: byContent.total,
        items: assets.map((asset) => ({
          ...asset,
          score: Math.round(Math.min(1, Math.max(0, 1 - (distance.get(asset.id) ?? 1))) * 1000) / 1000,
          method: 'EMBEDDING' as const,
        })),
      };
    }
    const rows = rowsOf<{ id: string; distance: number; total: number }>(
      await this.db.execute(sql`
        with me as (select brand_id, library, hashes from asset_fingerprints where asset_id = ${id}),
        pairs as (
          select f.asset_id as id, a.created_at,
                 min(bit_count(('x' || them.h)::bit(64) # ('x' || mine.h)::bit(64)))::int as distance
          from me
          join asset_fingerprints f on f.brand_id = me.brand_id and f.library = me.library and f.asset_id <> ${id}
          join assets a on a.id = f.asset_id
          cross join lateral unnest(me.hashes) as mine(h)
          cross join lateral unnest(f.hashes) as them(h)
          where a.brand_id = ${s.brandId} and not a.is_hidden
            and a.uploading_state is distinct from 'UPLOADING' and a.uploading_state is distinct from 'FAILED_TO_UPLOAD'
            and length(mine.h) = 16 and length(them.h) = 16
          group by f.asset_id, a.created_at
        )
        select id, distance, count(*) over ()::int as total from pairs
        where distance <= ${LAYOUT_MAX_BITS}
        order by distance, created_at desc, id
        limit ${query.limit} offset ${query.offset}`),
    );
    const assets = await this.items.present(
      s,
      rows.map((r) => r.id),
    );
    const distance = new Map(rows.map((r) => [r.id, Number(r.distance)]));
    return {
      total: rows[0]?.total ?? 0,
      items: assets.map((asset) => ({
        ...asset,
        score: Math.round((1 - (distance.get(asset.id) ?? 64) / 64) * 1000) / 1000,
        method: 'LAYOUT' as const,
      })),
    };
  }
}

export function similarRoutes(similar: SimilarItems) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.similar, ({ actor, params, query }) =>
      similar.similar(callScope(actor, params), params.id, query),
    );
  };
}
