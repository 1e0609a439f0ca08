import { messages } from '@hookline/contract';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { notFound, validationFailed } from '../../platform/http/errors.js';
import type { CommentBoard } from '../comments/service.js';
import type { LibraryItems } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { BoardRow, BoardsRepository } from './repository.js';

const t = messages.boards;

/** A 400 naming one field of the call. */
export const fieldError = (path: string, message: string) => validationFailed([{ path, message }], message);

/**
 * Finding a board and its items for a call, after its access check: shared by the boards
 * service and its collaborators (comments, invitations, review mode).
 */
export class BoardLookup {
  constructor(
    private readonly repository: BoardsRepository,
    private readonly items: LibraryItems,
  ) {}

  /** The board of the path's brand (404 'Board not found' otherwise). */
  async board(s: LibraryScope, id: string): Promise<BoardRow> {
    const board = await this.repository.find(id);
    if (!board || board.brandId !== s.brandId) throw notFound(t.notFound);
    return board;
  }

  /** A board as comments need it (comments on boards). */
  async commentBoardById(boardId: string): Promise<CommentBoard | undefined> {
    const board = await this.repository.find(boardId);
    if (!board) return undefined;
    const folder = await this.items.fileById(board.folderId);
    return folder ? { id: board.id, name: board.name, brandId: board.brandId, folder } : undefined;
  }

  async commentBoard(s: LibraryScope, id: string): Promise<CommentBoard> {
    const board = await this.commentBoardById(id);
    if (!board || board.brandId !== s.brandId) throw notFound(t.notFound);
    return board;
  }

  /** An item that is on the board (404 naming the field otherwise). */
  async itemOnBoard(s: LibraryScope, boardId: string, assetId: string, field: string): Promise<AssetRow> {
    const [onBoard, asset] = await Promise.all([
      this.repository.item(boardId, assetId),
      this.items.find(s, assetId),
    ]);
    // A malformed id never gets here (the endpoint's schema); a well-formed one that is not
    // on the board is 400 naming the field.
    if (!onBoard || !asset) throw fieldError(field, t.notOnBoard);
    return asset;
  }
}
