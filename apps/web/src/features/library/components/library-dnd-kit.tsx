import {
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { DRAG_ACTIVATION_DISTANCE_PX, DRAG_HOVER_SELECT_MS, interpolate } from '@hookline/contract';
import { Paper, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { libraryTexts } from '@/config/texts/library';
import type { AssetItem } from '@/entities/asset/api/keys';
import type { DragProps } from '@/entities/asset/components/asset-card';
import { AssetTypeIcon } from '@/entities/asset/components/asset-icon';
import { isSelectable } from '@/entities/asset/hooks/use-selection';
import { isDropTarget } from '../../../entities/asset/utils/drop-target';
import type { DragSlot, DragSlots } from './library-dnd';

const t = libraryTexts.library;

/**
 * Drag and drop in the library (000 §9): a drag starts after 15 px; hovering a folder for
 * 500 ms marks it as the target; dropping on a folder moves the dragged item, or the
 * selection when the dragged item is selected. Loaded on demand by library-dnd.tsx: it binds
 * the cards on screen (their slots) beside them rather than around them.
 */
export const LibraryDndKit = memo(function LibraryDndKit({
  items,
  draggedItems,
  onDrop,
  slots,
}: {
  items: AssetItem[];
  draggedItems: (asset: AssetItem) => AssetItem[];
  onDrop: (moved: AssetItem[], folder: AssetItem) => void;
  slots: DragSlots;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
  );
  const [active, setActive] = useState<AssetItem[] | null>(null);
  const [hoverTarget, setHoverTarget] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bound = useSyncExternalStore(slots.subscribe, slots.getSnapshot);
  const byId = (id: unknown) => items.find((item) => item.id === id);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the hover timer on unmount only.
  useEffect(() => stopTimer, []);

  const onDragStart = (event: DragStartEvent) => {
    const asset = byId(event.active.id);
    setActive(asset ? draggedItems(asset) : null);
  };
  const onDragOver = (event: DragOverEvent) => {
    stopTimer();
    setHoverTarget(null);
    const overId = event.over?.id;
    if (overId) timer.current = setTimeout(() => setHoverTarget(String(overId)), DRAG_HOVER_SELECT_MS);
  };
  const onDragEnd = (event: DragEndEvent) => {
    stopTimer();
    setHoverTarget(null);
    const moved = active ?? [];
    setActive(null);
    const folder = byId(event.over?.id);
    if (!folder || !isDropTarget(folder)) return;
    const toMove = moved.filter((item) => item.id !== folder.id);
    if (toMove.length > 0) onDrop(toMove, folder);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        stopTimer();
        setActive(null);
        setHoverTarget(null);
      }}
      accessibility={{ restoreFocus: false }}
    >
      {bound.map((slot) => (
        <DragBinding key={slot.asset.id} slot={slot} hoverTarget={hoverTarget} />
      ))}
      <DragOverlay dropAnimation={null}>
        {active && active.length > 0 && (
          <Paper
            shadow="md"
            radius="md"
            px="sm"
            py={6}
            withBorder
            style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}
          >
            <AssetTypeIcon type={(active[0] as AssetItem).type} size={16} />
            <Text size="sm" fw={500}>
              {active.length === 1
                ? (active[0] as AssetItem).name
                : interpolate(t.items, { count: active.length })}
            </Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
});

/** Binds one card or row: draggable, and a drop target when it is a folder that takes drops. */
const DragBinding = memo(function DragBinding({
  slot,
  hoverTarget,
}: {
  slot: DragSlot;
  hoverTarget: string | null;
}) {
  const { asset, set } = slot;
  // Uploading and failed items cannot be dragged (000 §4 "Upload").
  const draggable = useDraggable({ id: asset.id, disabled: !isSelectable(asset) });
  const droppable = useDroppable({ id: asset.id, disabled: !isDropTarget(asset) || draggable.isDragging });
  const { setNodeRef: setDragNode, listeners, isDragging } = draggable;
  const { setNodeRef: setDropNode, isOver } = droppable;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setDragNode(node);
      setDropNode(node);
    },
    [setDragNode, setDropNode],
  );
  const isTarget = isOver && hoverTarget === asset.id;
  useLayoutEffect(() => {
    // data-drag-ready: the item is bound and takes a drag (browser journeys wait for it).
    const attributes = { ...listeners, 'data-drag-ready': '' } as DragProps['attributes'];
    set({ ref, attributes, isDragging, isOver, isTarget });
  }, [set, ref, listeners, isDragging, isOver, isTarget]);
  useLayoutEffect(() => () => set(null), [set]);
  return null;
});
