import type { Asset, AssetDetail, FolderTreeNode } from '@hookline/contract';
import type { AssetListRow } from './repository.js';

/** The only way an asset row becomes a response (000 §3 Asset). */
export function presentAsset(row: AssetListRow): Asset {
  const { asset } = row;
  return {
    id: asset.id,
    name: asset.name,
    type: asset.type,
    size: asset.size,
    createdAt: asset.createdAt.toISOString(),
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
    previewURL: asset.previewUrl,
    url: asset.url,
    transcodingUrls: (asset.transcodingUrls as Record<string, string> | null) ?? null,
    length: asset.length,
    childCount: row.childCount,
    commentsCount: 0,
    tags: [],
    description: asset.description,
    uploadingState: (asset.uploadingState as Asset['uploadingState']) ?? null,
  };
}

export function presentAssetDetail(row: AssetListRow, ancestors: AssetDetail['ancestors']): AssetDetail {
  return { ...presentAsset(row), ancestors };
}

export function presentTreeNode(row: {
  id: string;
  name: string;
  parentId: string | null;
  isSystem: boolean;
  subfolders: boolean;
}): FolderTreeNode {
  return {
    id: row.id,
    type: 'FOLDER',
    name: row.name,
    parentId: row.parentId,
    isSystem: row.isSystem,
    subfolders: row.subfolders,
  };
}
