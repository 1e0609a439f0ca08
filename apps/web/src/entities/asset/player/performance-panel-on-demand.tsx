import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PerformancePanelProps } from './performance-panel';

const LazyPerformancePanel = lazy(async () => ({
  default: (await import('./performance-panel')).PerformancePanel,
}));

/** The player's performance tab: its code loads when the tab first opens. */
export function PerformancePanel(props: PerformancePanelProps) {
  return (
    <Suspense
      fallback={
        <Stack gap="sm">
          <Skeleton height={30} width="50%" />
          <SimpleGrid cols={2} spacing="xs">
            <Skeleton height={52} radius="sm" />
            <Skeleton height={52} radius="sm" />
          </SimpleGrid>
        </Stack>
      }
    >
      <LazyPerformancePanel {...props} />
    </Suspense>
  );
}
