import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { OnDemand } from '@/components/on-demand';
import type { AssetItem } from '@/entities/asset/api/keys';
import type { DragProps } from '@/entities/asset/components/asset-card';
import { useStableCallbacks } from '@/hooks/use-stable-callbacks';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { whenIdle } from '@/lib/when-idle';

/** A card or row on screen that drag and drop binds to once its code is here. */
export interface DragSlot {
  asset: AssetItem;
  /** Gives the card its drag props (null: back to the unbound ones). */
  set: (drag: DragProps | null) => void;
}

/** The cards and rows on screen, for the drag and drop code to bind (library-dnd-kit.tsx). */
export class DragSlots {
  private slots = new Map<string, DragSlot>();
  private snapshot: DragSlot[] = [];
  private listeners = new Set<() => void>();

  add(slot: DragSlot): () => void {
    this.slots.set(slot.asset.id, slot);
    this.emit();
    return () => {
      if (this.slots.get(slot.asset.id) !== slot) return;
      this.slots.delete(slot.asset.id);
      this.emit();
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private emit() {
    this.snapshot = [...this.slots.values()];
    for (const listener of this.listeners) listener();
  }
}

interface DndState {
  slots: DragSlots;
  /** Before the code is here: pressing a card asks for it. */
  unbound: DragProps;
}

const DndStateContext = createContext<DndState | null>(null);

const kit = lazyPrefetched(async () => (await import('./library-dnd-kit')).LibraryDndKit);
const LibraryDndKit = kit.Component;

/**
 * Drag and drop in the library (000 §9; the behaviour is in library-dnd-kit.tsx). Its code is
 * no part of the page's first load: it is fetched once the items are shown and the browser is
 * idle, or when a card is first pointed at or pressed, and then binds to the cards on screen without
 * re-rendering them from scratch (their state, focus and open menus stay).
 */
export function LibraryDnd({
  items,
  draggedItems,
  onDrop,
  children,
}: {
  items: AssetItem[];
  /** What dragging this item moves (the selection when it is selected). */
  draggedItems: (asset: AssetItem) => AssetItem[];
  onDrop: (moved: AssetItem[], folder: AssetItem) => void;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(kit.loaded);
  // The same callbacks each render: the kit (memoised) re-renders when the items change only.
  const callbacks = useStableCallbacks({ draggedItems, onDrop });
  const [state] = useState<DndState>(() => ({
    slots: new DragSlots(),
    // A pointer resting on a card asks for the code before it presses (a drag needs it bound).
    unbound: { attributes: { onPointerEnter: () => setWanted(true), onPointerDown: () => setWanted(true) } },
  }));
  useEffect(
    () =>
      whenIdle(
        () =>
          void kit.prefetch().then(
            () => setWanted(true),
            () => undefined,
          ),
      ),
    [],
  );
  return (
    <DndStateContext.Provider value={state}>
      {children}
      <OnDemand when={wanted}>
        <LibraryDndKit
          items={items}
          draggedItems={callbacks.draggedItems}
          onDrop={callbacks.onDrop}
          slots={state.slots}
        />
      </OnDemand>
    </DndStateContext.Provider>
  );
}

/** One draggable card or row; folders that take drops are drop targets too. */
export function DragItem({
  asset,
  children,
}: {
  asset: AssetItem;
  children: (drag: DragProps) => ReactNode;
}) {
  const state = useContext(DndStateContext);
  const [drag, setDrag] = useState<DragProps | null>(null);
  useLayoutEffect(() => state?.slots.add({ asset, set: setDrag }), [state, asset]);
  return children(drag ?? state?.unbound ?? {});
}
