import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardRefetchInterval } from '../api/get-board-assets';
import { clearBoardOperationLog, recordBoardOperation } from './board-operation-log';

const BOARD = 'board-1';
const page = (ids: string[], total = ids.length) => ({
  pages: [{ items: ids.map((id) => ({ id, uploadingState: 'UPLOADED' })) as never[], total }],
});
const seconds = (n: number) => vi.advanceTimersByTime(n * 1000);

describe('board operation log: the board page refetch windows (000 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-02T10:00:00.000Z'));
    clearBoardOperationLog();
  });
  afterEach(() => clearBoardOperationLog());

  it('without operations the list does not poll, and polls every 4 s while an item uploads', () => {
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(false);
    const uploading = { pages: [{ items: [{ id: 'a', uploadingState: 'UPLOADING' }] as never[], total: 1 }] };
    expect(boardRefetchInterval(BOARD, uploading)).toBe(4000);
  });

  it('an upload polls every 2 s until the board shows more items, for at most 60 s', () => {
    recordBoardOperation(BOARD, { type: 'UPLOAD', totalBefore: 1 });
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(2000);
    seconds(30);
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(2000);
    // The new file shows: polling stops and the operation leaves the log.
    expect(boardRefetchInterval(BOARD, page(['a', 'b']))).toBe(false);
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(false);

    recordBoardOperation(BOARD, { type: 'UPLOAD', totalBefore: 1 });
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(2000);
    seconds(59);
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(2000);
    seconds(2);
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(false);
  });

  it('an import waits for its items by id, for at most 60 s', () => {
    recordBoardOperation(BOARD, { type: 'IMPORT', ids: ['x', 'y'] });
    expect(boardRefetchInterval(BOARD, page(['a', 'x']))).toBe(2000);
    expect(boardRefetchInterval(BOARD, page(['a', 'x', 'y']))).toBe(false);
  });

  it('a removal polls until the items are gone, for at most 15 s', () => {
    recordBoardOperation(BOARD, { type: 'REMOVE', ids: ['a'] });
    expect(boardRefetchInterval(BOARD, page(['a', 'b']))).toBe(2000);
    seconds(14);
    expect(boardRefetchInterval(BOARD, page(['a', 'b']))).toBe(2000);
    seconds(2);
    expect(boardRefetchInterval(BOARD, page(['a', 'b']))).toBe(false);

    recordBoardOperation(BOARD, { type: 'REMOVE', ids: ['b'] });
    expect(boardRefetchInterval(BOARD, page(['a']))).toBe(false);
  });

  it('a creation polls for at most 10 s until the new board shows its items', () => {
    recordBoardOperation(BOARD, { type: 'CREATE', expectedTotal: 2 });
    expect(boardRefetchInterval(BOARD, page([]))).toBe(2000);
    seconds(11);
    expect(boardRefetchInterval(BOARD, page([]))).toBe(false);
    // A blank board has nothing to wait for.
    recordBoardOperation(BOARD, { type: 'CREATE', expectedTotal: 0 });
    expect(boardRefetchInterval(BOARD, page([]))).toBe(false);
  });

  it('only operations of the last 30 s are picked up; once picked up, one is watched for its whole window', () => {
    recordBoardOperation(BOARD, { type: 'UPLOAD', totalBefore: 0 });
    seconds(31);
    // The board page opens 31 s after the upload: too old to start polling for.
    expect(boardRefetchInterval(BOARD, page([]))).toBe(false);

    recordBoardOperation(BOARD, { type: 'IMPORT', totalBefore: 0 });
    seconds(29);
    expect(boardRefetchInterval(BOARD, page([]))).toBe(2000);
    seconds(20);
    // 49 s after the import, still within its 60 s window.
    expect(boardRefetchInterval(BOARD, page([]))).toBe(2000);
  });

  it('operations of another board do not make this one poll', () => {
    recordBoardOperation('other-board', { type: 'UPLOAD', totalBefore: 0 });
    expect(boardRefetchInterval(BOARD, page([]))).toBe(false);
  });
});
