import { randomBytes } from 'node:crypto';
import { META_GRAPH_VERSION } from '../../src/platform/meta/version.js';
import { fail } from './errors.js';
import { parseFbTime } from './ids-and-time.js';
import type { FakeAd, FakeContext, FakeGraphState, FakeVideo } from './types.js';
import { type FakeAnswer, type FakeRequest, ok, parseFields, project } from './wire.js';

/** Lists with cursor paging (absolute `paging.next` links), status filters, and the ad, image and video nodes. */

const cursor = (index: number) => Buffer.from(`c:${index}`).toString('base64url');
const uncursor = (value: string) => {
  const n = Number(Buffer.from(value, 'base64url').toString('utf8').slice(2));
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/** A page of `items`, projected on `fields` (or `defaults`); null = items are already projected. */
export function paged(
  ctx: FakeContext,
  request: FakeRequest,
  items: readonly object[],
  defaults: string | null,
): FakeAnswer {
  const { state, url } = ctx;
  const limit = Math.min(Math.max(Number.parseInt(request.params.limit ?? '', 10) || 25, 1), 5000);
  const after = request.params.after ? uncursor(request.params.after) : null;
  if (request.params.after && after === null) return fail(100, '(#100) The after cursor is not valid');
  const offset = after === null ? 0 : after + 1;
  const size = state.shortPages && offset === 0 && items.length > limit && limit > 1 ? limit - 1 : limit;
  const slice = items.slice(offset, offset + size);
  const tree = defaults === null ? null : parseFields(request.params.fields || defaults);
  const body: Record<string, unknown> = { data: tree ? slice.map((item) => project(item, tree)) : slice };
  if (slice.length) {
    const paging: Record<string, unknown> = {
      cursors: { before: cursor(offset), after: cursor(offset + slice.length - 1) },
    };
    const link = (key: 'after' | 'before', value: string) => {
      const next = new URL(`${url}/${request.version ?? META_GRAPH_VERSION}${request.path}`);
      for (const [k, v] of Object.entries(request.params)) {
        if (!['after', 'before', 'appsecret_proof', 'batch'].includes(k)) next.searchParams.set(k, v);
      }
      next.searchParams.set('limit', String(limit));
      next.searchParams.set(key, value);
      return next.toString();
    };
    if (offset + slice.length < items.length) paging.next = link('after', cursor(offset + slice.length - 1));
    if (offset > 0) paging.previous = link('before', cursor(offset));
    body.paging = paging;
  }
  return ok(body);
}

function listParam(value: string | undefined): string[] | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // a comma-separated list
  }
  return value.split(',').map((s) => s.trim());
}

export function filterStatus<T extends { effective_status: string }>(request: FakeRequest, items: T[]): T[] {
  const statuses = listParam(request.params.effective_status);
  // Without a filter Graph leaves out archived and deleted objects.
  return statuses
    ? items.filter((item) => statuses.includes(item.effective_status))
    : items.filter((item) => item.effective_status !== 'ARCHIVED' && item.effective_status !== 'DELETED');
}

export function ads(ctx: FakeContext, request: FakeRequest, accountId: string): FakeAnswer {
  const { state } = ctx;
  let list = filterStatus(
    request,
    state.ads.filter((ad) => ad.accountId === accountId),
  );
  if (request.params.updated_since) {
    const since = Number(request.params.updated_since);
    if (!Number.isFinite(since)) return fail(100, '(#100) Param updated_since must be an integer');
    list = list.filter((ad) => parseFbTime(ad.updated_time).getTime() / 1000 >= since);
  }
  return paged(
    ctx,
    request,
    list.map((ad) => adNode(state, ad)),
    'id',
  );
}

export function adNode(state: FakeGraphState, ad: FakeAd): Record<string, unknown> {
  const adSet = state.adSets.find((s) => s.id === ad.adset_id)!;
  const campaign = state.campaigns.find((c) => c.id === ad.campaign_id)!;
  return {
    id: ad.id,
    account_id: ad.accountId.slice(4),
    name: ad.name,
    status: ad.status,
    configured_status: ad.configured_status,
    effective_status: ad.effective_status,
    created_time: ad.created_time,
    updated_time: ad.updated_time,
    adset_id: ad.adset_id,
    campaign_id: ad.campaign_id,
    adset: {
      id: adSet.id,
      name: adSet.name,
      status: adSet.status,
      effective_status: adSet.effective_status,
    },
    campaign: {
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      objective: campaign.objective,
    },
    creative: ad.creative,
    preview_shareable_link: ad.preview_shareable_link,
  };
}

export function adImages(ctx: FakeContext, request: FakeRequest, accountId: string): FakeAnswer {
  const { state, url } = ctx;
  const hashes = listParam(request.params.hashes);
  const images = [...state.images.values()].filter(
    (image) => image.accountId === accountId && (!hashes || hashes.includes(image.hash)),
  );
  return paged(
    ctx,
    request,
    images.map((image) => ({
      id: `${accountId.slice(4)}:${image.hash}`,
      hash: image.hash,
      name: image.name,
      width: image.width,
      height: image.height,
      url: `${url}/_fake/image/${image.hash}.jpg`,
      permalink_url: `${url}/_fake/image/${image.hash}.jpg`,
    })),
    'hash,url',
  );
}

export function videoNode(ctx: FakeContext, video: FakeVideo, request: FakeRequest): Record<string, unknown> {
  const fields = parseFields(request.params.fields || 'id');
  if (fields.has('status') && video.status === 'processing') {
    video.pollsLeft -= 1;
    if (video.pollsLeft <= 0) video.status = 'ready';
  }
  return {
    id: video.id,
    title: video.title,
    length: video.length,
    created_time: video.created_time,
    updated_time: video.created_time,
    picture: `${ctx.url}/_fake/picture/${video.id}.jpg`,
    source: `${ctx.url}/_fake/video/${video.id}.mp4?_nc=${randomBytes(6).toString('hex')}`,
    status: {
      video_status: video.status,
      processing_progress: video.status === 'processing' ? 50 : 100,
    },
  };
}
