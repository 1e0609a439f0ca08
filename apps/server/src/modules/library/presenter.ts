import { type Asset, type FolderTreeChild, type FolderTreeNode, UPLOAD_RETRIES } from '@hookline/contract';
import type { MediaUrls, MediaViewer } from './media-urls.js';
import type { AssetListRow } from './repository.js';

/** The only way an asset row becomes a response (000 §3 Asset). */
export function presentAsset(row: AssetListRow, media: MediaUrls, viewer?: MediaViewer): Asset {
  const { asset } = row;
  const urls = media.forAsset(asset, viewer);
  return {
    id: asset.id,
    name: asset.name,
    type: asset.type,
    size: asset.size,
    createdAt: asset.createdAt,
    creator: row.creator?.id ? row.creator : null,
    owner: row.owner?.id ? row.owner : null,
    library: asset.library,
    parentId: asset.parentId,
    brandId: asset.brandId,
    accountId: asset.accountId,
    isSystem: asset.isSystem,
    isBrandKit: asset.isBrandKit,
    isFavorite: row.isFavorite,
    isShared: false,
    isHidden: asset.isHidden,
    ...urls,
    length: asset.length,
    childCount: row.childCount,
    commentsCount: 0,
    tags: [],
    customFields: {},
    description: asset.description,
    // Filled by the AI analysis's fields (modules/ai-analysis) where a file was analysed.
    mediaAnalysisStatus: null,
    personasStatus: null,
    transcriptionBreakdownStatus: null,
    personas: null,
    isAiDescription: false,
    // Filled by the duplicates module's field.
    duplicateOf: null,
    uploadingState: asset.uploadingState ?? null,
    canRetry: (row.upload?.canRetry ?? true) && (row.upload?.retryCount ?? 0) < UPLOAD_RETRIES,
    retryCount: row.upload?.retryCount ?? 0,
    failureReason: row.upload?.failureReason ?? null,
    contentType: asset.contentType,
    metadata: asset.metadata ?? null,
  };
}

interface TreeRow {
  id: string;
  name: string;
  parentId: string | null;
  isSystem: boolean;
  hasSubfolders: boolean;
}

const presentTreeChild = (row: TreeRow): FolderTreeChild => ({
  id: row.id,
  type: 'FOLDER',
  name: row.name,
  parentId: row.parentId,
  isSystem: row.isSystem,
  hasSubfolders: row.hasSubfolders,
});

export function presentTreeNode(row: TreeRow, subfolders: TreeRow[]): FolderTreeNode {
  return { ...presentTreeChild(row), subfolders: subfolders.map(presentTreeChild) };
}
