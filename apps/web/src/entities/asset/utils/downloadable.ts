import type { AssetItem } from '../api/keys';

/** The upload states in which a file's bytes are stored (processing may still be making previews). */
const STORED_STATES = new Set(['UPLOADED', 'UPLOADED_WITHOUT_THUMBNAIL', 'UPLOADED_GENERATING_THUMBNAIL']);

export function hasStoredFile(asset: Pick<AssetItem, 'type' | 'uploadingState'>): boolean {
  return asset.type !== 'FOLDER' && STORED_STATES.has(asset.uploadingState ?? '');
}

/** Folders download as a zip; files once their bytes are stored. */
export function isDownloadable(asset: Pick<AssetItem, 'type' | 'uploadingState'>): boolean {
  return asset.type === 'FOLDER' || hasStoredFile(asset);
}

/** GIFs are made from stored videos (000 §6: and only with write access, which the caller knows). */
export function canMakeGif(asset: Pick<AssetItem, 'type' | 'uploadingState'>): boolean {
  return asset.type === 'VIDEO' && hasStoredFile(asset);
}
