import { Group, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BoardLocationsPanelProps } from './board-locations-panel';

const LazyBoardLocationsPanel = lazy(async () => ({
  default: (await import('./board-locations-panel')).BoardLocationsPanel,
}));

/** The player's boards tab: its code loads when the tab first opens. */
export function BoardLocationsPanel(props: BoardLocationsPanelProps) {
  return (
    <Suspense
      fallback={
        <Stack gap="xs">
          <Skeleton height={12} width="40%" />
          <Group gap="sm" wrap="nowrap">
            <Skeleton width={40} height={40} radius="sm" />
            <Skeleton height={10} style={{ flex: 1 }} />
          </Group>
        </Stack>
      }
    >
      <LazyBoardLocationsPanel {...props} />
    </Suspense>
  );
}
