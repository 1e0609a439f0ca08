import { describe, expect, it } from 'vitest';
import { emptySelection, type SelectionState, togglePick } from './use-selection';

const items = [
  { id: 'a' },
  { id: 'b' },
  { id: 'c', uploadingState: 'UPLOADING' },
  { id: 'd' },
  { id: 'e', uploadingState: 'FAILED_TO_UPLOAD' },
];
const picked = (s: SelectionState) => [...s.picked].sort();

describe('selection rules', () => {
  it('a click toggles one item; shift-click picks the range from the last click, skipping unselectable rows', () => {
    let s = togglePick(emptySelection, 'a', items);
    expect(picked(s)).toEqual(['a']);
    s = togglePick(s, 'e', items, true);
    expect(picked(s)).toEqual(['a']); // failed uploads cannot be selected
    s = togglePick(s, 'd', items, true);
    expect(picked(s)).toEqual(['a', 'b', 'd']);
    s = togglePick(s, 'b', items);
    expect(picked(s)).toEqual(['a', 'd']);
  });

  it('picking an item while all are selected cancels select-all and keeps the others', () => {
    const all: SelectionState = { all: true, picked: new Set(), anchor: null };
    const s = togglePick(all, 'b', items);
    expect(s.all).toBe(false);
    expect(picked(s)).toEqual(['a', 'd']);
  });
});
