import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CommentsPanelProps } from './comments-panel';

const LazyCommentsPanel = lazy(async () => ({ default: (await import('./comments-panel')).CommentsPanel }));

/** The comments tab's code loads when the tab first opens. */
export function CommentsPanel(props: CommentsPanelProps) {
  return (
    <Suspense
      fallback={
        <Stack gap="xs">
          <Skeleton height={72} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      }
    >
      <LazyCommentsPanel {...props} />
    </Suspense>
  );
}
