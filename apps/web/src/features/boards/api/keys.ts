import type { Board } from '@hookline/contract';
import { type BrandScope, libraryKeys, type SortState } from '@/entities/asset/api/keys';

export type { Board };

/** Which boards a list shows (000 §2): the brand's, the ones I created, the ones shared with me. */
export type BoardListKind = 'all' | 'mine' | 'shared';

/** Every board query of a brand starts with ['boards', brandId]: one invalidation refreshes them. */
export const boardKeys = {
  all: (brandId: string) => ['boards', brandId] as const,
  lists: (brandId: string) => ['boards', brandId, 'list'] as const,
  list: (brandId: string, kind: BoardListKind) => ['boards', brandId, 'list', kind] as const,
  detail: (brandId: string, id: string) => ['boards', brandId, 'detail', id] as const,
  /** Review mode: each item's state and decisions (GET …/boards/{id}/reviews). */
  reviews: (brandId: string, id: string) => ['boards', brandId, 'reviews', id] as const,
};

/**
 * A board's content is a library listing (GET …/assets?boardId), so it sits under the
 * library's keys: uploads, deletes and renames that refresh the library refresh it too.
 */
export const boardContentKeys = {
  all: (brandId: string, boardId: string) => libraryKeys.assetsIn(brandId, `board:${boardId}`),
  sorted: (brandId: string, boardId: string, sort: SortState) =>
    libraryKeys.assets(brandId, `board:${boardId}`, sort),
};

/** The brand a board call goes to: the board's own (a shared board belongs to another brand). */
export const boardScope = (board: Pick<Board, 'accountId' | 'brandId'>): BrandScope => ({
  accountId: board.accountId,
  brandId: board.brandId,
});
