/**
 * Library values (000 §3, §7) without schemas: the web client's first load imports these, so
 * this module stays free of zod (library.ts holds the schemas).
 */

export const assetTypes = ['VIDEO', 'IMAGE', 'AUDIO', 'DOCUMENT', 'ANIMATION', 'OTHER', 'FOLDER'] as const;
export type AssetType = (typeof assetTypes)[number];
export const libraries = ['BRAND', 'AD', 'UGC', 'AD_ANALYTICS'] as const;
export type Library = (typeof libraries)[number];
export const uploadingStates = [
  'UPLOADING',
  'UPLOADED',
  'UPLOADED_GENERATING_THUMBNAIL',
  'UPLOADED_WITHOUT_THUMBNAIL',
  'FAILED_TO_UPLOAD',
  'SKIPPED',
] as const;

/** The root folder's id: 'root' means no folder. */
export const ROOT_FOLDER_ID = 'root';

/** A move or copy touching more items than this (counting subtrees) finishes in a background job. */
export const ASYNC_LIBRARY_OPERATION_THRESHOLD = 500;
/** Folders created at once by a folder upload. */
export const FOLDER_BATCH_MAX = 100;

export const assetSortFields = ['name', 'size', 'createdAt'] as const;
export type AssetSortField = (typeof assetSortFields)[number];

/** Rename keeps the extension: 'Hero.mp4' renamed to 'Final' becomes 'Final.mp4' (000 §5). */
export function renameKeepingExtension(currentName: string, newName: string, isFolder: boolean): string {
  const trimmed = newName.trim();
  if (isFolder) return trimmed;
  const dot = currentName.lastIndexOf('.');
  if (dot <= 0) return trimmed;
  const extension = currentName.slice(dot);
  return trimmed.toLowerCase().endsWith(extension.toLowerCase()) ? trimmed : `${trimmed}${extension}`;
}
