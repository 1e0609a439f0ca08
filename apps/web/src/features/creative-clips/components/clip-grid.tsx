import { type CreativeClip, PREFETCH_WINDOW, SKELETON_COUNT } from '@hookline/contract';
import { Skeleton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect } from 'react';
import { useGridBox } from '@/hooks/use-grid-box';
import { useStableCallbacks } from '@/hooks/use-stable-callbacks';
import { ClipCard } from './clip-card';
import classes from './clips.module.css';

const CARD_MIN_PX = 240;
const GRID_GAP_PX = 16;
const OVERSCAN_ROWS = 3;
/** Chips, two lines of quote and the name under the 16:10 poster (the first estimate; rows are measured). */
const CARD_TEXT_PX = 112;

/**
 * The clips as a virtualised grid (000 §8): only the rows near the viewport are in the DOM, and
 * the next page (40 clips) loads as the last rendered row nears the end of the loaded ones.
 */
export function ClipGrid({
  clips,
  loading,
  scrollRef,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  showHook,
  onOpen,
}: {
  clips: CreativeClip[];
  loading: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  showHook: boolean;
  onOpen: (clip: CreativeClip) => void;
}) {
  const { ref, width, offset } = useGridBox(scrollRef);
  const columns = Math.max(1, Math.floor((width + GRID_GAP_PX) / (CARD_MIN_PX + GRID_GAP_PX)));
  const skeletons = loading ? SKELETON_COUNT : isFetchingNextPage ? columns : 0;
  const cellCount = (loading ? 0 : clips.length) + skeletons;
  const rowCount = Math.ceil(cellCount / columns);
  const cardWidth = (width - GRID_GAP_PX * (columns - 1)) / columns;
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => Math.round((cardWidth * 10) / 16 + CARD_TEXT_PX + GRID_GAP_PX),
    overscan: OVERSCAN_ROWS,
    scrollMargin: offset,
    initialRect: { width: 1000, height: 800 },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout values are the trigger, not inputs.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, columns, cardWidth]);
  const rows = virtualizer.getVirtualItems();
  const lastCell = ((rows[rows.length - 1]?.index ?? -1) + 1) * columns;
  useEffect(() => {
    if (!loading && hasNextPage && !isFetchingNextPage && lastCell >= clips.length - PREFETCH_WINDOW)
      fetchNextPage();
  }, [loading, hasNextPage, isFetchingNextPage, lastCell, clips.length, fetchNextPage]);
  const callbacks = useStableCallbacks({ open: onOpen });

  const cell = (index: number) => {
    const clip = loading ? undefined : clips[index];
    if (!clip)
      return (
        <div key={`skeleton-${index}`} data-testid="clip-skeleton">
          <Skeleton style={{ aspectRatio: '16 / 10' }} radius="md" />
          <Skeleton height={14} mt={10} width="40%" />
          <Skeleton height={10} mt={8} width="90%" />
          <Skeleton height={10} mt={6} width="60%" />
        </div>
      );
    return <ClipCard key={clip.id} clip={clip} showHook={showHook} onOpen={callbacks.open} />;
  };

  return (
    <div
      ref={ref}
      aria-busy={loading || isFetchingNextPage}
      data-testid="clip-grid"
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const first = row.index * columns;
        const cells = Array.from({ length: columns }, (_, i) => first + i).filter((i) => i < cellCount);
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={classes.row}
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {cells.map((i) => (
              <div key={i} style={{ minWidth: 0 }}>
                {cell(i)}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
