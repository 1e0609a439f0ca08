import type { Board, BoardLocation } from '@hookline/contract';
import { libraryKeys } from '@/entities/asset/api/keys';

export type { Board, BoardLocation };

/**
 * Every board query of a brand starts with ['boards', brandId]: one invalidation refreshes
 * them all (lists, pickers, details, where an asset sits). The board pages (features/boards)
 * use the same keys.
 */
export const boardKeys = {
  all: (brandId: string) => ['boards', brandId] as const,
  lists: (brandId: string) => ['boards', brandId, 'list'] as const,
  /** The assign-to-board picker's list (the brand's boards, recently changed first). */
  picker: (brandId: string) => ['boards', brandId, 'list', 'picker'] as const,
  detail: (brandId: string, id: string) => ['boards', brandId, 'detail', id] as const,
  /** The boards one asset is on (the player's boards tab). */
  locationsAll: (brandId: string) => ['boards', brandId, 'locations'] as const,
  locations: (brandId: string, assetId: string) => ['boards', brandId, 'locations', assetId] as const,
};

/**
 * A board's content is a library listing (GET …/assets?boardId), so it sits under the
 * library's keys: uploads, deletes and renames that refresh the library refresh it too.
 */
export const boardContentKeys = {
  all: (brandId: string, boardId: string) => libraryKeys.assetsIn(brandId, `board:${boardId}`),
};
