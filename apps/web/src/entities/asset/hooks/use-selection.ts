import { useCallback, useMemo, useState } from 'react';

/**
 * Library selection (000 §4): select-all is tracked apart from picked items; picking any
 * item cancels select-all (the other loaded items stay picked); selecting every item counts
 * as all; Shift-click picks the range from the last clicked item. Items that are uploading
 * or failed cannot be selected. The owner resets it when the folder or brand changes.
 */
export interface SelectableItem {
  id: string;
  uploadingState?: string | null;
}

export interface SelectionState {
  all: boolean;
  picked: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: SelectionState = { all: false, picked: new Set(), anchor: null };

export function isSelectable(item: SelectableItem): boolean {
  return item.uploadingState !== 'UPLOADING' && item.uploadingState !== 'FAILED_TO_UPLOAD';
}

export function togglePick(
  state: SelectionState,
  id: string,
  items: readonly SelectableItem[],
  shift = false,
): SelectionState {
  const selectable = items.filter(isSelectable);
  if (!selectable.some((item) => item.id === id)) return state;
  if (state.all) {
    // Picking cancels select-all: every loaded item but this one stays picked.
    return { all: false, picked: new Set(selectable.map((i) => i.id).filter((i) => i !== id)), anchor: id };
  }
  const picked = new Set(state.picked);
  if (shift && state.anchor) {
    const from = items.findIndex((item) => item.id === state.anchor);
    const to = items.findIndex((item) => item.id === id);
    if (from >= 0 && to >= 0) {
      const [start, end] = from < to ? [from, to] : [to, from];
      for (const item of items.slice(start, end + 1)) if (isSelectable(item)) picked.add(item.id);
      return { all: false, picked, anchor: id };
    }
  }
  if (picked.has(id)) picked.delete(id);
  else picked.add(id);
  return { all: false, picked, anchor: id };
}

export function useSelection(items: readonly SelectableItem[], total: number) {
  const [state, setState] = useState<SelectionState>(emptySelection);

  const toggle = useCallback(
    (id: string, shift = false) => setState((s) => togglePick(s, id, items, shift)),
    [items],
  );
  const selectAll = useCallback(() => setState({ all: true, picked: new Set(), anchor: null }), []);
  const clear = useCallback(() => setState(emptySelection), []);
  const remove = useCallback(
    (ids: readonly string[]) =>
      setState((s) => {
        if (s.all) return emptySelection;
        const picked = new Set(s.picked);
        for (const id of ids) picked.delete(id);
        return { ...s, picked };
      }),
    [],
  );

  return useMemo(() => {
    /** Every item picked by hand counts as all selected. */
    const isAll = state.all || (total > 0 && state.picked.size >= total);
    const count = state.all ? total : state.picked.size;
    const isSelected = (id: string) => state.all || state.picked.has(id);
    const selectedItems = <T extends SelectableItem>(list: readonly T[]) =>
      state.all ? list.filter(isSelectable) : list.filter((item) => state.picked.has(item.id));
    return {
      state,
      /** select-all flag itself (the server applies the action to the whole folder). */
      allFlag: state.all,
      isAll,
      count,
      isSelected,
      selectedItems,
      toggle,
      selectAll,
      clear,
      remove,
      setState,
    };
  }, [state, total, toggle, selectAll, clear, remove]);
}

export type Selection = ReturnType<typeof useSelection>;
