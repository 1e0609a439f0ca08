import type { AssetItem } from '../api/keys';

/** A folder that takes drops: not a system folder, not uploading. */
export function isDropTarget(asset: AssetItem): boolean {
  return (
    asset.type === 'FOLDER' &&
    !asset.isSystem &&
    (asset.uploadingState === null || asset.uploadingState === 'UPLOADED')
  );
}
