import type { ShareGrant } from '../../platform/http/actor.js';

/** A share row and its item as the access checks hold them. */
export function shareGrantOf(row: {
  shareId: string;
  accountId: string;
  brandId: string;
  library: string;
  scope: 'ASSET' | 'FOLDER' | 'BOARD';
  resourceId: string;
  role: ShareGrant['role'];
  downloadsAllowed: boolean;
  path: string;
  type: string;
}): ShareGrant {
  // A board share names the board's backing folder; it reaches the board and the items on it
  // (decided by board membership, not by the folder's path).
  const includesChildren = row.scope !== 'BOARD' && row.type === 'FOLDER';
  return {
    shareId: row.shareId,
    accountId: row.accountId,
    brandId: row.brandId,
    library: row.library,
    scope: {
      type: row.scope === 'BOARD' ? 'board' : includesChildren ? 'folder' : 'asset',
      id: row.resourceId,
      resourcePath: row.path,
      includesChildren,
    },
    role: row.role,
    downloadsAllowed: row.downloadsAllowed,
  };
}
