import { BOARD_POLLING } from '@hookline/contract';

/**
 * The board operation log (000 §3 "Upload entities", §4 "Board page refetch"), kept in the
 * client only: what this tab did to a board's content (UPLOAD, IMPORT, REMOVE, CREATE) and
 * when. The server applies some of it later (files land once uploaded, imports run as jobs),
 * so while an operation is recent and its change has not shown up in the board's list, the
 * list refetches every 2 s: an operation logged within the last 30 s is watched until its
 * change appears, for at most 60 s (upload, import), 15 s (removal) or 10 s (creation) after
 * it happened.
 */
export type BoardOperationType = 'UPLOAD' | 'IMPORT' | 'REMOVE' | 'CREATE';

export interface BoardOperation {
  type: BoardOperationType;
  /** Date.now() when it happened. */
  at: number;
  /** Items that should appear (uploads, imports) or disappear (removals), when known. */
  ids?: readonly string[];
  /** Items added without known ids: the board's total should exceed this. */
  totalBefore?: number;
  /** Creation: how many items the new board should show (none for a blank board). */
  expectedTotal?: number;
}

interface Entry extends BoardOperation {
  /** Picked up within the look-back: watched until it shows or its window ends. */
  watched: boolean;
}

/** What the board's list shows now. */
export interface BoardContentSnapshot {
  ids: ReadonlySet<string>;
  total: number;
}

export function operationWindowMs(type: BoardOperationType): number {
  switch (type) {
    case 'UPLOAD':
    case 'IMPORT':
      return BOARD_POLLING.importWindowMs;
    case 'REMOVE':
      return BOARD_POLLING.removalWindowMs;
    case 'CREATE':
      return BOARD_POLLING.creationWindowMs;
  }
}

/** Whether the list shows the operation's change. */
export function hasAppeared(operation: BoardOperation, content: BoardContentSnapshot): boolean {
  switch (operation.type) {
    case 'REMOVE':
      return (operation.ids ?? []).every((id) => !content.ids.has(id));
    case 'CREATE':
      return content.total >= (operation.expectedTotal ?? 0);
    default:
      if (operation.ids && operation.ids.length > 0) return operation.ids.every((id) => content.ids.has(id));
      return content.total > (operation.totalBefore ?? 0);
  }
}

const log = new Map<string, Entry[]>();

/** Notes an operation on a board (the caller then refetches the board's list). */
export function recordBoardOperation(
  boardId: string,
  operation: Omit<BoardOperation, 'at'> & { at?: number },
) {
  const entries = log.get(boardId) ?? [];
  entries.push({ ...operation, at: operation.at ?? Date.now(), watched: false });
  log.set(boardId, entries);
}

/**
 * The operations still waiting for their change, given what the list shows now. Settled and
 * expired ones leave the log; one older than the look-back when first asked about is dropped.
 */
export function pendingBoardOperations(
  boardId: string,
  content: BoardContentSnapshot,
  now: number = Date.now(),
): BoardOperation[] {
  const entries = log.get(boardId);
  if (!entries) return [];
  const kept = entries.filter((entry) => {
    const age = now - entry.at;
    if (age > operationWindowMs(entry.type)) return false;
    if (!entry.watched) {
      if (age > BOARD_POLLING.lookBackMs) return false;
      entry.watched = true;
    }
    return !hasAppeared(entry, content);
  });
  if (kept.length > 0) log.set(boardId, kept);
  else log.delete(boardId);
  return kept;
}

/** Tests start from an empty log. */
export function clearBoardOperationLog() {
  log.clear();
}
