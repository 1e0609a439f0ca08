import type { Board, BoardLocation } from '@hookline/contract';
import { jsonResponse } from './fetch-stub';
import { acme } from './identity';

/** Board fixtures for the board entity's tests (the brand's boards, where an asset sits). */
let sequence = 0;
export const boardIdOf = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`;

export function makeBoard(overrides: Partial<Board> & Pick<Board, 'name'>): Board {
  sequence += 1;
  return {
    id: boardIdOf(sequence),
    title: overrides.name,
    description: null,
    lexicalDescription: null,
    status: 'DRAFT',
    tags: [],
    folderId: `00000000-0000-4000-c000-${String(sequence).padStart(12, '0')}`,
    brandId: acme.id,
    accountId: acme.accountId,
    thumbnailUrl: null,
    assetCount: 0,
    uploadedCount: 0,
    comments: 0,
    locations: [],
    isShared: false,
    createdBy: { id: 'user-ana', firstName: 'Ana', lastName: 'Lopez' },
    createdAt: new Date('2026-11-02T10:00:00.000Z'),
    updatedAt: new Date('2026-11-02T10:00:00.000Z'),
    reviewMode: false,
    reviewerIds: [],
    autoStatus: false,
    statusChange: null,
    can: { update: true, comment: true, invite: true, delete: true, review: false },
    ...overrides,
  } as Board;
}

export const makeLocation = (board: Board, type: BoardLocation['type']): BoardLocation => ({
  boardId: board.id,
  boardName: board.name,
  thumbnailUrl: board.thumbnailUrl,
  type,
});

/** A page of a list, with its total in x-total-count. */
export const listAnswer = <T>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });
