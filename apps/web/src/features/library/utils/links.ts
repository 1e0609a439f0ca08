import { ROOT_FOLDER_ID } from '@hookline/contract';
import { paths } from '@/config/paths';
import type { PlayerTab } from '@/entities/asset/player/media-player';

/** Where opening an item goes: folders open as folders, files open the player on a tab. */
export function assetHref(
  asset: { id: string; type: string; parentId: string | null },
  tab: PlayerTab = 'overview',
): string {
  if (asset.type === 'FOLDER') return paths.library.getHref(asset.id);
  return paths.library.getHref(asset.parentId ?? ROOT_FOLDER_ID, asset.id, tab);
}

export function folderHref(folderId: string | null | undefined): string {
  return !folderId || folderId === ROOT_FOLDER_ID ? paths.library.getHref() : paths.library.getHref(folderId);
}
