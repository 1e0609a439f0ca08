import type { Board } from '@hookline/contract';
import type { BoardRow } from './repository.js';

/** What a board's answer adds to its row, loaded for a page of boards. */
export type BoardFacts = Pick<
  Board,
  | 'assetCount'
  | 'uploadedCount'
  | 'comments'
  | 'tags'
  | 'thumbnailUrl'
  | 'isShared'
  | 'createdBy'
  | 'locations'
  | 'can'
> & { statusChangedBy: Board['createdBy'] };

/** A board as answers show it (000 §3 "Board": name and title are one value). */
export function presentBoard(row: BoardRow, facts: BoardFacts): Board {
  return {
    id: row.id,
    name: row.name,
    title: row.name,
    description: row.description,
    lexicalDescription: row.lexicalDescription,
    status: row.status,
    folderId: row.folderId,
    brandId: row.brandId,
    accountId: row.accountId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    reviewMode: row.reviewMode,
    reviewerIds: row.reviewerIds,
    autoStatus: row.autoStatus,
    statusChange: row.statusChangedAt
      ? { automatic: row.statusAutomatic, at: row.statusChangedAt, by: facts.statusChangedBy }
      : null,
    assetCount: facts.assetCount,
    uploadedCount: facts.uploadedCount,
    comments: facts.comments,
    tags: facts.tags,
    thumbnailUrl: facts.thumbnailUrl,
    isShared: facts.isShared,
    createdBy: facts.createdBy,
    locations: facts.locations,
    can: facts.can,
  };
}
