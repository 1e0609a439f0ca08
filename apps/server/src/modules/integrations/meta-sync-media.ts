import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { userActor } from '../../platform/http/actor.js';
import type { MediaSource } from '../ad-performance/service.js';
import { AdPerformanceService as Store } from '../ad-performance/service.js';
import { type GraphAd, imageUrlOf, toAd } from './meta-insights.js';
import { type GraphCall, type SyncContext, TokenInvalid } from './meta-sync-context.js';
import type { IntegrationRow } from './repository.js';

/** A sync run's media and actors: creatives' videos and images as library items, the ads' Pages named. */

/** Names each ad's actor (Page or Instagram account); one the token may not read is an issue. */
export async function nameActors(
  ctx: SyncContext,
  integration: IntegrationRow,
  adAccountId: string,
  ads: { creative: { actorId: string | null; actorName: string | null } | null }[],
  token: string,
  call: GraphCall,
): Promise<void> {
  const { graph, repository, store } = ctx;
  // This run's ads and those already known (an incremental run may bring no ads at all).
  const actorIds = [
    ...new Set([
      ...ads.flatMap((ad) => (ad.creative?.actorId ? [ad.creative.actorId] : [])),
      ...(await store.actorIds(adAccountId)),
    ]),
  ];
  if (actorIds.length === 0) return;
  // Every actor is read (not only unknown ones): a Page the token can no longer read is an issue.
  const pageNames = new Map(integration.pages.map((page) => [page.id, page.name]));
  const unknown = actorIds;
  const answers = await graph.batch<{ name?: string }>(
    token,
    unknown.map((id) => ({ path: `/${id}`, params: { fields: 'name' } })),
    call,
  );
  const denied: string[] = [];
  answers.forEach((answer, index) => {
    const id = unknown[index]!;
    if (answer.ok) pageNames.set(id, answer.body.name ?? id);
    else if (answer.error.isInvalidToken) throw new TokenInvalid(answer.error.message);
    else if (answer.error.isPermission) denied.push(id);
  });
  for (const id of denied)
    await repository.raiseIssue(
      integration.id,
      'MISSING_PERMISSIONS_ON_ACTOR',
      id,
      'Page or Instagram account not readable',
    );
  const readable = actorIds.filter((id) => !denied.includes(id));
  if (readable.length > 0)
    await repository.resolveIssues(integration.id, ['MISSING_PERMISSIONS_ON_ACTOR'], readable);
  for (const ad of ads)
    if (ad.creative?.actorId) ad.creative.actorName = pageNames.get(ad.creative.actorId) ?? null;
}

/** Each creative's video or image becomes one AD_ANALYTICS library item per brand. */
export async function importMedia(
  ctx: SyncContext,
  integration: IntegrationRow,
  adAccountId: string,
  scope: { accountId: string; brandId: string },
  graphAds: GraphAd[],
  token: string,
): Promise<void> {
  const { graph, repository, store } = ctx;
  const sources = new Map<string, MediaSource>();
  const videoIds = [...new Set(graphAds.flatMap((graphAd) => toAd(graphAd)?.creative?.videoId ?? []))];
  // The videos' files are asked for in batches (50 a call), once, when the first is needed.
  let files: Promise<Map<string, string>> | undefined;
  const fileOf = async (videoId: string) => {
    files ??= graph
      .batch<{ id?: string; source?: string }>(
        token,
        videoIds.map((id) => ({ path: `/${id}`, params: { fields: 'source,picture,length' } })),
      )
      .then(
        (answers) =>
          new Map(
            answers.flatMap((answer, index) =>
              answer.ok && answer.body.source ? [[videoIds[index]!, answer.body.source] as const] : [],
            ),
          ),
      );
    return (await files).get(videoId) ?? (await graph.video(videoId, token)).source;
  };
  for (const graphAd of graphAds) {
    const ad = toAd(graphAd);
    const videoId = ad?.creative?.videoId;
    const imageHash = ad?.creative?.imageHash;
    if (videoId) {
      sources.set(Store.mediaKey('VIDEO', videoId), {
        kind: 'VIDEO',
        externalId: videoId,
        fetch: async () => {
          const source = await fileOf(videoId);
          if (!source) throw new Error(`Meta gave no file for video ${videoId}`);
          return download(source, `${ad?.name ?? videoId}.mp4`);
        },
      });
    } else if (imageHash) {
      const url = imageUrlOf(graphAd.creative);
      if (url)
        sources.set(Store.mediaKey('IMAGE', imageHash), {
          kind: 'IMAGE',
          externalId: imageHash,
          fetch: () => download(url, `${ad?.name ?? imageHash}.jpg`),
        });
    }
  }
  // Imported as the admin who connected Meta: the library checks their access and the plan.
  if (!integration.connectedBy) return;
  const actor = userActor({
    userId: integration.connectedBy,
    email: '',
    isSuperUser: false,
    sessionId: '',
  });
  const { skipped } = await store.linkMedia({ ...scope, actor }, adAccountId, sources);
  if (skipped.some((s) => s.reason === 'ASSETS_COUNT_LIMIT_EXCEEDED'))
    await repository.raiseIssue(
      integration.id,
      'ASSETS_COUNT_LIMIT_EXCEEDED',
      '',
      `${skipped.length} creatives not imported`,
    );
  else await repository.resolveIssues(integration.id, ['ASSETS_COUNT_LIMIT_EXCEEDED']);
}

async function download(url: string, name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hookline-ad-media-'));
  const file = path.join(dir, 'media');
  const response = await fetch(url, { signal: AbortSignal.timeout(5 * 60_000) });
  if (!response.ok || !response.body) throw new Error(`Media download failed (${response.status})`);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return {
    file,
    name: name.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 200),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
