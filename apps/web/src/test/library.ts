import type { Asset, AssetType } from '@hookline/contract';
import { type FetchHandler, jsonResponse } from './fetch-stub';
import { acme } from './identity';

/** Library fixtures: assets of the acme brand and a small in-memory library API. */
export const BRAND_PATH = `/api/accounts/${acme.accountId}/brands/${acme.id}`;

let sequence = 0;
export function makeAsset(overrides: Partial<Asset> & Pick<Asset, 'name'>): Asset {
  sequence += 1;
  const type: AssetType = overrides.type ?? 'VIDEO';
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type,
    size: type === 'FOLDER' ? 0 : 2 * 1024 * 1024,
    createdAt: new Date('2026-11-02T10:00:00.000Z'),
    creator: { id: 'user-ana', firstName: 'Ana', lastName: 'Lopez' },
    owner: null,
    library: 'BRAND',
    parentId: null,
    brandId: acme.id,
    accountId: acme.accountId,
    isSystem: false,
    isBrandKit: false,
    isFavorite: false,
    isShared: false,
    isHidden: false,
    previewURL: null,
    url: null,
    transcodingUrls: null,
    length: null,
    childCount: 0,
    commentsCount: 0,
    tags: [],
    customFields: {},
    description: null,
    mediaAnalysisStatus: null,
    personasStatus: null,
    transcriptionBreakdownStatus: null,
    personas: null,
    isAiDescription: false,
    duplicateOf: null,
    uploadingState: type === 'FOLDER' ? null : 'UPLOADED',
    canRetry: true,
    retryCount: 0,
    failureReason: null,
    contentType: null,
    metadata: null,
    ...overrides,
  };
}

export const folder = (name: string, overrides: Partial<Asset> = {}) =>
  makeAsset({ name, type: 'FOLDER', ...overrides });

/**
 * GET …/assets (paged, by parentId), …/library/BRAND/{id}, …/assets/{id}/folders and the
 * folder tree over one list of assets. Unknown folders answer 404.
 */
export function libraryRoutes(assets: Asset[]): Record<string, FetchHandler> {
  const byParent = (parentId: string) =>
    assets
      .filter((a) => (a.parentId ?? 'root') === parentId)
      .sort((a, b) => Number(b.type === 'FOLDER') - Number(a.type === 'FOLDER'));
  const exists = (id: string) => id === 'root' || assets.some((a) => a.id === id && a.type === 'FOLDER');
  const notFound = () => jsonResponse({ statusCode: 404, message: 'Not found' }, { status: 404 });
  const routes: Record<string, FetchHandler> = {
    [`GET ${BRAND_PATH}/assets`]: (request) => {
      const parentId = request.url.searchParams.get('parentId') ?? 'root';
      if (!exists(parentId)) return notFound();
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const limit = Number(request.url.searchParams.get('limit') ?? 40);
      const all = byParent(parentId);
      return jsonResponse(all.slice(offset, offset + limit), {
        headers: { 'x-total-count': String(all.length) },
      });
    },
    [`GET ${BRAND_PATH}/library/folders`]: (request) => {
      const parentId = request.url.searchParams.get('folderId') ?? 'root';
      const level = byParent(parentId)
        .filter((a) => a.type === 'FOLDER')
        .map((a) => ({
          id: a.id,
          type: 'FOLDER',
          name: a.name,
          parentId: a.parentId,
          isSystem: a.isSystem,
          hasSubfolders: assets.some((c) => c.parentId === a.id && c.type === 'FOLDER'),
          subfolders: assets
            .filter((c) => c.parentId === a.id && c.type === 'FOLDER')
            .map((c) => ({
              id: c.id,
              type: 'FOLDER',
              name: c.name,
              parentId: c.parentId,
              isSystem: c.isSystem,
              hasSubfolders: assets.some((g) => g.parentId === c.id && g.type === 'FOLDER'),
            })),
        }));
      return jsonResponse(level, { headers: { 'x-total-count': String(level.length) } });
    },
  };
  for (const asset of assets) {
    routes[`GET ${BRAND_PATH}/library/BRAND/${asset.id}`] = () => {
      const ancestors = [];
      let parent = assets.find((a) => a.id === asset.parentId);
      while (parent) {
        ancestors.unshift({ id: parent.id, name: parent.name, isSystem: parent.isSystem });
        const parentId: string | null = parent.parentId;
        parent = assets.find((a) => a.id === parentId);
      }
      return jsonResponse({ ...asset, ancestors });
    };
  }
  for (const id of ['root', ...assets.filter((a) => a.type === 'FOLDER').map((a) => a.id)]) {
    routes[`GET ${BRAND_PATH}/assets/${id}/folders`] = () => {
      const folders = byParent(id).filter((a) => a.type === 'FOLDER');
      return jsonResponse(folders, { headers: { 'x-total-count': String(folders.length) } });
    };
  }
  return routes;
}
