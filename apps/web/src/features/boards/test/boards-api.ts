import type { Board } from '@hookline/contract';
import { type FetchHandler, jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';

/** Board fixtures and the board calls answered like the server (JSON, x-total-count on lists). */
let sequence = 0;
export const boardId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function makeBoard(overrides: Partial<Board> & Pick<Board, 'name'>): Board {
  sequence += 1;
  const id = overrides.id ?? boardId(sequence);
  return {
    id,
    title: overrides.name,
    description: null,
    lexicalDescription: null,
    status: 'DRAFT',
    tags: [],
    folderId: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
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
  };
}

export const listAnswer = <T>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });

/** GET …/boards (by kind, paged) and GET/PUT …/boards/{id} over an in-memory list. */
export function boardRoutes(
  boards: Board[],
  options: { update?: (request: RecordedRequest, board: Board) => Response | undefined } = {},
): Record<string, FetchHandler> {
  const routes: Record<string, FetchHandler> = {
    [`GET ${BRAND_PATH}/boards`]: (request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const limit = Number(request.url.searchParams.get('limit') ?? 20);
      const list = request.url.searchParams.get('isShared') === 'true' ? [] : boards;
      return listAnswer(list.slice(offset, offset + limit), list.length);
    },
    // A board's content (tests that need some replace this).
    [`GET ${BRAND_PATH}/assets`]: () => listAnswer([]),
  };
  for (const board of boards) {
    routes[`GET ${BRAND_PATH}/boards/${board.id}`] = () => jsonResponse(board);
    routes[`PUT ${BRAND_PATH}/boards/${board.id}`] = (request) => {
      const refused = options.update?.(request, board);
      if (refused) return refused;
      const body = request.body as Partial<Board> & { tags?: string[] };
      const { tags: _tags, ...changes } = body;
      Object.assign(board, changes, body.name ? { title: body.name } : {});
      return jsonResponse(board);
    };
  }
  return routes;
}
